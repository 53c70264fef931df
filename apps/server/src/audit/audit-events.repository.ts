import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { personalClinicIdOf } from '../clinics/clinics.repository.ts';
import type { AuditEventsTable, Database } from '../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

export type AuditEventRow = Selectable<AuditEventsTable>;

/** An event row with who acted, as the account knows them now (name, e-mail, key name). */
export interface AuditEventListRow extends AuditEventRow {
  actor_name: string | null;
  actor_email: string | null;
  api_key_name: string | null;
  api_key_prefix: string | null;
}

/** In place of a clinic id: the personal clinic of the event's account. */
export const PERSONAL_CLINIC = Symbol('the personal clinic of the account');

export interface NewAuditEvent {
  accountId: string;
  /** The clinic the event was done for (null: none). */
  clinicId: string | null | typeof PERSONAL_CLINIC;
  kind: string;
  actorKind: string;
  actorUserId: string | null;
  actorApiKeyId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  targetType: string | null;
  targetId: string | null;
  details: string;
}

/**
 * Whose events: an account's own (the operator's CLI, the data export), or a clinic's as a
 * member reads them, with the member's own events of no clinic (a failed sign-in) when the
 * clinic is their personal one.
 */
export type AuditEventScope = { accountId: string } | { clinicId: string; memberId: string };

export interface AuditEventQuery {
  kind: string | null;
  /** Only events older than this id (the page cursor). */
  beforeId: string | null;
  /** Only events newer than this id (paging back towards the newest). */
  afterId: string | null;
  limit: number;
}

/**
 * Purges an account's audit events: the one path the table's trigger lets delete rows, for an
 * account deleted for good (account deletion, retention). Only its events of no clinic and of
 * `clinicIds` (the clinics deleted with it): what it did in a clinic that remains is that
 * clinic's record (issue #21: the log names the member) and stays, naming it by its bare id.
 * The setting is LOCAL, so it ends with `transaction` and never leaks into another statement
 * on the same connection.
 */
export async function purgeAccountAuditEvents(
  transaction: Transaction<Database>,
  accountId: string,
  clinicIds: readonly string[],
): Promise<number> {
  await sql`set local glowreel.audit_purge = 'on'`.execute(transaction);
  const result = await transaction
    .deleteFrom('audit_events')
    .where('account_id', '=', accountId)
    .where((eb) =>
      eb.or([
        eb('clinic_id', 'is', null),
        ...(clinicIds.length > 0 ? [eb('clinic_id', 'in', clinicIds)] : []),
      ]),
    )
    .executeTakeFirst();
  await sql`set local glowreel.audit_purge = 'off'`.execute(transaction);
  return Number(result.numDeletedRows);
}

/** The audit_events table: inserts and reads only (the database refuses anything else). */
export class AuditEventsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(event: NewAuditEvent, executor: Executor = this.db): Promise<void> {
    await executor
      .insertInto('audit_events')
      .values({
        account_id: event.accountId,
        clinic_id:
          event.clinicId === PERSONAL_CLINIC ? personalClinicIdOf(event.accountId) : event.clinicId,
        kind: event.kind,
        actor_kind: event.actorKind,
        actor_user_id: event.actorUserId,
        actor_api_key_id: event.actorApiKeyId,
        ip_address: event.ipAddress,
        user_agent: event.userAgent,
        target_type: event.targetType,
        target_id: event.targetId,
        details: event.details,
      })
      .execute();
  }

  /** One page of the scope's events, newest first (oldest first when paging with afterId). */
  list(scope: AuditEventScope, query: AuditEventQuery): Promise<AuditEventListRow[]> {
    let select = this.db
      .selectFrom('audit_events')
      .leftJoin('user', 'user.id', 'audit_events.actor_user_id')
      .leftJoin('api_keys', 'api_keys.id', 'audit_events.actor_api_key_id')
      .selectAll('audit_events')
      .select([
        'user.name as actor_name',
        'user.email as actor_email',
        'api_keys.name as api_key_name',
        'api_keys.prefix as api_key_prefix',
      ])
      .where((eb) => {
        if ('accountId' in scope) return eb('audit_events.account_id', '=', scope.accountId);
        const { clinicId, memberId } = scope;
        return eb.or([
          eb('audit_events.clinic_id', '=', clinicId),
          eb.and([
            eb('audit_events.clinic_id', 'is', null),
            eb('audit_events.account_id', '=', memberId),
            eb.exists(
              eb
                .selectFrom('organization')
                .select('organization.id')
                .where('organization.id', '=', clinicId)
                .where('organization.personalOwnerId', '=', memberId),
            ),
          ]),
        ]);
      });
    if (query.kind !== null) select = select.where('audit_events.kind', '=', query.kind);
    if (query.beforeId !== null) select = select.where('audit_events.id', '<', query.beforeId);
    if (query.afterId !== null) select = select.where('audit_events.id', '>', query.afterId);
    const direction = query.afterId !== null ? 'asc' : 'desc';
    return select.orderBy('audit_events.id', direction).limit(query.limit).execute();
  }
}
