import type { Profile } from '@glowreel/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormAlert } from '../../components/form-alert.tsx';
import { TextField } from '../../components/text-field.tsx';
import { updateDisplayName } from '../../lib/account-api.ts';
import { ApiError, describeError } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth-context.ts';
import { saveButtonClass, successTextClass } from './account-styles.ts';

/** The display name, held by the server to the sign-up rule (SPEC §5). */
export function DisplayNameForm({ profile }: { profile: Profile }) {
  const { refreshProfile } = useAuth();
  const saved = profile.displayName ?? '';
  const [name, setName] = useState(saved);
  const save = useMutation({
    mutationFn: async (next: string) => {
      await updateDisplayName(next);
      await refreshProfile();
    },
  });
  const fieldErrors = save.error instanceof ApiError ? save.error.fieldErrors : {};
  const nameError = fieldErrors.name;
  const isChanged = name.trim() !== saved;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isChanged || save.isPending) return;
    save.mutate(name.trim());
  }

  return (
    <form onSubmit={handleSubmit} className="space-y-4" aria-label="Display name">
      <FormAlert
        message={
          save.isError && !nameError
            ? describeError(save.error, 'Your name could not be saved. Please try again.')
            : null
        }
      />
      <TextField
        id="display-name"
        label="Full Name"
        type="text"
        autoComplete="name"
        value={name}
        onChange={(value) => {
          setName(value);
          save.reset();
        }}
        error={nameError}
      />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={!isChanged || save.isPending} className={saveButtonClass}>
          {save.isPending ? 'Saving…' : 'Save name'}
        </button>
        <p aria-live="polite" aria-atomic="true" className={successTextClass}>
          {save.isSuccess ? 'Name saved.' : ''}
        </p>
      </div>
    </form>
  );
}
