import {
  normalizeConsentChannels,
  parseConsentChannelList,
  parseConsentExpiry,
  patientReferenceSchema,
  unknownConsentChannelMessage,
  type ApiConsentInput,
} from '@glowreel/contracts';
import type { FastifyRequest } from 'fastify';
import { requestOrigin } from '../audit/request-actor.ts';
import { AppError } from '../errors.ts';
import type { ConsentAttestation } from '../services/consent-records.ts';

/**
 * The web form's consent details beside consent=true: `consentChannels`
 * ("website,social,ads,email"), `patientReference`, `consentExpiresAt` (a date).
 */
export function consentFromForm(
  fields: { consentChannels?: string; patientReference?: string; consentExpiresAt?: string },
  request: FastifyRequest,
  now: Date,
): ConsentAttestation {
  const channels = parseConsentChannelList(fields.consentChannels);
  if ('unknown' in channels) {
    throw new AppError('validation_failed', unknownConsentChannelMessage(channels.unknown), {
      field: 'consentChannels',
    });
  }
  const reference = patientReferenceSchema.safeParse(fields.patientReference ?? '');
  if (!reference.success) {
    throw new AppError(
      'validation_failed',
      reference.error.issues[0]?.message ?? 'Invalid patient reference.',
      {
        field: 'patientReference',
      },
    );
  }
  let expiresAt: Date | null = null;
  if (fields.consentExpiresAt?.trim()) {
    const expiry = parseConsentExpiry(fields.consentExpiresAt, now);
    if ('problem' in expiry)
      throw new AppError('validation_failed', expiry.problem, { field: 'consentExpiresAt' });
    expiresAt = expiry.expiresAt;
  }
  return {
    channels: channels.channels,
    patientReference: reference.data || null,
    expiresAt,
    ...requestOrigin(request),
  };
}

/** The public API's `consent` object (already checked against its schema), or none. */
export function consentFromApi(
  consent: ApiConsentInput | undefined,
  request: FastifyRequest,
  now: Date,
): ConsentAttestation {
  let expiresAt: Date | null = null;
  if (consent?.expires_at !== undefined) {
    const expiry = parseConsentExpiry(consent.expires_at, now);
    if ('problem' in expiry)
      throw new AppError('invalid_consent', expiry.problem, { field: 'consent.expires_at' });
    expiresAt = expiry.expiresAt;
  }
  return {
    channels: normalizeConsentChannels(consent?.channels ?? []),
    patientReference: consent?.patient_reference || null,
    expiresAt,
    ...requestOrigin(request),
  };
}
