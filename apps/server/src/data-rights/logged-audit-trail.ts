import type { Transaction } from 'kysely';
import type { AuditEntry, AuditTrail } from '../audit/audit-trail.ts';
import type { Database } from '../db/schema.ts';

/**
 * An audit trail that writes each entry to the process log. Stands in where no audit log table
 * is wired (the log's entries then reach operators, not the clinic's dashboard or export).
 */
export class LoggedAuditTrail implements AuditTrail {
  constructor(private readonly log: { info: (details: object, message: string) => void }) {}

  record(entry: AuditEntry, _transaction?: Transaction<Database>): Promise<void> {
    this.log.info({ audit: entry }, `audit: ${entry.kind}`);
    return Promise.resolve();
  }
}
