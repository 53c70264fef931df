import type { BrandKit } from '@glowreel/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { describeError } from '../../../lib/api-client.ts';
import {
  BRAND_QUERY_KEY,
  brandLogoUrl,
  removeBrandLogo,
  uploadBrandLogo,
} from '../../../lib/brand-api.ts';
import { ACCEPTED_LOGO_TYPES, checkLogoFile } from '../../../lib/preview/use-logo.ts';

const buttonClass =
  'rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60';

/** The saved logo: shown as it is stored, uploaded at once, replaceable and removable. */
export function BrandLogoCard({ saved }: { saved: BrandKit }) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const hintId = useId();
  // Bumped after each upload so the preview fetches the new file, not the cached one.
  const [version, setVersion] = useState(() => Date.now());
  const [problem, setProblem] = useState<string | null>(null);
  const onSaved = (kit: BrandKit) => {
    queryClient.setQueryData(BRAND_QUERY_KEY, kit);
    setVersion(Date.now());
    setProblem(null);
  };
  const upload = useMutation({ mutationFn: uploadBrandLogo, onSuccess: onSaved });
  const remove = useMutation({ mutationFn: removeBrandLogo, onSuccess: onSaved });
  const isBusy = upload.isPending || remove.isPending;
  const failure = upload.isError
    ? describeError(upload.error, 'The logo could not be saved. Please try again.')
    : remove.isError
      ? describeError(remove.error, 'The logo could not be removed. Please try again.')
      : null;
  const message = problem ?? failure;

  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h3 className="text-lg font-semibold text-slate-900">Logo</h3>
      <div className="mt-4 flex h-28 items-center justify-center rounded-lg bg-slate-900 p-3">
        {saved.hasLogo ? (
          <img
            src={brandLogoUrl(version)}
            alt="Your saved logo"
            className="max-h-full max-w-full object-contain"
          />
        ) : (
          <p className="text-sm text-slate-300">No logo saved</p>
        )}
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {/* The visible label is the button: the file input itself stays keyboard-focusable. */}
        <label htmlFor={inputId} className={`${buttonClass} cursor-pointer focus-within:ring-2`}>
          {upload.isPending ? 'Uploading…' : saved.hasLogo ? 'Replace logo' : 'Upload logo'}
          <input
            id={inputId}
            type="file"
            accept={ACCEPTED_LOGO_TYPES.join(',')}
            disabled={isBusy}
            aria-describedby={hintId}
            aria-invalid={message !== null}
            // Choosing the same file again after removing it should still fire a change.
            onClick={(event) => (event.currentTarget.value = '')}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (!file) return;
              const refusal = checkLogoFile(file);
              setProblem(refusal);
              if (refusal === null) upload.mutate(file);
            }}
            className="sr-only"
          />
        </label>
        {saved.hasLogo && (
          <button
            type="button"
            disabled={isBusy}
            onClick={() => remove.mutate()}
            className={buttonClass}
          >
            {remove.isPending ? 'Removing…' : 'Remove logo'}
          </button>
        )}
      </div>
      <p id={hintId} className="mt-2 text-xs text-slate-500">
        PNG, JPG or WEBP up to 2 MB. A transparent PNG looks best on the end card.
      </p>
      {message && (
        <p role="alert" className="mt-2 text-sm text-accent-600">
          {message}
        </p>
      )}
      {/* A polite live region rather than a second "status" on the dashboard, whose status is
          the return toast's. */}
      <p aria-live="polite" aria-atomic="true" className="sr-only">
        {upload.isSuccess ? 'Logo saved.' : remove.isSuccess ? 'Logo removed.' : ''}
      </p>
    </div>
  );
}
