import {
  CONSENT_COPY,
  DEFAULT_CONSENT_CHANNELS,
  isConsentChannel,
  type ApiConsentRecord,
  type ConsentChannel,
  type ConsentRecord,
} from '@glowreel/contracts';
import type { ConsentRow, NewConsent } from '../db/consent-records.repository.ts';

/**
 * What the clinic attested when it asked for a video (issue #18 §1), as the web form or the
 * public API sent it, with where the request came from.
 */
export interface ConsentAttestation {
  /** Empty when the request named none: the default applies and the video's warnings say so. */
  channels: readonly ConsentChannel[];
  patientReference: string | null;
  expiresAt: Date | null;
  ipAddress: string | null;
  userAgent: string | null;
}

/** The longest user agent kept: enough to tell the browser and device, never a whole header dump. */
const USER_AGENT_MAX_LENGTH = 512;

/** The record to write for a video, and the warning to show when the channels were defaulted. */
export function consentToRecord(
  attestation: ConsentAttestation,
  ids: { consentId: string; videoId: string; userId: string; attestedByName: string },
): { consent: NewConsent; warning: { code: string; message: string } | null } {
  const defaulted = attestation.channels.length === 0;
  return {
    consent: {
      id: ids.consentId,
      videoId: ids.videoId,
      userId: ids.userId,
      attestedByUserId: ids.userId,
      attestedByName: ids.attestedByName,
      ipAddress: attestation.ipAddress,
      userAgent: attestation.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
      patientReference: attestation.patientReference?.trim() || null,
      channels: defaulted ? DEFAULT_CONSENT_CHANNELS : attestation.channels,
      expiresAt: attestation.expiresAt,
    },
    warning: defaulted ? { ...CONSENT_COPY.channelsDefaulted } : null,
  };
}

function channelsOf(row: ConsentRow): ConsentChannel[] {
  try {
    const parsed: unknown = JSON.parse(row.channels);
    return Array.isArray(parsed)
      ? parsed.filter(
          (name): name is ConsentChannel => typeof name === 'string' && isConsentChannel(name),
        )
      : [];
  } catch {
    return [];
  }
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The signed-in app's view (GET /api/videos/:id). IP and user agent stay in the record only. */
export function toConsentRecord(row: ConsentRow): ConsentRecord {
  return {
    id: row.id,
    attestedBy: { userId: row.attested_by_user_id, name: row.attested_by_name },
    attestedAt: row.attested_at.toISOString(),
    channels: channelsOf(row),
    patientReference: row.patient_reference,
    expiresAt: iso(row.expires_at),
    revokedAt: iso(row.revoked_at),
  };
}

/** The public API's view, in snake_case. */
export function toApiConsentRecord(row: ConsentRow): ApiConsentRecord {
  const record = toConsentRecord(row);
  return {
    id: record.id,
    attested_by: { user_id: record.attestedBy.userId, name: record.attestedBy.name },
    attested_at: record.attestedAt,
    channels: record.channels,
    patient_reference: record.patientReference,
    expires_at: record.expiresAt,
    revoked_at: record.revokedAt,
  };
}

/**
 * Whether a video may still be handed out under its consent (issue #18 §1): a revoked or
 * expired consent withdraws it. Videos made before consent records are not withdrawn.
 */
export function consentWithdrawal(
  consent: ConsentRow | null | undefined,
  now: Date,
): { code: 'consent_revoked' | 'consent_expired'; message: string } | null {
  if (!consent) return null;
  if (consent.revoked_at) {
    return {
      code: 'consent_revoked',
      message: `This video was withdrawn: the patient's consent was revoked on ${consent.revoked_at.toISOString().slice(0, 10)}.`,
    };
  }
  if (consent.expires_at && consent.expires_at.getTime() <= now.getTime()) {
    return {
      code: 'consent_expired',
      message: `This video was withdrawn: the patient's consent ended on ${new Date(consent.expires_at.getTime() - 1).toISOString().slice(0, 10)}.`,
    };
  }
  return null;
}
