import { COPY, isPasswordValid } from '@glowreel/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { AuthCard } from '../../components/auth-card.tsx';
import { FormAlert } from '../../components/form-alert.tsx';
import { SocialSignInButtons } from '../../components/social-sign-in/social-sign-in-buttons.tsx';
import { useProviderError } from '../../components/social-sign-in/use-provider-error.ts';
import { primaryButtonClass } from '../../components/form-styles.ts';
import { TextField } from '../../components/text-field.tsx';
import { NewPasswordFields } from '../../components/new-password-fields.tsx';
import { ApiError, describeError } from '../../lib/api-client.ts';
import { signUpWithEmail, type SignUpInput } from '../../lib/auth-api.ts';
import { useAuth } from '../../lib/auth-context.ts';
import { readReturnTo } from '../../lib/return-to.ts';
import { TermsNotice } from './terms-notice.tsx';

const linkClass = 'font-semibold text-brand-700 hover:underline';

export function RegisterPage() {
  const auth = useAuth();
  const location = useLocation();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const providerError = useProviderError('sign-up');
  const [providerStartError, setProviderStartError] = useState<string | null>(null);

  const signUp = useMutation({
    mutationFn: async (input: SignUpInput) => {
      await signUpWithEmail(input);
      if ((await auth.refreshProfile()) === null) throw new Error('No session after sign-up');
    },
  });

  // SPEC §2: a new account lands on /dashboard, reached once the auth state flips.
  // An invitation link sends people here and expects them back (issue #21).
  if (auth.status === 'signed-in') return <Navigate to={readReturnTo(location.state)} replace />;

  const serverFieldErrors = signUp.error instanceof ApiError ? signUp.error.fieldErrors : {};
  const passwordError =
    password !== '' && !isPasswordValid(password)
      ? COPY.passwordDoesNotMeetRequirements
      : serverFieldErrors.password;
  const confirmError =
    confirmPassword !== '' && confirmPassword !== password ? COPY.passwordsDoNotMatch : undefined;
  const isFormValid =
    name.trim() !== '' &&
    email.trim() !== '' &&
    isPasswordValid(password) &&
    confirmPassword === password;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isFormValid) return;
    setProviderStartError(null);
    signUp.mutate({ name: name.trim(), email: email.trim(), password });
  }

  return (
    <AuthCard
      documentTitle="Create Account"
      title="Create your account"
      subtitle="Start turning before-and-after photos into videos."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className={linkClass}>
            Sign in
          </Link>
        </>
      }
    >
      <form onSubmit={handleSubmit} className="space-y-5">
        <FormAlert
          message={
            signUp.isError
              ? describeError(signUp.error, COPY.registerFailed)
              : (providerStartError ?? providerError)
          }
        />
        <TextField
          id="name"
          label="Full Name"
          type="text"
          autoComplete="name"
          value={name}
          onChange={setName}
          error={serverFieldErrors.name}
        />
        <TextField
          id="email"
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          error={serverFieldErrors.email}
        />
        <NewPasswordFields
          idPrefix=""
          labels={{ password: 'Password', confirm: 'Confirm Password' }}
          password={password}
          confirmPassword={confirmPassword}
          onPasswordChange={setPassword}
          onConfirmChange={setConfirmPassword}
          passwordError={passwordError}
          confirmError={confirmError}
        />
        <button
          type="submit"
          disabled={!isFormValid || signUp.isPending}
          className={primaryButtonClass}
        >
          {signUp.isPending ? 'Creating account...' : 'Create Account'}
        </button>
        <TermsNotice />
      </form>
      <SocialSignInButtons
        mode="sign-up"
        returnTo="/dashboard"
        onStartFailed={(message) => {
          signUp.reset();
          setProviderStartError(message);
        }}
      />
    </AuthCard>
  );
}
