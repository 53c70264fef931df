import {
  AUDIT_EVENT_KINDS,
  AUDIT_TARGET_TYPES,
  type AuditEvent,
  type AuditEventKind,
  type AuditLogPage,
  type AuditLogQuery,
  type AuditTargetType,
} from '@glowreel/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import {
  PERSONAL_CLINIC,
  type AuditEventListRow,
  type AuditEventScope,
  type AuditEventsRepository,
} from './audit-events.repository.ts';
import { actingClinicId } from './audit-scope.ts';
import type { AuditEntry, AuditTrail } from './audit-trail.ts';

/** A user agent is evidence, not an essay: anything longer is cut to this. */
const MAX_USER_AGENT_LENGTH = 512;
const MAX_IP_LENGTH = 64;

function clip(value: string | null | undefined, length: number): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, length) : null;
}

function isKnown<T extends string>(list: readonly T[], value: string | null): value is T {
  return value !== null && (list as readonly string[]).includes(value);
}

/** Who acted, in the words the clinic reads on its dashboard. */
function actorLabel(row: AuditEventListRow): string {
  switch (row.actor_kind) {
    case 'system':
      return 'Glowreel';
    case 'api_key':
      if (row.actor_api_key_id === null) return 'Signed download link';
      return row.api_key_name
        ? `API key "${row.api_key_name}" (${row.api_key_prefix ?? ''}…)`
        : 'API key';
    default:
      if (row.actor_email) {
        return row.actor_name ? `${row.actor_name} (${row.actor_email})` : row.actor_email;
      }
      return 'Unknown person';
  }
}

function parseDetails(text: string): AuditEvent['details'] {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as AuditEvent['details']) : {};
  } catch {
    return {};
  }
}

function toEvent(row: AuditEventListRow): AuditEvent {
  const targetType = row.target_type;
  return {
    id: String(row.id),
    kind: row.kind as AuditEventKind,
    occurredAt: new Date(row.created_at).toISOString(),
    actor: {
      kind: row.actor_kind as AuditEvent['actor']['kind'],
      userId: row.actor_user_id,
      apiKeyId: row.actor_api_key_id,
      label: actorLabel(row),
    },
    ipAddress: row.ip_address,
    userAgent: row.user_agent,
    target:
      isKnown<AuditTargetType>(AUDIT_TARGET_TYPES, targetType) && row.target_id !== null
        ? { type: targetType, id: row.target_id }
        : null,
    details: parseDetails(row.details),
  };
}

/**
 * The audit log (issue #18 §4): every service records through `record`; the dashboard, the
 * operator's CLI and the export read an account's own events through `page`.
 */
export class AuditLog implements AuditTrail {
  constructor(private readonly events: AuditEventsRepository) {}

  async record(entry: AuditEntry, transaction?: Transaction<Database>): Promise<void> {
    // A kind outside the list (a cast, a stale caller) would be unreadable by every reader.
    const kind: string = entry.kind;
    if (!isKnown<AuditEventKind>(AUDIT_EVENT_KINDS, kind)) {
      throw new Error(`unknown audit event kind ${kind}`);
    }
    await this.events.insert(
      {
        accountId: entry.accountId,
        clinicId:
          entry.clinicId === undefined ? (actingClinicId() ?? PERSONAL_CLINIC) : entry.clinicId,
        kind: entry.kind,
        actorKind: entry.actor.kind,
        actorUserId: entry.actor.userId ?? null,
        actorApiKeyId: entry.actor.apiKeyId ?? null,
        ipAddress: clip(entry.actor.ipAddress, MAX_IP_LENGTH),
        userAgent: clip(entry.actor.userAgent, MAX_USER_AGENT_LENGTH),
        targetType: entry.target?.type ?? null,
        targetId: entry.target?.id ?? null,
        details: JSON.stringify(entry.details ?? {}),
      },
      transaction,
    );
  }

  /** Every event of the account, newest first: the audit log section of its data export. */
  async all(accountId: string): Promise<AuditEvent[]> {
    const batch = 500;
    const events: AuditEvent[] = [];
    let beforeId: string | null = null;
    for (;;) {
      const rows = await this.events.list(
        { accountId },
        {
          kind: null,
          beforeId,
          afterId: null,
          limit: batch,
        },
      );
      events.push(...rows.map(toEvent));
      const oldest = rows.at(-1);
      if (rows.length < batch || !oldest) return events;
      beforeId = String(oldest.id);
    }
  }

  /** One page of the account's own events (the operator's view), newest first. */
  page(accountId: string, query: AuditLogQuery): Promise<AuditLogPage> {
    return this.pageOf({ accountId }, query);
  }

  /**
   * One page of a clinic's events as `memberId` reads them (issue #21): everything done for
   * the clinic, by whichever member, and in the member's personal clinic their own events of
   * no clinic (a failed sign-in).
   */
  clinicPage(clinic: { clinicId: string; memberId: string }, query: AuditLogQuery) {
    return this.pageOf(clinic, query);
  }

  /** One page of the scope's events, newest first, with cursors to the pages around it. */
  private async pageOf(scope: AuditEventScope, query: AuditLogQuery): Promise<AuditLogPage> {
    const kind = query.kind ?? null;
    const rows = await this.events.list(scope, {
      kind,
      beforeId: query.before ?? null,
      afterId: query.after ?? null,
      limit: query.limit,
    });
    // Paging towards the newest reads upwards from the cursor; the page still reads newest first.
    const newestFirst = query.after ? rows.reverse() : rows;
    const newest = newestFirst[0];
    const oldest = newestFirst.at(-1);
    const exists = async (side: { beforeId: string | null; afterId: string | null }) =>
      (await this.events.list(scope, { kind, ...side, limit: 1 })).length > 0;
    const olderCursor =
      oldest && (await exists({ beforeId: String(oldest.id), afterId: null }))
        ? String(oldest.id)
        : null;
    const newerCursor =
      newest && (await exists({ beforeId: null, afterId: String(newest.id) }))
        ? String(newest.id)
        : null;
    return { events: newestFirst.map(toEvent), olderCursor, newerCursor };
  }
}
