import { useId } from 'react';
import { labelClass } from '../../components/form-styles.ts';
import { ACCEPTED_LOGO_TYPES, type LogoState } from '../../lib/preview/use-logo.ts';

interface LogoFieldProps {
  state: LogoState;
  onChoose: (file: File) => void;
  onClear: () => void;
  isDisabled: boolean;
}

/** The clinic's logo for the end card: optional, shown in the live preview at once. */
export function LogoField({ state, onChoose, onClear, isDisabled }: LogoFieldProps) {
  const inputId = useId();
  const hintId = useId();
  const hasLogo = state.status === 'ready' || state.status === 'loading';
  return (
    <div>
      <label htmlFor={inputId} className={labelClass}>
        Logo <span className="font-normal text-slate-500">(optional)</span>
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <input
          id={inputId}
          type="file"
          accept={ACCEPTED_LOGO_TYPES.join(',')}
          disabled={isDisabled}
          aria-describedby={hintId}
          aria-invalid={state.status === 'failed'}
          // Choosing the same file again after removing it should still fire a change.
          onClick={(event) => (event.currentTarget.value = '')}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) onChoose(file);
          }}
          className="block text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-medium file:text-slate-800 hover:file:bg-slate-200"
        />
        {hasLogo && (
          <button
            type="button"
            onClick={onClear}
            disabled={isDisabled}
            className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
          >
            Remove logo
          </button>
        )}
      </div>
      <p id={hintId} className="mt-1 text-xs text-slate-500">
        {state.status === 'ready'
          ? `${state.file.name} (${state.image.width}×${state.image.height} px) is on the end card.`
          : 'PNG, JPG or WEBP up to 2 MB, shown above the clinic name on the end card. A transparent PNG looks best.'}
      </p>
      {state.status === 'failed' && (
        <p role="alert" className="mt-1.5 text-sm text-accent-600">
          {state.message}
        </p>
      )}
    </div>
  );
}
