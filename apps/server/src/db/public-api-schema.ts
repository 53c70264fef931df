import type { ColumnType, Generated } from 'kysely';
import type { ClinicIdColumn } from './schema.ts';

// Tables of the public API v1 (migration 20261123020000-public-api).
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface ApiKeysTable {
  id: string;
  user_id: string;
  clinic_id: ClinicIdColumn;
  name: string;
  prefix: string;
  key_hash: string;
  created_at: CreatedAt;
  last_used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  revoked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface ApiIdempotencyKeysTable {
  user_id: string;
  clinic_id: ClinicIdColumn;
  key: string;
  request_hash: string;
  response_status: number | null;
  response_body: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface ApiWebhookSecretsTable {
  /** The member who last rotated it; null once their account is deleted. */
  user_id: string | null;
  clinic_id: ClinicIdColumn;
  secret: string;
  rotated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookDeliveriesTable {
  id: string;
  user_id: string;
  clinic_id: ClinicIdColumn;
  video_id: string;
  url: string;
  event_type: string;
  payload: string;
  status: WebhookDeliveryStatus;
  attempts: Generated<number>;
  next_attempt_at: Date | null;
  /** Set while a server is sending it; a claim past this time may be taken over. */
  claimed_until: Date | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface WebhookAttemptsTable {
  id: string;
  delivery_id: string;
  attempt: number;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
  attempted_at: CreatedAt;
}
