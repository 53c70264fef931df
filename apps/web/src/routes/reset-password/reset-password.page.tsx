import { COPY, isPasswordValid } from '@glowreel/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '../../components/auth-card.tsx';
import { FormAlert } from '../../components/form-alert.tsx';
import { primaryButtonClass } from '../../components/form-styles.ts';
import { NewPasswordFields } from '../../components/new-password-fields.tsx';
import { ApiError, describeError } from '../../lib/api-client.ts';
import { isResetLinkUsable, resetPassword } from '../../lib/account-email-api.ts';
import { InvalidResetLink } from './invalid-reset-link.tsx';

const linkClass = 'font-semibold text-brand-700 hover:underline';

/** Issue 17 §1: the page the e-mailed link opens; sets a new password under SPEC §5. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');

  const link = useQuery({
    queryKey: ['reset-link', token],
    queryFn: () => isResetLinkUsable(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
  const reset = useMutation({
    mutationFn: () => resetPassword(token, password),
  });

  const isSpent = reset.error instanceof ApiError && reset.error.code === 'INVALID_TOKEN';
  const serverFieldErrors = reset.error instanceof ApiError ? reset.error.fieldErrors : {};
  const passwordError =
    password !== '' && !isPasswordValid(password)
      ? COPY.passwordDoesNotMeetRequirements
      : serverFieldErrors.newPassword;
  const confirmError =
    confirmPassword !== '' && confirmPassword !== password ? COPY.passwordsDoNotMatch : undefined;
  const isFormValid = isPasswordValid(password) && confirmPassword === password;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isFormValid) reset.mutate();
  }

  const isUnusable = token === '' || link.data === false || isSpent;
  let body;
  if (isUnusable) {
    body = <InvalidResetLink />;
  } else if (link.isPending) {
    body = (
      <p role="status" className="text-center text-sm text-slate-600">
        Checking the link...
      </p>
    );
  } else if (reset.isSuccess) {
    body = (
      <div className="space-y-4">
        <p role="status" className="rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-800">
          Your password was changed and every device was signed out. Sign in with your new password.
        </p>
        <Link to="/login" className={primaryButtonClass}>
          Sign in with the new password
        </Link>
      </div>
    );
  } else {
    body = (
      <form onSubmit={handleSubmit} className="space-y-5">
        <FormAlert
          message={
            link.isError
              ? describeError(link.error, 'The link could not be checked. Please try again.')
              : reset.isError && !serverFieldErrors.newPassword
                ? describeError(reset.error, 'The password could not be changed. Please try again.')
                : null
          }
        />
        <NewPasswordFields
          idPrefix=""
          labels={{ password: 'New Password', confirm: 'Confirm Password' }}
          password={password}
          confirmPassword={confirmPassword}
          onPasswordChange={setPassword}
          onConfirmChange={setConfirmPassword}
          passwordError={passwordError}
          confirmError={confirmError}
        />
        <button
          type="submit"
          disabled={!isFormValid || reset.isPending}
          className={primaryButtonClass}
        >
          {reset.isPending ? 'Saving...' : 'Set new password'}
        </button>
      </form>
    );
  }

  return (
    <AuthCard
      documentTitle="Reset Password"
      title={isUnusable ? 'This link cannot be used' : 'Choose a new password'}
      subtitle={
        isUnusable ? 'Ask for a new one below.' : 'Setting it signs you out on every device.'
      }
      footer={
        <Link to="/login" className={linkClass}>
          Back to sign in
        </Link>
      }
    >
      {body}
    </AuthCard>
  );
}
