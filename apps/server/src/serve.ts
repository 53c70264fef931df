import type { Server } from 'node:net';
import { buildApp } from './app.ts';
import { startAdminSocket } from './admin/admin-socket.ts';
import { ConfigError, type Config } from './config.ts';
import { DataFolderInUseError } from './db/data-folder-lock.ts';
import { assertRedisReachable } from './jobs/bullmq/redis-connection.ts';
import { openProcessServices } from './process-services.ts';
import { openRuntime } from './runtime.ts';
import { createLogger } from './logger.ts';
import { openStorage } from './storage/open-storage.ts';
import { StorageUnavailableError } from './storage/s3/s3-bucket-check.ts';

/** Everything `npm start` runs once its configuration has been read and checked (main.ts). */
async function serve(config: Config): Promise<void> {
  if (config.queue.redisUrl !== null) await assertRedisReachable(config.queue.redisUrl);
  // A bucket that cannot be used stops the start before the database is touched.
  const storage = await openStorage(config);
  const runtime = await openRuntime(config, { ownsDataFolder: true });
  const logger = createLogger(config.log);
  const { videoPipeline, publicApi, dataRights, scheduledJobs } = await openProcessServices(
    config,
    runtime,
    logger,
    { storage, worksJobs: config.queue.redisUrl === null || config.queue.runWorkers },
  );
  const app = await buildApp({
    config,
    auth: runtime.auth,
    profiles: runtime.profiles,
    // Team routes are served only where teams are open (CLINIC_TEAMS).
    clinicMembers: config.accounts.clinicTeams ? runtime.clinicMembers : undefined,
    audit: runtime.audit,
    isDatabaseReady: runtime.database.isReady,
    videoPipeline,
    publicApi,
    dataRights,
    business: runtime.business,
    metrics: runtime.metrics,
    logger,
  });
  runtime.metrics.collectProcessMetrics();
  const adminSocket: Server | undefined =
    config.database.kind === 'pglite'
      ? await startAdminSocket(config.dataDir, runtime.admin)
      : undefined;

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    try {
      adminSocket?.close();
      await app.close();
      await scheduledJobs.close();
      await publicApi.close();
      await dataRights.close();
      await videoPipeline.close();
      await runtime.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  scheduledJobs.start();
  app.log.info(
    { database: config.database.kind, storage: config.storage.kind, dataDir: config.dataDir },
    `Glowreel is running on ${config.publicUrl}`,
  );
}

/** Serves until a signal stops it; a start that cannot go on ends the process with a message. */
export function startServing(config: Config): void {
  serve(config).catch((error: unknown) => {
    if (
      error instanceof ConfigError ||
      error instanceof DataFolderInUseError ||
      error instanceof StorageUnavailableError
    ) {
      console.error(error.message);
    } else {
      console.error('Glowreel failed to start:', error);
    }
    process.exit(1);
  });
}
