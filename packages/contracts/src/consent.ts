import { z } from 'zod';
import { plainLine } from './text.ts';

// Issue #18 §1: the clinic's evidence that the patient authorised marketing use of the photos,
// recorded with every video. One set of rules for the web form, the public API and the views.

export const CONSENT_CHANNELS = ['website', 'social', 'ads', 'email'] as const;
export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];

export const CONSENT_CHANNEL_LABELS: Readonly<Record<ConsentChannel, string>> = {
  website: 'Website',
  social: 'Social media',
  ads: 'Paid advertising',
  email: 'Email',
};

/** What a consent covers when the clinic names no channel (the form and the API say so). */
export const DEFAULT_CONSENT_CHANNELS: readonly ConsentChannel[] = ['website', 'social'];

export const PATIENT_REFERENCE_MAX_LENGTH = 64;

export const CONSENT_COPY = {
  channelsDefaulted: {
    code: 'consent_channels_defaulted',
    message:
      'No consent channels were given, so the consent was recorded for website and social media.',
  },
  patientReferenceHint:
    "Your own reference for the patient's consent form, e.g. a chart number. Do not type the patient's name.",
  expiryInPast: 'The consent expiry date must be in the future.',
  expiryInvalid:
    'The consent expiry must be a date (YYYY-MM-DD) or a date and time with a time zone.',
} as const;

export function isConsentChannel(value: string): value is ConsentChannel {
  return (CONSENT_CHANNELS as readonly string[]).includes(value);
}

/** Each channel once, in the canonical order. */
export function normalizeConsentChannels(channels: readonly ConsentChannel[]): ConsentChannel[] {
  return CONSENT_CHANNELS.filter((channel) => channels.includes(channel));
}

/**
 * The web form's `consentChannels` ("website,social,ads,email"): the channels, an empty list
 * when none were sent (the caller applies the default and says so), or the first unknown name.
 */
export function parseConsentChannelList(
  text: string | undefined,
): { channels: ConsentChannel[] } | { unknown: string } {
  const names = (text ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.find((name) => !isConsentChannel(name));
  if (unknown !== undefined) return { unknown };
  return { channels: normalizeConsentChannels(names as ConsentChannel[]) };
}

export function unknownConsentChannelMessage(name: string): string {
  return `Unknown consent channel "${name}". Use any of: ${CONSENT_CHANNELS.join(', ')}.`;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The moment a consent stops covering the video. A date alone covers the whole of that day
 * (UTC): the consent ends when the next day begins.
 */
export function parseConsentExpiry(
  text: string,
  now: Date,
): { expiresAt: Date } | { problem: string } {
  const value = text.trim();
  let expiresAt: Date;
  if (DATE_ONLY.test(value)) {
    expiresAt = new Date(`${value}T00:00:00.000Z`);
    if (!Number.isNaN(expiresAt.getTime()) && expiresAt.toISOString().startsWith(value))
      expiresAt = new Date(expiresAt.getTime() + 24 * 60 * 60 * 1000);
    else return { problem: CONSENT_COPY.expiryInvalid };
  } else if (DATE_TIME_WITH_ZONE.test(value)) {
    expiresAt = new Date(value);
    if (Number.isNaN(expiresAt.getTime())) return { problem: CONSENT_COPY.expiryInvalid };
  } else {
    return { problem: CONSENT_COPY.expiryInvalid };
  }
  if (expiresAt.getTime() <= now.getTime()) return { problem: CONSENT_COPY.expiryInPast };
  return { expiresAt };
}

export const patientReferenceSchema = plainLine('The patient reference')
  .trim()
  .max(
    PATIENT_REFERENCE_MAX_LENGTH,
    `The patient reference can be at most ${PATIENT_REFERENCE_MAX_LENGTH} characters.`,
  );

/** The public API's optional `consent` object, beside consent_attested: true. */
export const apiConsentInputSchema = z
  .strictObject({
    channels: z
      .array(z.enum(CONSENT_CHANNELS))
      .min(1, 'Name at least one channel, or leave consent.channels out for website and social.')
      .max(CONSENT_CHANNELS.length)
      .optional()
      .describe(
        `Where the patient allowed the video to be used: any of ${CONSENT_CHANNELS.join(', ')}. Omitted: ${DEFAULT_CONSENT_CHANNELS.join(' and ')} (the response's warnings say so).`,
      ),
    patient_reference: patientReferenceSchema
      .optional()
      .describe(
        `Your own reference for the consent form (at most ${PATIENT_REFERENCE_MAX_LENGTH} characters). Never the patient's name.`,
      ),
    expires_at: z
      .string()
      .max(40)
      .optional()
      .describe(
        'When the consent ends: a date (YYYY-MM-DD, covering that whole day in UTC) or an ISO 8601 date and time with a time zone. In the future.',
      ),
  })
  .meta({ id: 'ConsentInput' });
export type ApiConsentInput = z.infer<typeof apiConsentInputSchema>;

/** A video's consent record as the signed-in app sees it (GET /api/videos/:id). */
export const consentRecordSchema = z.object({
  id: z.string(),
  attestedBy: z.object({ userId: z.string(), name: z.string() }),
  attestedAt: z.string(),
  channels: z.array(z.enum(CONSENT_CHANNELS)),
  patientReference: z.string().nullable(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ConsentRecord = z.infer<typeof consentRecordSchema>;

/** The same record in the public API (snake_case). */
export const apiConsentRecordSchema = z
  .object({
    id: z.string(),
    attested_by: z.object({ user_id: z.string(), name: z.string() }),
    attested_at: z.string(),
    channels: z.array(z.enum(CONSENT_CHANNELS)),
    patient_reference: z.string().nullable(),
    expires_at: z.string().nullable(),
    revoked_at: z.string().nullable(),
  })
  .meta({ id: 'ConsentRecord' });
export type ApiConsentRecord = z.infer<typeof apiConsentRecordSchema>;

/** POST /api/videos/:id/consent/revoke and POST /api/v1/videos/{id}/consent/revoke. */
export const consentRevokeRequestSchema = z
  .strictObject({
    reason: plainLine('The reason', 'Say why the consent is revoked.')
      .trim()
      .min(1, 'Say why the consent is revoked.')
      .max(500, 'The reason can be at most 500 characters.')
      .describe('Why the patient (or the clinic) withdrew the consent; kept with the record.'),
  })
  .meta({ id: 'ConsentRevokeRequest' });
export type ConsentRevokeRequest = z.infer<typeof consentRevokeRequestSchema>;
