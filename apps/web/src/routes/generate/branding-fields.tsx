import { TYPEFACES, TYPEFACE_LABELS, type Typeface } from '@glowreel/contracts';
import type { ReactNode } from 'react';
import { AccentColorField } from '../../components/accent-color-field.tsx';
import { inputClass, labelClass } from '../../components/form-styles.ts';
import type { VideoBrandLook, VideoTextFields } from '../../lib/videos-api.ts';

interface BrandingFieldsProps {
  value: VideoTextFields;
  onChange: (value: VideoTextFields) => void;
  /** Accent and typeface, from the saved brand kit until the clinic changes them here. */
  look: VideoBrandLook;
  onLookChange: (look: VideoBrandLook) => void;
  /** SPEC §3 default title, shown as the placeholder because the server fills it in. */
  defaultTitle: string;
  /** The logo picker, shown after the text fields. */
  children?: ReactNode;
}

// Lengths the server accepts (apps/server/src/http/videos.routes.ts).
const FIELDS: {
  key: keyof VideoTextFields;
  label: string;
  maxLength: number;
  autoComplete: string;
  hint?: string;
}[] = [
  { key: 'title', label: 'Title', maxLength: 120, autoComplete: 'off' },
  {
    key: 'clinicName',
    label: 'Clinic name',
    maxLength: 80,
    autoComplete: 'organization',
    hint: 'Shown on the end card.',
  },
  { key: 'contact', label: 'Handle, website or phone', maxLength: 80, autoComplete: 'off' },
  {
    key: 'treatmentTitle',
    label: 'Treatment title',
    maxLength: 80,
    autoComplete: 'off',
    hint: 'For example: Lip filler, 2 weeks after.',
  },
  {
    key: 'disclosure',
    label: 'Disclosure caption',
    maxLength: 160,
    autoComplete: 'off',
    hint: 'Shown under the photos during the comparison.',
  },
];

export function BrandingFields({
  value,
  onChange,
  look,
  onLookChange,
  defaultTitle,
  children,
}: BrandingFieldsProps) {
  return (
    <fieldset className="space-y-4">
      <legend className="text-lg font-semibold text-slate-900">3. Title and branding</legend>
      {FIELDS.map((field) => {
        const id = `branding-${field.key}`;
        const hintId = `${id}-hint`;
        return (
          <div key={field.key}>
            <label htmlFor={id} className={labelClass}>
              {field.label} <span className="font-normal text-slate-500">(optional)</span>
            </label>
            <input
              id={id}
              type="text"
              value={value[field.key]}
              maxLength={field.maxLength}
              autoComplete={field.autoComplete}
              placeholder={field.key === 'title' ? defaultTitle : undefined}
              onChange={(event) => onChange({ ...value, [field.key]: event.target.value })}
              aria-describedby={field.hint ? hintId : undefined}
              className={inputClass}
            />
            {field.hint && (
              <p id={hintId} className="mt-1 text-xs text-slate-500">
                {field.hint}
              </p>
            )}
          </div>
        );
      })}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <AccentColorField
          value={look.accentColor}
          onChange={(accentColor) => onLookChange({ ...look, accentColor })}
        />
        <div>
          <label htmlFor="branding-typeface" className={labelClass}>
            Typeface
          </label>
          <select
            id="branding-typeface"
            value={look.typeface}
            onChange={(event) =>
              onLookChange({ ...look, typeface: event.target.value as Typeface })
            }
            className={inputClass}
          >
            {TYPEFACES.map((typeface) => (
              <option key={typeface} value={typeface}>
                {TYPEFACE_LABELS[typeface]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="text-xs text-slate-500">
        Filled in from your saved brand kit; changes here apply to this video only.
      </p>
      {children}
    </fieldset>
  );
}
