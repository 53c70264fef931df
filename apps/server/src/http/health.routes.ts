import type { FastifyInstance } from 'fastify';

export function registerHealthRoutes(
  app: FastifyInstance,
  isDatabaseReady: () => Promise<boolean>,
): void {
  app.get('/healthz', () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const ready = await isDatabaseReady();
    return reply
      .status(ready ? 200 : 503)
      .send(
        ready
          ? { status: 'ready' }
          : { error: { code: 'service_unavailable', message: 'The database does not answer.' } },
      );
  });
}
