import { auditLogPageSchema, type AuditEventKind, type AuditLogPage } from '@glowreel/contracts';
import { ApiError, requestJson } from '../../../lib/api-client.ts';

/** Every page and filter of the audit log; invalidated whole after an audited action here. */
export const AUDIT_LOG_QUERY_KEY = ['audit-log'] as const;

/** Events per page on the dashboard: enough for a glance, short enough for a phone. */
export const ACTIVITY_PAGE_SIZE = 10;

export type ActivityCursor = { before: string } | { after: string } | null;

/** GET /api/audit-log: the clinic's own events, newest first. */
export async function fetchAuditLog(
  kind: AuditEventKind | null,
  cursor: ActivityCursor,
): Promise<AuditLogPage> {
  const query = new URLSearchParams({ limit: String(ACTIVITY_PAGE_SIZE) });
  if (kind) query.set('kind', kind);
  if (cursor && 'before' in cursor) query.set('before', cursor.before);
  if (cursor && 'after' in cursor) query.set('after', cursor.after);
  const parsed = auditLogPageSchema.safeParse(
    await requestJson('GET', `/api/audit-log?${query.toString()}`),
  );
  // A reply that does not match the contract is a server fault, not something to show.
  if (!parsed.success) throw new ApiError(500, 'UNEXPECTED_RESPONSE', '');
  return parsed.data;
}
