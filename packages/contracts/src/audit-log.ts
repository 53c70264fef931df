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
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export const auditEventKindSchema = z.enum(AUDIT_EVENT_KINDS);
