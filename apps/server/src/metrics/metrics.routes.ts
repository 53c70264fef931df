import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';
import type { PrometheusMetrics } from './prometheus-metrics.ts';

/**
 * GET /metrics for Prometheus (issue #19 §5), registered only when METRICS_TOKEN is set (else
 * the path is a 404 like any unknown one). The figures tell how busy the service is, so the
 * scraper must send `Authorization: Bearer <METRICS_TOKEN>`.
 */
export function registerMetricsRoutes(
  app: FastifyInstance,
  deps: { metrics: Pick<PrometheusMetrics, 'exposition'>; token: string },
): void {
  const expected = digest(deps.token);
  app.get('/metrics', async (request, reply) => {
    const presented = bearerTokenOf(request.headers.authorization);
    // Compared as digests of equal length, in constant time, so the answer's timing tells
    // nothing about how much of a guess was right.
    if (presented === null || !timingSafeEqual(digest(presented), expected)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError(
        'unauthorized',
        'GET /metrics needs the header "Authorization: Bearer <METRICS_TOKEN>" with the token the server was started with.',
      );
    }
    const { contentType, body } = await deps.metrics.exposition();
    return reply.type(contentType).header('cache-control', 'no-store').send(body);
  });
}

function bearerTokenOf(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
