import type { AuditEntry, AuditTrail } from '../audit/audit-trail.ts';

/** Keeps every entry it is given, for tests that check what was recorded. */
export class RecordingAuditTrail implements AuditTrail {
  readonly entries: AuditEntry[] = [];

  record(entry: AuditEntry): Promise<void> {
    this.entries.push(entry);
    return Promise.resolve();
  }

  of(accountId: string): AuditEntry[] {
    return this.entries.filter((entry) => entry.accountId === accountId);
  }
}
