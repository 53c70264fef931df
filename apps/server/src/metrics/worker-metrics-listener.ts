import Fastify from 'fastify';
import { registerErrorHandling } from '../http/error-handler.ts';
import { registerMetricsRoutes } from './metrics.routes.ts';
import type { PrometheusMetrics } from './prometheus-metrics.ts';

export interface WorkerMetricsListener {
  /** The port it listens on (the one asked for). */
  port: number;
  close(): Promise<void>;
}

/**
 * A worker's GET /metrics (METRICS_PORT): the only path it answers, with the API's route and
 * bearer check, so the render seconds, failures and webhook attempts a worker counts reach
 * Prometheus. Every other path is the usual 404 in the one error shape.
 */
export async function listenForWorkerMetrics(options: {
  host: string;
  port: number;
  token: string;
  metrics: Pick<PrometheusMetrics, 'exposition'>;
}): Promise<WorkerMetricsListener> {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  registerMetricsRoutes(app, { metrics: options.metrics, token: options.token });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({
      error: {
        code: 'not_found',
        message: `A worker answers only GET /metrics, not ${request.method} ${request.url.split('?')[0]}.`,
      },
    }),
  );
  await app.listen({ host: options.host, port: options.port });
  return { port: options.port, close: () => app.close() };
}
