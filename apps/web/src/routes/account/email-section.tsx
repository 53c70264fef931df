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

const buttonClass =
  'inline-flex items-center justify-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-500';

/**
 * Issue 17 §2, for the /account page: the current address, whether it is confirmed, and a
 * form to move to another one (a link goes to the new address; nothing changes until then).
 */
export function EmailSection() {
  const status = useQuery({ queryKey: ACCOUNT_EMAIL_QUERY_KEY, queryFn: fetchEmailStatus });
  const [newEmail, setNewEmail] = useState('');
  const change = useMutation({ mutationFn: changeEmail });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    change.mutate(newEmail.trim());
  }

  const fieldErrors = change.error instanceof ApiError ? change.error.fieldErrors : {};

  return (
    <section
      aria-labelledby="email-section-title"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="email-section-title" className="text-lg font-semibold text-slate-900">
        E-mail address
      </h2>
      {status.isPending ? (
        <p className="mt-2 text-sm text-slate-600">Loading your e-mail address...</p>
      ) : status.isError ? (
        <p className="mt-2 text-sm text-accent-700">
          {describeError(status.error, 'Your e-mail address could not be loaded.')}
        </p>
      ) : (
        <p className="mt-2 text-sm break-words text-slate-700">
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
        <p aria-live="polite" className="text-sm text-brand-800 empty:hidden">
          {change.isSuccess
            ? `We sent a link to ${change.variables}. Your e-mail changes when you open it.`
            : ''}
        </p>
        <button
          type="submit"
          disabled={newEmail.trim() === '' || change.isPending}
          className={buttonClass}
        >
          {change.isPending ? 'Sending...' : 'Change e-mail'}
        </button>
      </form>
    </section>
  );
}
