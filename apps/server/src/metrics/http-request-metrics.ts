import type { FastifyInstance } from 'fastify';
import { UNMATCHED_ROUTE } from './metric-labels.ts';
import type { HttpMetrics } from './metrics.ts';

/**
 * Times every answered request under its route's pattern (`/api/videos/:id`), never its URL:
 * ids in labels would make a series per video and leak them to whoever reads the metrics.
 */
export function recordHttpRequests(app: FastifyInstance, metrics: HttpMetrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.requestServed({
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      statusCode: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
    });
    done();
  });
}
