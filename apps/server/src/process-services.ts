import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { openDataRights, type DataRights } from './data-rights/open-data-rights.ts';
import { engineImageInspector } from './engine/engine-image-inspector.ts';
import { WorkerRenderer } from './jobs/worker-renderer.ts';
import { openPublicApi, type PublicApi } from './public-api.ts';
import type { Runtime } from './runtime.ts';
import { openScheduledJobs, type ScheduledJobs } from './scheduled/open-scheduled-jobs.ts';
import type { Storage } from './storage/open-storage.ts';
import { openVideoPipeline, type VideoPipeline } from './video-pipeline.ts';

/** Everything a server or a worker runs besides HTTP, wired the same way in both. */
export interface ProcessServices {
  videoPipeline: VideoPipeline;
  publicApi: PublicApi;
  dataRights: DataRights;
  scheduledJobs: ScheduledJobs;
}

export async function openProcessServices(
  config: Config,
  runtime: Runtime,
  logger: Logger,
  options: {
    /** Whether this process works queued jobs (always without Redis; workers always). */
    worksJobs: boolean;
    /** Storage already opened (and checked) by the caller; else opened here. */
    storage?: Storage;
  },
): Promise<ProcessServices> {
  const { worksJobs } = options;
  const logTo = (component: string) => {
    const log = logger.child({ component });
    return {
      info: (details: object, message: string) => log.info(details, message),
      warn: (details: object, message: string) => log.warn(details, message),
      error: (details: object, message: string) => log.error(details, message),
    };
  };
  const videoPipeline = await openVideoPipeline(
    config,
    runtime,
    {
      ...(options.storage ? { storage: options.storage } : {}),
      renderer: new WorkerRenderer(config.render.concurrency, {
        ffmpegPath: config.render.ffmpegPath,
        faceDetection: config.render.faceDetection,
        idleExitMs: config.render.workerIdleMs,
      }),
      inspector: engineImageInspector,
      log: logTo('render-jobs'),
    },
    { worksJobs },
  );
  const publicApi = openPublicApi(config, runtime, videoPipeline, {
    worksJobs,
    log: logTo('webhooks'),
  });
  const dataRights = openDataRights(config, runtime, videoPipeline, {
    audit: runtime.audit,
    readAuditLog: (accountId) => runtime.audit.all(accountId),
    // Retention deletes accounts wherever it runs, which cancels a running subscription first.
    business: runtime.business,
    worksJobs,
    log: logTo('data-rights'),
  });
  const scheduledJobs = openScheduledJobs(config, runtime, publicApi, {
    audit: runtime.audit,
    retentionActions: {
      deleteAccount: (userId) => dataRights.accountDeletion.deleteAccount(userId),
      deleteVideo: (userId, videoId) => dataRights.videoDeletion.deleteVideo(userId, videoId),
      removeExpiredExports: (now) => dataRights.exports.removeExpiredExports(now),
    },
    worksJobs,
    log: logger.child({ component: 'scheduled-jobs' }),
  });
  return { videoPipeline, publicApi, dataRights, scheduledJobs };
}
