import { useId, useState } from 'react';
import { inputClass, labelClass } from './form-styles.ts';

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/**
 * The accent as a colour picker and as the hex a brand guide gives: either can be used, and
 * the text box lets a keyboard or screen-reader user type the exact colour.
 */
export function AccentColorField({
  value,
  onChange,
  onValidityChange,
}: {
  value: string;
  onChange: (value: string) => void;
  /** Told whether the typed text is a whole colour, so a form can refuse to save half of one. */
  onValidityChange?: (isValid: boolean) => void;
}) {
  const pickerId = useId();
  const hexId = useId();
  const errorId = useId();
  // What is being typed; the saved value changes only once it is a whole #rrggbb.
  const [typed, setTyped] = useState(value);
  const isTypedValid = HEX_COLOR.test(typed);
  return (
    <div>
      <label htmlFor={hexId} className={labelClass}>
        Accent colour
      </label>
      <div className="flex items-center gap-2">
        <input
          id={pickerId}
          type="color"
          aria-label="Pick the accent colour"
          value={value}
          onChange={(event) => {
            setTyped(event.target.value);
            onValidityChange?.(true);
            onChange(event.target.value);
          }}
          className="h-11 w-14 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
        />
        <input
          id={hexId}
          value={typed}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={!isTypedValid}
          aria-describedby={isTypedValid ? undefined : errorId}
          onChange={(event) => {
            const next = event.target.value.trim();
            setTyped(next);
            const isValid = HEX_COLOR.test(next);
            onValidityChange?.(isValid);
            if (isValid) onChange(next.toLowerCase());
          }}
          className={`${inputClass} font-mono`}
        />
      </div>
      {!isTypedValid && (
        <p id={errorId} className="mt-1.5 text-sm text-accent-600">
          Type # and six digits 0–9 or a–f, like #14b8a6.
        </p>
      )}
    </div>
  );
}
