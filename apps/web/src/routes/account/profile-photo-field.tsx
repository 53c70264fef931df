import type { Profile } from '@glowreel/contracts';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { UserAvatar } from '../../components/header/user-avatar.tsx';
import { removeProfilePhoto, uploadProfilePhoto } from '../../lib/account-api.ts';
import { describeError } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth-context.ts';
import { secondaryButtonClass } from './account-styles.ts';

const ACCEPTED_TYPES = 'image/png,image/jpeg,image/webp';

/** The SPEC's photoURL: uploaded at once, checked by the server, shown in the header. */
export function ProfilePhotoField({ profile }: { profile: Profile }) {
  const { refreshProfile } = useAuth();
  const inputId = useId();
  const hintId = useId();
  // The header reads the profile, so it shows the new photo as soon as it is re-read.
  const onSaved = () => void refreshProfile();
  const upload = useMutation({ mutationFn: uploadProfilePhoto, onSuccess: onSaved });
  const remove = useMutation({ mutationFn: removeProfilePhoto, onSuccess: onSaved });
  const isBusy = upload.isPending || remove.isPending;
  const hasPhoto = profile.photoURL !== null;
  const failure = upload.isError
    ? describeError(upload.error, 'The photo could not be saved. Please try again.')
    : remove.isError
      ? describeError(remove.error, 'The photo could not be removed. Please try again.')
      : null;

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <UserAvatar photoUrl={profile.photoURL} size={80} />
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-3">
          {/* The visible label is the button: the file input itself stays keyboard-focusable. */}
          <label
            htmlFor={inputId}
            className={`${secondaryButtonClass} cursor-pointer focus-within:ring-2 focus-within:ring-brand-600`}
          >
            {upload.isPending ? 'Uploading…' : hasPhoto ? 'Replace photo' : 'Upload photo'}
            <input
              id={inputId}
              type="file"
              accept={ACCEPTED_TYPES}
              disabled={isBusy}
              aria-describedby={hintId}
              aria-invalid={failure !== null}
              // Choosing the same file again after removing it should still fire a change.
              onClick={(event) => (event.currentTarget.value = '')}
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) upload.mutate(file);
              }}
              className="sr-only"
            />
          </label>
          {hasPhoto && (
            <button
              type="button"
              disabled={isBusy}
              onClick={() => remove.mutate()}
              className={secondaryButtonClass}
            >
              {remove.isPending ? 'Removing…' : 'Remove photo'}
            </button>
          )}
        </div>
        <p id={hintId} className="mt-2 text-xs text-slate-500">
          PNG, JPG or WEBP up to 2 MB. Only you see it, in the header and here.
        </p>
        {failure && (
          <p role="alert" className="mt-2 text-sm text-accent-600">
            {failure}
          </p>
        )}
        <p aria-live="polite" aria-atomic="true" className="sr-only">
          {upload.isSuccess ? 'Photo saved.' : remove.isSuccess ? 'Photo removed.' : ''}
        </p>
      </div>
    </div>
  );
}
