import { isWellFormedId, type DataExport } from '@glowreel/contracts';
import type { AuditActor, AuditTrail } from '../audit/audit-trail.ts';
import type { DataExportRow, DataExportsRepository } from '../db/data-exports.repository.ts';
import type { DataRightsRepository } from '../db/data-rights.repository.ts';
import { AppError } from '../errors.ts';
import type { VideoStorage } from '../storage/video-storage.ts';

export interface DataExportServiceDependencies {
  exports: Pick<
    DataExportsRepository,
    | 'insertBuilding'
    | 'findById'
    | 'findLatestForUser'
    | 'failStale'
    | 'listExpired'
    | 'markExpired'
  >;
  rows: Pick<DataRightsRepository, 'findUser'>;
  exportFiles: Pick<VideoStorage, 'delete'>;
  /** Starts building the export in the background (in process, or on a queue). */
  schedule: (exportId: string) => void;
  audit: AuditTrail;
  now?: () => Date;
}

/** An export still building after this long was left by a process that stopped. */
const STALE_BUILD_MS = 60 * 60 * 1000;

/**
 * "Download my data" (issue #18 §2): one export at a time per account, built in the
 * background, offered for 24 hours, then removed by `removeExpiredExports`.
 */
export class DataExportService {
  constructor(private readonly deps: DataExportServiceDependencies) {}

  private now(): Date {
    return (this.deps.now ?? (() => new Date()))();
  }

  async requestExport(userId: string, actor: AuditActor): Promise<DataExport> {
    if (!(await this.deps.rows.findUser(userId))) {
      throw new AppError(
        'account_deleted',
        'This account has been deleted; there is nothing to export.',
      );
    }
    const now = this.now();
    await this.deps.exports.failStale(
      userId,
      new Date(now.getTime() - STALE_BUILD_MS),
      'The export stopped before it was finished. Please request it again.',
    );
    const row = await this.deps.exports.insertBuilding({ id: crypto.randomUUID(), userId });
    if (!row) {
      throw new AppError(
        'export_in_progress',
        'Your data export is already being prepared. Wait for it to finish before asking again.',
      );
    }
    await this.deps.audit.record({
      kind: 'export.requested',
      accountId: userId,
      actor,
      target: { type: 'export', id: row.id },
    });
    this.deps.schedule(row.id);
    return this.toView(row, now);
  }

  async latest(userId: string): Promise<DataExport | null> {
    const row = await this.deps.exports.findLatestForUser(userId);
    return row ? this.toView(row, this.now()) : null;
  }

  async get(userId: string, exportId: string): Promise<DataExport> {
    return this.toView(await this.ownExport(userId, exportId), this.now());
  }

  /** The stored zip's key and a file name, while the export is offered. */
  async download(userId: string, exportId: string): Promise<{ key: string; fileName: string }> {
    const row = await this.ownExport(userId, exportId);
    const view = this.toView(row, this.now());
    if (view.status === 'expired' || !row.file_key) {
      if (view.status === 'building') {
        throw new AppError('export_in_progress', 'Your data export is still being prepared.');
      }
      if (view.status === 'failed') {
        throw new AppError('not_found', 'This export failed; please request a new one.');
      }
      throw new AppError(
        'export_expired',
        'This export is no longer offered (exports are kept for 24 hours). Please request a new one.',
      );
    }
    const day = (row.ready_at ?? row.created_at).toISOString().slice(0, 10);
    return { key: row.file_key, fileName: `glowreel-data-${day}.zip` };
  }

  /** The retention job's entry point: removes zips past their 24 hours; answers how many. */
  async removeExpiredExports(now: Date): Promise<number> {
    const expired = await this.deps.exports.listExpired(now);
    for (const row of expired) {
      if (row.file_key) await this.deps.exportFiles.delete(row.file_key);
      await this.deps.exports.markExpired(row.id);
    }
    return expired.length;
  }

  private async ownExport(userId: string, exportId: string): Promise<DataExportRow> {
    const row = isWellFormedId(exportId) ? await this.deps.exports.findById(exportId) : undefined;
    if (!row || row.user_id !== userId) throw new AppError('not_found', 'No export with this id.');
    return row;
  }

  private toView(row: DataExportRow, now: Date): DataExport {
    // Past its 24 hours a zip is expired at once, even before the clean-up removed it.
    const isExpired =
      row.status === 'expired' ||
      (row.status === 'ready' && row.expires_at !== null && row.expires_at <= now);
    const status = isExpired ? 'expired' : row.status;
    return {
      id: row.id,
      status,
      progress: status === 'building' ? row.progress : status === 'failed' ? 0 : 100,
      createdAt: row.created_at.toISOString(),
      readyAt: row.ready_at?.toISOString() ?? null,
      expiresAt: row.expires_at?.toISOString() ?? null,
      downloadUrl: status === 'ready' ? `/api/account/exports/${row.id}/download` : null,
      fileSize: status === 'ready' && row.file_size !== null ? Number(row.file_size) : null,
      errorMessage: row.error_message,
    };
  }
}
