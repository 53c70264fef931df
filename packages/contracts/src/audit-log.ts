import { z } from 'zod';

// Issue #18 §4: the clinic's own append-only record of who did what to its account. One list of
// event kinds for the server that writes them, the dashboard that filters them and the export.

export const AUDIT_EVENT_KINDS = [
  'account.signed_in',
  'account.sign_in_failed',
  'account.password_changed',
  'account.password_reset',
  'account.email_changed',
  'account.session_revoked',
  'account.deleted',
  'api_key.created',
  'api_key.revoked',
  'video.created',
  'video.downloaded',
  'video.deleted',
  'consent.revoked',
  'consent.expired',
  'plan.changed',
  'export.requested',
  // Issue #21: the clinic's team; the target is the member (or invitation) it concerns.
  'team.invitation_sent',
  'team.invitation_cancelled',
  'team.invitation_accepted',
  'team.member_removed',
  'team.role_changed',
  'team.member_left',
  'team.ownership_transferred',
] as const;
export type AuditEventKind = (typeof AUDIT_EVENT_KINDS)[number];

/** Who acted: a signed-in person, an API key, or Glowreel itself (a scheduled job). */
export const AUDIT_ACTOR_KINDS = ['user', 'api_key', 'system'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

/** What the event is about, by id only (never a patient's personal data). */
export const AUDIT_TARGET_TYPES = [
  'account',
  'session',
  'api_key',
  'video',
  'consent',
  'subscription',
  'export',
  'member',
  'invitation',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export const auditEventKindSchema = z.enum(AUDIT_EVENT_KINDS);

/** Readable names for the dashboard, the operator's CLI and the export. */
export const AUDIT_EVENT_LABELS: Readonly<Record<AuditEventKind, string>> = {
  'account.signed_in': 'Signed in',
  'account.sign_in_failed': 'Failed sign-in',
  'account.password_changed': 'Password changed',
  'account.password_reset': 'Password reset',
  'account.email_changed': 'E-mail changed',
  'account.session_revoked': 'Session signed out',
  'account.deleted': 'Account deleted',
  'api_key.created': 'API key created',
  'api_key.revoked': 'API key revoked',
  'video.created': 'Video created',
  'video.downloaded': 'Video downloaded',
  'video.deleted': 'Video deleted',
  'consent.revoked': 'Consent revoked',
  'consent.expired': 'Consent expired',
  'plan.changed': 'Plan changed',
  'export.requested': 'Data export requested',
  'team.invitation_sent': 'Invitation sent',
  'team.invitation_cancelled': 'Invitation cancelled',
  'team.invitation_accepted': 'Invitation accepted',
  'team.member_removed': 'Member removed',
  'team.role_changed': 'Role changed',
  'team.member_left': 'Member left',
  'team.ownership_transferred': 'Ownership transferred',
};

/** Page sizes of GET /api/audit-log. */
export const AUDIT_LOG_PAGE_SIZE = { default: 25, max: 100 } as const;

const auditCursorSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,17}$/, 'must be the before/after cursor of a page this list returned');

/** GET /api/audit-log?kind=&before=&after=&limit= */
export const auditLogQuerySchema = z
  .object({
    kind: z
      .string()
      .optional()
      .transform((kind) => kind || undefined)
      .pipe(
        z
          .enum(AUDIT_EVENT_KINDS, {
            error: (issue) =>
              `Unknown kind ${JSON.stringify(issue.input)}; use one of ${AUDIT_EVENT_KINDS.join(', ')}.`,
          })
          .optional(),
      ),
    before: auditCursorSchema.optional(),
    after: auditCursorSchema.optional(),
    limit: z.coerce
      .number({ error: 'limit must be a whole number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(AUDIT_LOG_PAGE_SIZE.max, `limit can be at most ${AUDIT_LOG_PAGE_SIZE.max}`)
      .default(AUDIT_LOG_PAGE_SIZE.default),
  })
  .refine((query) => !(query.before && query.after), {
    message: 'Send before or after, not both.',
    path: ['before'],
  });
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

export const auditEventSchema = z.object({
  id: z.string(),
  kind: auditEventKindSchema,
  occurredAt: z.string(),
  actor: z.object({
    kind: z.enum(AUDIT_ACTOR_KINDS),
    userId: z.string().nullable(),
    apiKeyId: z.string().nullable(),
    /** A person's name and e-mail, "API key <name> (<prefix>…)", or "Glowreel". */
    label: z.string(),
  }),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  target: z.object({ type: z.enum(AUDIT_TARGET_TYPES), id: z.string() }).nullable(),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditLogPageSchema = z.object({
  events: z.array(auditEventSchema),
  /** Cursor for the next older page (`before=`), or null on the oldest page. */
  olderCursor: z.string().nullable(),
  /** Cursor for the next newer page (`after=`), or null on the newest page. */
  newerCursor: z.string().nullable(),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;
