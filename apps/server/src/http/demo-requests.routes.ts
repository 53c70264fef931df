import { demoRequestSchema } from '@glowreel/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';
import type { DemoRequestsService } from '../services/demo-requests.service.ts';
import { parseBody } from './parse-body.ts';

/**
 * POST /api/schedule-demo. SPEC §7's client reads `success` and `error` (a text), so this
 * route answers `{ success, error }` rather than the API's usual error object.
 */
export async function registerDemoRequestRoutes(
  app: FastifyInstance,
  options: { demoRequests: DemoRequestsService; perHour: number },
): Promise<void> {
  await app.register((scope, _options, done) => {
    scope.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      const status = error instanceof AppError ? error.status : (error.statusCode ?? 500);
      if (status >= 500) request.log.error({ err: error }, 'demo request failed');
      const message =
        status >= 500 ? 'The demo request could not be saved. Please try again.' : error.message;
      return reply.status(status).send({ success: false, error: message });
    });
    scope.post(
      '/api/schedule-demo',
      { config: { rateLimit: { max: options.perHour, timeWindow: '1 hour' } } },
      async (request) => {
        const body = parseBody(demoRequestSchema, request.body);
        await options.demoRequests.submit(body, request.ip);
        return { success: true };
      },
    );
    done();
  });
}
