import {
  BRAND_LIMITS,
  TYPEFACES,
  TYPEFACE_LABELS,
  type BrandKit,
  type Typeface,
} from '@glowreel/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { inputClass, labelClass } from '../../../components/form-styles.ts';
import { describeError } from '../../../lib/api-client.ts';
import { BRAND_QUERY_KEY, saveBrand } from '../../../lib/brand-api.ts';
import { AccentColorField } from '../../../components/accent-color-field.tsx';

interface BrandDraft {
  clinicName: string;
  contact: string;
  accentColor: string;
  typeface: Typeface;
}

function draftOf(kit: BrandKit): BrandDraft {
  return {
    clinicName: kit.clinicName ?? '',
    contact: kit.contact ?? '',
    accentColor: kit.accentColor,
    typeface: kit.typeface,
  };
}

/** Name, contact, accent and typeface; saved together with one button. */
export function BrandForm({ saved }: { saved: BrandKit }) {
  const queryClient = useQueryClient();
  const ids = {
    name: useId(),
    nameHint: useId(),
    contact: useId(),
    contactHint: useId(),
    typeface: useId(),
  };
  const [draft, setDraft] = useState<BrandDraft>(() => draftOf(saved));
  const [isAccentValid, setIsAccentValid] = useState(true);
  const [wasRefused, setWasRefused] = useState(false);
  const save = useMutation({
    // hasLogo as saved: this button never removes the logo (its own card does).
    mutationFn: () => saveBrand({ ...draft, hasLogo: saved.hasLogo }),
    onSuccess: (kit) => {
      queryClient.setQueryData(BRAND_QUERY_KEY, kit);
      setDraft(draftOf(kit));
    },
  });
  const change = (patch: Partial<BrandDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    // The success line speaks of the saved state; an edit makes it stale.
    if (save.isSuccess) save.reset();
  };

  return (
    <form
      noValidate
      aria-labelledby={`${ids.name}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        // The picker's last whole colour would be saved otherwise, not what the box shows.
        setWasRefused(!isAccentValid);
        if (isAccentValid) save.mutate();
      }}
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h3 id={`${ids.name}-title`} className="text-lg font-semibold text-slate-900">
        Brand kit
      </h3>
      <div>
        <label htmlFor={ids.name} className={labelClass}>
          Clinic name
        </label>
        <input
          id={ids.name}
          value={draft.clinicName}
          maxLength={BRAND_LIMITS.clinicName}
          autoComplete="organization"
          aria-describedby={ids.nameHint}
          onChange={(event) => change({ clinicName: event.target.value })}
          className={inputClass}
        />
        <p id={ids.nameHint} className="mt-1 text-xs text-slate-500">
          On the end card. Left empty, videos show your account name.
        </p>
      </div>
      <div>
        <label htmlFor={ids.contact} className={labelClass}>
          Handle, website or phone
        </label>
        <input
          id={ids.contact}
          value={draft.contact}
          maxLength={BRAND_LIMITS.contact}
          autoComplete="off"
          placeholder="@yourclinic"
          aria-describedby={ids.contactHint}
          onChange={(event) => change({ contact: event.target.value })}
          className={inputClass}
        />
        <p id={ids.contactHint} className="mt-1 text-xs text-slate-500">
          Shown under the clinic name on the end card.
        </p>
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <AccentColorField
          value={draft.accentColor}
          onChange={(accentColor) => change({ accentColor })}
          onValidityChange={(isValid) => {
            setIsAccentValid(isValid);
            if (isValid) setWasRefused(false);
          }}
        />
        <div>
          <label htmlFor={ids.typeface} className={labelClass}>
            Typeface
          </label>
          <select
            id={ids.typeface}
            value={draft.typeface}
            onChange={(event) => change({ typeface: event.target.value as Typeface })}
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
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          disabled={save.isPending}
          className="rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-500"
        >
          {save.isPending ? 'Saving…' : 'Save brand kit'}
        </button>
        <p role="status" className="text-sm text-brand-800 empty:hidden">
          {save.isSuccess ? 'Brand kit saved. New videos start from it.' : ''}
        </p>
      </div>
      {wasRefused && (
        <p role="alert" className="text-sm text-accent-600">
          Not saved: the accent colour is not a whole colour yet. Type it as # and six digits.
        </p>
      )}
      {save.isError && (
        <p role="alert" className="text-sm text-accent-600">
          {describeError(save.error, 'Your brand kit could not be saved. Please try again.')}
        </p>
      )}
    </form>
  );
}
