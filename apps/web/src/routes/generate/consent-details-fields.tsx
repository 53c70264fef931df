import {
  CONSENT_CHANNELS,
  CONSENT_CHANNEL_LABELS,
  CONSENT_COPY,
  DEFAULT_CONSENT_CHANNELS,
  PATIENT_REFERENCE_MAX_LENGTH,
  type ConsentChannel,
} from '@glowreel/contracts';
import { inputClass, labelClass } from '../../components/form-styles.ts';

/** What the clinic records with its attestation (issue #18 §1); sent beside consent=true. */
export interface ConsentDetails {
  channels: ConsentChannel[];
  patientReference: string;
  /** YYYY-MM-DD, or empty for no expiry. */
  expiresOn: string;
}

export const DEFAULT_CONSENT_DETAILS: ConsentDetails = {
  channels: [...DEFAULT_CONSENT_CHANNELS],
  patientReference: '',
  expiresOn: '',
};

interface ConsentDetailsFieldsProps {
  value: ConsentDetails;
  onChange: (value: ConsentDetails) => void;
  isDisabled: boolean;
}

/** Today as the date input's minimum (the consent must end in the future). */
function today(): string {
  return new Date().toISOString().slice(0, 10);
}

export function ConsentDetailsFields({ value, onChange, isDisabled }: ConsentDetailsFieldsProps) {
  const toggle = (channel: ConsentChannel, isChecked: boolean) =>
    onChange({
      ...value,
      channels: CONSENT_CHANNELS.filter((name) =>
        name === channel ? isChecked : value.channels.includes(name),
      ),
    });
  return (
    <fieldset className="space-y-4" disabled={isDisabled}>
      <legend className="sr-only">Consent details</legend>
      <div>
        <p id="consent-channels-label" className={labelClass}>
          The patient allowed these uses
        </p>
        <div
          role="group"
          aria-labelledby="consent-channels-label"
          className="mt-2 grid grid-cols-2 gap-2"
        >
          {CONSENT_CHANNELS.map((channel) => (
            <label
              key={channel}
              className="flex items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-800"
            >
              <input
                type="checkbox"
                name="consentChannels"
                value={channel}
                checked={value.channels.includes(channel)}
                onChange={(event) => toggle(channel, event.target.checked)}
                className="size-4 rounded border-slate-300 accent-brand-700"
              />
              {CONSENT_CHANNEL_LABELS[channel]}
            </label>
          ))}
        </div>
        {value.channels.length === 0 && (
          <p className="mt-2 text-xs text-amber-800">
            No use chosen: the consent will be recorded for website and social media.
          </p>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="patientReference" className={labelClass}>
            Patient reference <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <input
            id="patientReference"
            name="patientReference"
            type="text"
            autoComplete="off"
            maxLength={PATIENT_REFERENCE_MAX_LENGTH}
            value={value.patientReference}
            onChange={(event) => onChange({ ...value, patientReference: event.target.value })}
            aria-describedby="patientReference-hint"
            className={inputClass}
          />
          <p id="patientReference-hint" className="mt-1 text-xs text-slate-500">
            {CONSENT_COPY.patientReferenceHint}
          </p>
        </div>
        <div>
          <label htmlFor="consentExpiresAt" className={labelClass}>
            Consent ends on <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <input
            id="consentExpiresAt"
            name="consentExpiresAt"
            type="date"
            min={today()}
            value={value.expiresOn}
            onChange={(event) => onChange({ ...value, expiresOn: event.target.value })}
            aria-describedby="consentExpiresAt-hint"
            className={inputClass}
          />
          <p id="consentExpiresAt-hint" className="mt-1 text-xs text-slate-500">
            Recorded with the video's consent.
          </p>
        </div>
      </div>
    </fieldset>
  );
}
