import type { ColumnType, Generated } from 'kysely';
import type { EngineId, Template } from '@glowreel/contracts';
import type {
  ApiIdempotencyKeysTable,
  ApiKeysTable,
  ApiWebhookSecretsTable,
  WebhookAttemptsTable,
  WebhookDeliveriesTable,
} from './public-api-schema.ts';

// Tables owned by Glowreel. Better Auth owns "user", "session", "account", "verification",
// and through its organization plugin "organization", "member" and "invitation".

/**
 * The clinic (Better Auth organization) that owns a row (issue #21). Written once with the
 * row — the account's personal clinic in this first slice — and never changed afterwards.
 */
export type ClinicIdColumn = ColumnType<string, string, never>;
export interface ProfilesTable {
  user_id: string;
  clinic_id: ClinicIdColumn;
  plan: string;
  status: string;
  videos_remaining: number;
  videos_total: number;
  customer_id: string | null;
  // Null marks a legacy profile written before credits existed (SPEC §3 legacy rule).
  credits_free: number | null;
  credits_bonus: number | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export type CreditBucket = 'free' | 'bonus' | 'plan';
export type LedgerReason =
  | 'signup'
  | 'legacy_backfill'
  | 'reserve'
  | 'commit'
  | 'refund'
  | 'admin_grant'
  // Plan videos granted, adjusted, renewed or ended by billing (issue 6).
  | 'plan_start'
  | 'plan_change'
  | 'plan_renewal'
  | 'plan_end';

export interface CreditLedgerTable {
  id: Generated<string>;
  user_id: string;
  clinic_id: ClinicIdColumn;
  bucket: CreditBucket;
  delta: number;
  reason: LedgerReason;
  reservation_id: string | null;
  note: string | null;
  balance_after: number;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export type ReservationStatus = 'reserved' | 'committed' | 'refunded';

export interface CreditReservationsTable {
  id: string;
  user_id: string;
  clinic_id: ClinicIdColumn;
  bucket: CreditBucket;
  status: ReservationStatus;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  settled_at: Date | null;
  /**
   * JSON list of the bucket of each credit held, when more than one (a generative video);
   * null: the one credit from `bucket`.
   */
  buckets: ColumnType<string | null, string | null | undefined, string | null>;
}

/** 'deleted' (issue #18 §2): files removed, only what the ledger and audit log need kept. */
export type VideoStatus = 'processing' | 'completed' | 'failed' | 'deleted';

export interface VideosTable {
  id: string;
  user_id: string;
  clinic_id: ClinicIdColumn;
  title: string;
  prompt: string;
  status: VideoStatus;
  options: ColumnType<unknown, string, string>;
  width: number;
  height: number;
  stage: Generated<number>;
  progress: Generated<number>;
  reservation_id: string;
  input_path: string | null;
  video_key: string | null;
  thumbnail_key: string | null;
  processing_time_ms: number | null;
  file_size: number | null;
  duration: number | null;
  error_message: string | null;
  /** Why a failed video failed (contracts' RENDER_FAILURE_CODES); null unless failed. */
  error_code: ColumnType<string | null, string | null | undefined, string | null>;
  warnings: ColumnType<unknown, string | undefined, string>;
  provenance: ColumnType<unknown, string | null | undefined, string | null>;
  attempts: Generated<number>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  completed_at: Date | null;
  /** Where the public API posts video.completed / video.failed for this video. */
  webhook_url: ColumnType<string | null, string | null | undefined, string | null>;
  /** The process running this job (a random id per process start); null on old rows. */
  owner_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The owner renews this while it lives; once past, recovery may take the job over. */
  lease_expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The template the video is made with; null on rows from before templates. */
  template: ColumnType<Template | null, Template | null | undefined, Template | null>;
  /** When the clinic (or retention) deleted the video; null while it exists. */
  deleted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Which engine makes the video (issue #20); 'builtin' on every row from before engines. */
  engine: ColumnType<EngineId, EngineId | undefined, EngineId>;
  /** A safety refusal's reason category (contracts' SAFETY_CATEGORIES); null otherwise. */
  safety_category: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the clinic asked to stop this (generative) video; null unless it did. */
  cancel_requested_at: ColumnType<
    Date | null,
    Date | string | null | undefined,
    Date | string | null
  >;
}

/** An owner's acceptance of an engine's notice (issue #20). */
export interface EngineOptInsTable {
  /** The member who last accepted; null once their account is deleted. */
  user_id: string | null;
  clinic_id: ClinicIdColumn;
  engine: EngineId;
  notice_version: string;
  /** The member who accepted (an owner of the clinic). */
  accepted_by: string;
  accepted_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Better Auth's sign-in methods of a user: 'credential' holds the password hash. */
export interface AuthAccountTable {
  id: string;
  userId: string;
  providerId: string;
  password: string | null;
}

/** Better Auth's sessions (the columns the app reads). */
export interface SessionTable {
  id: string;
  token: string;
  userId: string;
  createdAt: Date;
  /** The clinic the session acts for (organization plugin); the personal clinic at sign-in. */
  activeOrganizationId: string | null;
}

/** Better Auth's organizations: Glowreel's clinics (issue #21). */
export interface OrganizationTable {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  metadata: string | null;
  createdAt: Date;
  /** The account whose personal clinic this is (one each); null for a clinic made later. */
  personalOwnerId: string | null;
}

/** Better Auth's memberships: a person's role in a clinic. */
export interface MemberTable {
  id: string;
  organizationId: string;
  userId: string;
  role: string;
  createdAt: Date;
}

/** Better Auth's clinic invitations: pending, accepted, canceled (or rejected). */
export interface InvitationTable {
  id: string;
  organizationId: string;
  email: string;
  role: string | null;
  status: string;
  expiresAt: Date;
  createdAt: Date;
  inviterId: string;
}

/** Better Auth's single-use values (reset tokens); `identifier` holds a SHA-256 digest. */
export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

export interface BillingSubscriptionsTable {
  user_id: string;
  clinic_id: ClinicIdColumn;
  subscription_id: string;
  plan: string;
  status: string;
  cancel_at_period_end: boolean;
  current_period_start: Date | null;
  current_period_end: Date | null;
  videos_period_start: Date | null;
  payment_error: string | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** When a subscription that had granted a paid period ended; retention counts from it. */
  canceled_at: Date | null;
  /** When the retention job e-mailed the deletion warning for that cancellation. */
  deletion_warned_at: Date | null;
}

export interface BillingEventsTable {
  id: string;
  type: string;
  processed_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface DemoRequestsTable {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  message: string | null;
  client_ip: string | null;
  delivery: 'smtp' | 'outbox';
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface MailOutboxTable {
  id: Generated<string>;
  to_address: string;
  reply_to: string | null;
  subject: string;
  body: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface VideoFeedbackTable {
  id: string;
  user_id: string;
  video_id: string;
  rating: 'good' | 'bad';
  category: string | null;
  text: string | null;
  composite_image_hash: string | null;
  user_agent: string | null;
  prompt: string | null;
  client_timestamp: Date | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

/** The brand kit of issue #16 §5; the logo file is brand-logos/<logo_key> in the data folder. */
/** Issue #18 §1: one per video, written with it. */
export interface ConsentRecordsTable {
  id: string;
  video_id: string;
  user_id: string;
  attested_by_user_id: string;
  attested_by_name: string;
  attested_at: ColumnType<Date, Date | string | undefined, never>;
  ip_address: string | null;
  user_agent: string | null;
  patient_reference: string | null;
  /** JSON array of consent channel names. */
  channels: string;
  expires_at: Date | null;
  revoked_at: Date | null;
  revoked_reason: string | null;
  revoked_by_user_id: string | null;
  /** When the daily sweep announced the passed expiry (audit entry, webhook); once. */
  expiry_handled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** Issue #18 §4: the account's append-only audit log (the database refuses changes). */
export interface AuditEventsTable {
  id: Generated<string>;
  account_id: string;
  /** The clinic the event was done for; null for one of no clinic (a failed sign-in). */
  clinic_id: string | null;
  kind: string;
  actor_kind: string;
  actor_user_id: string | null;
  actor_api_key_id: string | null;
  ip_address: string | null;
  user_agent: string | null;
  target_type: string | null;
  target_id: string | null;
  /** JSON object of small facts about the event. */
  details: ColumnType<string, string | undefined, never>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface BrandKitsTable {
  /** The member who last saved it; null once their account is deleted. */
  user_id: string | null;
  clinic_id: ClinicIdColumn;
  clinic_name: string | null;
  contact: string | null;
  accent_color: string;
  typeface: string;
  logo_key: string | null;
  logo_content_type: string | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface ProfilePhotosTable {
  user_id: string;
  photo_key: string;
  content_type: string;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Issue #18 §3: one row per scheduled job and period, the database lock (scheduled/). */
export interface ScheduledRunsTable {
  job: string;
  period: string;
  owner_id: string;
  claimed_at: Date;
  lease_expires_at: Date;
  finished_at: Date | null;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

/** Videos the VIDEO_RETENTION_DAYS policy has deleted (or is deleting), each once. */
export interface RetentionVideoDeletionsTable {
  video_id: string;
  deleted_at: Date;
}

/** What the books keep of a deleted account's credit ledger: totals under an anonymous id. */
export interface DeletedAccountLedgerTotalsTable {
  id: Generated<string>;
  anonymous_account_id: string;
  account_deleted_at: Date;
  bucket: CreditBucket;
  reason: LedgerReason;
  entries: number;
  total_delta: number;
}

export type DataExportStatus = 'building' | 'ready' | 'failed' | 'expired';

/** One "Download my data" zip (issue #18 §2): <DATA_DIR>/exports/<file_key>.zip. */
export interface DataExportsTable {
  id: string;
  user_id: string;
  status: DataExportStatus;
  progress: Generated<number>;
  file_key: string | null;
  file_size: ColumnType<string | null, number | null | undefined, number | null>;
  error_message: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  ready_at: Date | null;
  expires_at: Date | null;
}

export interface Database {
  profiles: ProfilesTable;
  credit_ledger: CreditLedgerTable;
  credit_reservations: CreditReservationsTable;
  engine_opt_ins: EngineOptInsTable;
  user: UserTable;
  account: AuthAccountTable;
  session: SessionTable;
  organization: OrganizationTable;
  member: MemberTable;
  invitation: InvitationTable;
  verification: VerificationTable;
  videos: VideosTable;
  billing_subscriptions: BillingSubscriptionsTable;
  billing_events: BillingEventsTable;
  demo_requests: DemoRequestsTable;
  mail_outbox: MailOutboxTable;
  video_feedback: VideoFeedbackTable;
  api_keys: ApiKeysTable;
  api_idempotency_keys: ApiIdempotencyKeysTable;
  api_webhook_secrets: ApiWebhookSecretsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  brand_kits: BrandKitsTable;
  consent_records: ConsentRecordsTable;
  profile_photos: ProfilePhotosTable;
  scheduled_runs: ScheduledRunsTable;
  retention_video_deletions: RetentionVideoDeletionsTable;
  audit_events: AuditEventsTable;
  deleted_account_ledger_totals: DeletedAccountLedgerTotalsTable;
  data_exports: DataExportsTable;
}
