import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormAlert } from '../../components/form-alert.tsx';
import { TextField } from '../../components/text-field.tsx';
import { ApiError, describeError } from '../../lib/api-client.ts';
import {
  ACCOUNT_EMAIL_QUERY_KEY,
  changeEmail,
  fetchEmailStatus,
} from '../../lib/account-email-api.ts';
import { AccountSection } from './account-section.tsx';
import { saveButtonClass, successTextClass } from './account-styles.ts';

/**
 * Issue 17 §2 on the account page: the current address, whether it is confirmed, and a form
 * to move to another one (a link goes to the new address; nothing changes until it is opened).
 */
export function EmailSection() {
  const status = useQuery({ queryKey: ACCOUNT_EMAIL_QUERY_KEY, queryFn: fetchEmailStatus });
  const [newEmail, setNewEmail] = useState('');
  const change = useMutation({ mutationFn: changeEmail });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (newEmail.trim() === '' || change.isPending) return;
    change.mutate(newEmail.trim());
  }

  const fieldErrors = change.error instanceof ApiError ? change.error.fieldErrors : {};

  return (
    <AccountSection
      id="email"
      title="E-mail address"
      description="Where sign-in links and notices go. A new address is used once you open the link we send to it."
    >
      {status.isPending ? (
        <p className="text-sm text-slate-600">Loading your e-mail address...</p>
      ) : status.isError ? (
        <p className="text-sm text-accent-700">
          {describeError(status.error, 'Your e-mail address could not be loaded.')}
        </p>
      ) : (
        <p className="text-sm break-words text-slate-700">
          <strong>{status.data.email}</strong>{' '}
          {status.data.emailVerified ? '(confirmed)' : '(not confirmed yet)'}
        </p>
      )}
      <form onSubmit={handleSubmit} className="mt-4 space-y-4" noValidate>
        <FormAlert
          message={
            change.isError && !fieldErrors.newEmail
              ? describeError(change.error, 'The link could not be sent. Please try again.')
              : null
          }
        />
        <TextField
          id="new-email"
          label="New e-mail address"
          type="email"
          autoComplete="email"
          value={newEmail}
          onChange={setNewEmail}
          error={fieldErrors.newEmail}
        />
        <p aria-live="polite" className={`${successTextClass} empty:hidden`}>
          {change.isSuccess
            ? `We sent a link to ${change.variables}. Your e-mail changes when you open it.`
            : ''}
        </p>
        <button
          type="submit"
          disabled={newEmail.trim() === '' || change.isPending}
          className={saveButtonClass}
        >
          {change.isPending ? 'Sending...' : 'Change e-mail'}
        </button>
      </form>
    </AccountSection>
  );
}
