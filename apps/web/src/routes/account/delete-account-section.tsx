import { ACCOUNT_DELETION_FRESH_SIGN_IN_MINUTES } from '@glowreel/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormAlert } from '../../components/form-alert.tsx';
import { inputClass, labelClass } from '../../components/form-styles.ts';
import { PasswordInput } from '../../components/password-input.tsx';
import { describeError } from '../../lib/api-client.ts';
import {
  DELETION_REQUIREMENTS_QUERY_KEY,
  deleteAccount,
  fetchDeletionRequirements,
} from '../../lib/data-rights-api.ts';
import { useSignedInProfile } from '../../lib/use-signed-in-profile.ts';
import { AccountSection } from './account-section.tsx';

const deleteButtonClass =
  'inline-flex items-center justify-center rounded-lg bg-accent-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-accent-800 focus-visible:ring-2 focus-visible:ring-accent-600 focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-500';

/**
 * Issue #18 §2: delete the account. The password (or, for Google/OIDC accounts, a sign-in in
 * the last minutes) and the e-mail typed out confirm it; afterwards the app reloads on
 * /account-deleted.
 */
export function DeleteAccountSection() {
  const profile = useSignedInProfile();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const requirements = useQuery({
    queryKey: DELETION_REQUIREMENTS_QUERY_KEY,
    queryFn: fetchDeletionRequirements,
  });
  const remove = useMutation({
    mutationFn: deleteAccount,
    // A full page load: every query and guard of the signed-in app starts again, signed out,
    // so none of them can send the page to /login on its way to the notice.
    onSuccess: () => window.location.replace('/account-deleted'),
  });
  const hasPassword = requirements.data?.hasPassword ?? true;
  const needsFreshSignIn = requirements.data
    ? !hasPassword && !requirements.data.signedInRecently
    : false;
  const emailMatches = email.trim().toLowerCase() === profile.email.toLowerCase();
  const canSubmit = emailMatches && (!hasPassword || password !== '') && !needsFreshSignIn;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit || remove.isPending) return;
    remove.mutate(hasPassword ? { email, password } : { email });
  }

  return (
    <AccountSection
      id="delete-account"
      title="Delete account"
      description="Deletes your videos, API keys, webhooks, brand kit, photo and sessions and cancels your plan. Only anonymous credit totals and a note of when the account was deleted stay in our books. This cannot be undone."
    >
      <form onSubmit={handleSubmit} className="space-y-5" aria-label="Delete account">
        <FormAlert
          message={
            remove.isError
              ? describeError(remove.error, 'Your account could not be deleted. Please try again.')
              : null
          }
        />
        {needsFreshSignIn && (
          <p className="text-sm text-slate-700">
            For your safety, sign out and sign in again, then delete the account within{' '}
            {ACCOUNT_DELETION_FRESH_SIGN_IN_MINUTES} minutes.
          </p>
        )}
        {hasPassword && (
          <PasswordInput
            id="delete-account-password"
            label="Your password"
            autoComplete="current-password"
            value={password}
            onChange={(value) => {
              setPassword(value);
              if (remove.isError) remove.reset();
            }}
          />
        )}
        <div>
          <label htmlFor="delete-account-email" className={labelClass}>
            Type your e-mail address ({profile.email}) to confirm
          </label>
          <input
            id="delete-account-email"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              if (remove.isError) remove.reset();
            }}
            className={inputClass}
          />
        </div>
        <button
          type="submit"
          disabled={!canSubmit || remove.isPending}
          className={deleteButtonClass}
        >
          {remove.isPending ? 'Deleting…' : 'Delete my account'}
        </button>
      </form>
    </AccountSection>
  );
}
