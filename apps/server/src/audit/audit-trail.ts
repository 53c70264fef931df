import type { AuditActorKind, AuditEventKind, AuditTargetType } from '@glowreel/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Who acted, and from where (the request's IP and user agent when there was a request). */
export interface AuditActor {
  kind: AuditActorKind;
  /** The person, for `user`; for `api_key`, the key's owner. */
  userId?: string | null;
  apiKeyId?: string | null;
  ipAddress?: string | null;
  userAgent?: string | null;
}

export interface AuditEntry {
  kind: AuditEventKind;
  /** The account the event is about (its own log for the operator and the data export). */
  accountId: string;
  /**
   * The clinic whose log the event belongs to. Left out, the clinic the request acts for
   * (requireActor), else the account's personal clinic (sign-in, a scheduled job); null for an
   * event of no clinic (a failed sign-in).
   */
  clinicId?: string | null;
  actor: AuditActor;
  target?: { type: AuditTargetType; id: string } | null;
  /** Small facts about the event (plan names, reasons); never photo data or patient names. */
  details?: Readonly<Record<string, string | number | boolean | null>>;
}

/**
 * Where services record what happened. `record` inside `transaction` when the event must stand
 * or fall with the change it describes (a deletion, a revocation); alone otherwise.
 */
export interface AuditTrail {
  record(entry: AuditEntry, transaction?: Transaction<Database>): Promise<void>;
}
