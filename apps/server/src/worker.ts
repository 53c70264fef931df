import { ConfigError, loadConfig } from './config.ts';
import { assertRedisReachable } from './jobs/bullmq/redis-connection.ts';
import { createLogger } from './logger.ts';
import { listenForWorkerMetrics } from './metrics/worker-metrics-listener.ts';
import { openProcessServices } from './process-services.ts';
import { openRuntime } from './runtime.ts';
import { StorageUnavailableError } from './storage/s3/s3-bucket-check.ts';

/** Issue #19 §5: a stopping worker finishes its renders for this long, then hands them back. */
const SHUTDOWN_GRACE_MS = 60_000;

/**
 * `npm run worker`: renders videos and builds data exports from the BullMQ queues, with no
 * HTTP server (only GET /metrics on METRICS_PORT when that is set), on any machine that
 * reaches the database, Redis and storage. It also sends
 * webhook attempts and runs the scheduled jobs' ticks from their queues (each claimed in the
 * database, so done once across processes).
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env, process.cwd());
  if (config.queue.redisUrl === null || config.database.kind !== 'postgres') {
    throw new ConfigError([
      'REDIS_URL and DATABASE_URL: a render worker needs both (the queue on Redis, the records on PostgreSQL); without them `npm start` renders in its own process',
    ]);
  }
  await assertRedisReachable(config.queue.redisUrl);
  const runtime = await openRuntime(config);
  const logger = createLogger(config.log);
  const services = await openProcessServices(config, runtime, logger, { worksJobs: true });
  const { videoPipeline: pipeline, publicApi, dataRights, scheduledJobs } = services;
  const { token: metricsToken, workerPort: metricsPort } = config.metrics;
  if (metricsToken !== null) runtime.metrics.collectProcessMetrics();
  const metricsListener =
    metricsToken !== null && metricsPort !== null
      ? await listenForWorkerMetrics({
          host: config.host,
          port: metricsPort,
          token: metricsToken,
          metrics: runtime.metrics,
        })
      : null;

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'worker stopping: finishing the renders in hand');
    try {
      const finished = await Promise.race([
        Promise.all([pipeline.queue.close(), dataRights.close()]).then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), SHUTDOWN_GRACE_MS)),
      ]);
      if (!finished) {
        const handed = await pipeline.handBack();
        logger.info({ handed }, 'worker stopping: renders handed back to the queue');
        process.exit(0);
      }
      await metricsListener?.close();
      await scheduledJobs.close();
      await publicApi.close();
      await dataRights.close();
      await pipeline.close();
      await runtime.close();
      logger.info({ signal }, 'worker stopped');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'worker shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  scheduledJobs.start();
  logger.info(
    {
      concurrency: config.render.concurrency,
      owner: pipeline.owner.id,
      metricsPort: metricsListener?.port ?? null,
    },
    'Glowreel worker is running',
  );
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError || error instanceof StorageUnavailableError
      ? error.message
      : `Glowreel worker failed to start: ${String(error)}`,
  );
  process.exit(1);
});
