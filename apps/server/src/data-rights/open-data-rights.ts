import path from 'node:path';
import type { AuditTrail } from '../audit/audit-trail.ts';
import type { BusinessServices } from '../billing/open-billing.ts';
import type { Config } from '../config.ts';
import { DataExportsRepository } from '../db/data-exports.repository.ts';
import { DataRightsRepository } from '../db/data-rights.repository.ts';
import { VideosRepository } from '../db/videos.repository.ts';
import type { Runtime } from '../runtime.ts';
import type { VideoStorage } from '../storage/video-storage.ts';
import type { VideoPipeline } from '../video-pipeline.ts';
import { AccountDeletionService } from './account-deletion.service.ts';
import { DataExportJob, type AuditLogReader } from './data-export.job.ts';
import { DataExportService } from './data-export.service.ts';
import { openExportQueue } from './export-queue.ts';
import { VideoDeletionService } from './video-deletion.service.ts';

/** Issue #18 §2: deleting videos and accounts, and exporting an account's data. */
export interface DataRights {
  videoDeletion: VideoDeletionService;
  accountDeletion: AccountDeletionService;
  exports: DataExportService;
  /** Finished export zips (zips/<export id>.zip), kept for 24 hours. */
  exportFiles: VideoStorage;
  /** Waits for exports being built in this process. */
  close: () => Promise<void>;
}

export interface DataRightsAdapters {
  audit: AuditTrail;
  readAuditLog: AuditLogReader;
  /** Absent in processes without billing: no subscription to cancel. */
  business?: BusinessServices;
  /** Scale mode: whether this process builds exports from the queue (default true). */
  worksJobs?: boolean;
  log: {
    info: (details: object, message: string) => void;
    error: (details: object, message: string) => void;
  };
}

const EXPORT_GIVEN_UP_MESSAGE =
  'The export could not be built. Nothing was lost: please ask for a new one.';

export function openDataRights(
  config: Config,
  runtime: Runtime,
  pipeline: VideoPipeline,
  adapters: DataRightsAdapters,
): DataRights {
  const db = runtime.database.db;
  const rows = new DataRightsRepository(db);
  const exportsRepository = new DataExportsRepository(db);
  const { exportFiles } = pipeline;
  const { audit, log } = adapters;
  const job = new DataExportJob({
    exports: exportsRepository,
    rows,
    readAuditLog: adapters.readAuditLog,
    videoFiles: pipeline.storage,
    exportFiles,
    scratchDir: path.join(config.dataDir, 'tmp', 'exports'),
    log,
  });
  // Built in this process, one after another; close() waits for the one being built.
  let running: Promise<void> = Promise.resolve();
  const exportQueue = openExportQueue(config, {
    worksJobs: adapters.worksJobs ?? true,
    build: (exportId) => job.run(exportId),
    giveUp: (exportId) => exportsRepository.markFailed(exportId, EXPORT_GIVEN_UP_MESSAGE),
    log,
  });
  const schedule = (exportId: string) => {
    if (exportQueue) {
      // Never "building" for ever: an export Redis did not take ends failed at once.
      exportQueue.add(exportId).catch(async (error: unknown) => {
        log.error({ exportId, err: error }, 'data export could not be queued');
        await exportsRepository.markFailed(exportId, EXPORT_GIVEN_UP_MESSAGE);
      });
      return;
    }
    running = running
      .then(() => job.run(exportId))
      .catch((error: unknown) => log.error({ exportId, err: error }, 'data export crashed'));
  };
  const billing = adapters.business?.billing;
  return {
    videoDeletion: new VideoDeletionService({
      videos: new VideosRepository(db),
      rows,
      storage: pipeline.storage,
      audit,
      log,
    }),
    accountDeletion: new AccountDeletionService({
      rows,
      verifyPassword: async (hash, password) =>
        (await runtime.auth.$context).password.verify({ hash, password }),
      cancelSubscription: (userId) =>
        billing ? billing.cancelForDeletedAccount(userId) : Promise.resolve(),
      videoFiles: pipeline.storage,
      logos: pipeline.keptFiles.logos,
      photos: pipeline.keptFiles.photos,
      exportFiles: { remove: (key) => exportFiles.delete(key) },
      forgetSessions: (tokens) => {
        for (const token of tokens) runtime.auth.sessionCache.revoke(token);
      },
      audit,
      log,
    }),
    exports: new DataExportService({
      exports: exportsRepository,
      rows,
      exportFiles,
      schedule,
      audit,
    }),
    exportFiles,
    close: async () => {
      await running;
      await exportQueue?.close();
    },
  };
}
