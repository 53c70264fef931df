import type { AuditEntry, AuditTrail } from '../audit/audit-trail.ts';
import type { Runtime } from '../runtime.ts';
import type { RetentionActions } from '../scheduled/retention.service.ts';

/** Keeps every audit entry it is given, for tests of the services that record them. */
export class RecordingAuditTrail implements AuditTrail {
  readonly entries: AuditEntry[] = [];

  record(entry: AuditEntry): Promise<void> {
    this.entries.push(entry);
    return Promise.resolve();
  }
}

/**
 * Retention's deletions, recorded. An account deletion removes the account row (and with it
 * everything that cascades), as the real deletion does; `failVideo` makes one video's deletion
 * fail as a crash would.
 */
export class RecordingRetentionActions implements RetentionActions {
  readonly deletedAccounts: string[] = [];
  readonly deletedVideos: string[] = [];
  readonly exportSweeps: Date[] = [];
  failVideo: string | null = null;

  constructor(private readonly runtime: Runtime) {}

  async deleteAccount(userId: string): Promise<void> {
    this.deletedAccounts.push(userId);
    await this.runtime.database.db.deleteFrom('user').where('id', '=', userId).execute();
  }

  deleteVideo(_userId: string, videoId: string): Promise<void> {
    if (videoId === this.failVideo) return Promise.reject(new Error('storage unreachable'));
    this.deletedVideos.push(videoId);
    return Promise.resolve();
  }

  removeExpiredExports(now: Date): Promise<number> {
    this.exportSweeps.push(now);
    return Promise.resolve(0);
  }
}

export const QUIET_LOG = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
