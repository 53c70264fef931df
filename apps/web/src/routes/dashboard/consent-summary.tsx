import { CONSENT_CHANNEL_LABELS, type ConsentRecord } from '@glowreel/contracts';

// The last day a consent covers: it ends as the day after begins (UTC), see parseConsentExpiry.
const lastDayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** One line under a history card: what the patient's consent covers, as recorded (issue #18). */
export function ConsentSummary({ consent }: { consent: ConsentRecord | null }) {
  if (!consent) return null;
  const channels = consent.channels.map((channel) => CONSENT_CHANNEL_LABELS[channel]).join(', ');
  const lastDay = consent.expiresAt
    ? lastDayFormat.format(new Date(new Date(consent.expiresAt).getTime() - 1))
    : null;
  return (
    <p className="text-xs text-slate-500">
      <span className="font-medium text-slate-600">Consent:</span> {channels}
      {consent.patientReference && ` · Ref. ${consent.patientReference}`}
      {lastDay && ` · until ${lastDay}`}
      {` · attested by ${consent.attestedBy.name}`}
    </p>
  );
}
