export type PhotoMode = 'composite' | 'pair';

const MODES: { value: PhotoMode; label: string }[] = [
  { value: 'composite', label: 'One composite photo' },
  { value: 'pair', label: 'Two photos (before, after)' },
];

/** Clinics keep their photos either as one composite or as a pair: they say which here. */
export function PhotoModeSwitch({
  value,
  onChange,
  isDisabled,
}: {
  value: PhotoMode;
  onChange: (mode: PhotoMode) => void;
  isDisabled: boolean;
}) {
  return (
    <fieldset className="mt-3 flex flex-wrap gap-2" disabled={isDisabled}>
      <legend className="sr-only">How your photos are saved</legend>
      {MODES.map((mode) => (
        <label
          key={mode.value}
          className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-1.5 text-sm has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-800"
        >
          <input
            type="radio"
            name="photoMode"
            value={mode.value}
            checked={value === mode.value}
            onChange={() => onChange(mode.value)}
            className="accent-brand-700"
          />
          {mode.label}
        </label>
      ))}
    </fieldset>
  );
}
