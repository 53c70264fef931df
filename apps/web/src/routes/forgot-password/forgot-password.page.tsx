import { ACCOUNT_EMAIL_COPY } from '@glowreel/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { AuthCard } from '../../components/auth-card.tsx';
import { FormAlert } from '../../components/form-alert.tsx';
import { primaryButtonClass } from '../../components/form-styles.ts';
import { TextField } from '../../components/text-field.tsx';
import { ApiError, describeError } from '../../lib/api-client.ts';
import { requestPasswordReset } from '../../lib/account-email-api.ts';

const linkClass = 'font-semibold text-brand-700 hover:underline';

/** Issue 17 §1: asks for the address and answers the same whether or not an account has it. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const request = useMutation({ mutationFn: requestPasswordReset });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    request.mutate(email.trim());
  }

  const fieldErrors = request.error instanceof ApiError ? request.error.fieldErrors : {};

  return (
    <AuthCard
      documentTitle="Forgot Password"
      title="Reset your password"
      subtitle="Enter the e-mail you signed up with and we will send you a link."
      footer={
        <>
          Remembered it?{' '}
          <Link to="/login" className={linkClass}>
            Back to sign in
          </Link>
        </>
      }
    >
      {request.isSuccess ? (
        <div className="space-y-4">
          <p role="status" className="rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-800">
            {ACCOUNT_EMAIL_COPY.resetRequested} The link works once, for 1 hour.
          </p>
          <button type="button" onClick={() => request.reset()} className={primaryButtonClass}>
            Send to another address
          </button>
        </div>
      ) : (
        <form onSubmit={handleSubmit} className="space-y-5" noValidate>
          <FormAlert
            message={
              request.isError
                ? describeError(request.error, 'The link could not be sent. Please try again.')
                : null
            }
          />
          <TextField
            id="email"
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={setEmail}
            error={fieldErrors.email}
          />
          <button
            type="submit"
            disabled={email.trim() === '' || request.isPending}
            className={primaryButtonClass}
          >
            {request.isPending ? 'Sending...' : 'Send reset link'}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
