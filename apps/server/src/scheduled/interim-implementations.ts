import type { AuditEntry, AuditTrail } from '../audit/audit-trail.ts';
import type { RetentionActions } from './retention.service.ts';

interface Log {
  info: (details: object, message: string) => void;
  warn: (details: object, message: string) => void;
}

/**
 * Writes audit entries to the server log until the audit log table (issue #18 §4) is wired
 * in its place in open-scheduled-jobs' caller.
 */
export class LoggedAuditTrail implements AuditTrail {
  constructor(private readonly log: Log) {}

  record(entry: AuditEntry): Promise<void> {
    this.log.info({ audit: entry }, `audit: ${entry.kind}`);
    return Promise.resolve();
  }
}

/**
 * Stands in for the account and video deletion services (issue #18 §2) until they are wired.
 * A deletion it cannot do fails, so retention leaves the account or video due and tries it
 * again the next day instead of marking it done; there are no exports to remove yet.
 */
export class UnavailableRetentionActions implements RetentionActions {
  constructor(private readonly log: Log) {}

  deleteAccount(userId: string): Promise<void> {
    return Promise.reject(new Error(`account deletion is not available yet (account ${userId})`));
  }

  deleteVideo(_userId: string, videoId: string): Promise<void> {
    return Promise.reject(new Error(`video deletion is not available yet (video ${videoId})`));
  }

  removeExpiredExports(): Promise<number> {
    this.log.warn({}, 'data exports are not available yet: none to remove');
    return Promise.resolve(0);
  }
}
