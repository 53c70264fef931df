import type { RenderSettings } from '@glowreel/contracts';
import type { FastifyInstance } from 'fastify';

/** GET /api/render-settings (public): what the render will do, for the /generate preview. */
export function registerRenderSettingsRoutes(app: FastifyInstance, settings: RenderSettings): void {
  app.get('/api/render-settings', (_request, reply) => {
    // Tiny and read once per visit; no-store so a restart with another FACE_DETECTION shows at once.
    reply.header('cache-control', 'no-store');
    return { faceDetection: settings.faceDetection } satisfies RenderSettings;
  });
}
