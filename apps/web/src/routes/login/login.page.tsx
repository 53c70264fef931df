import { COPY } from '@glowreel/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { AuthCard } from '../../components/auth-card.tsx';
import { FormAlert } from '../../components/form-alert.tsx';
import { SocialSignInButtons } from '../../components/social-sign-in/social-sign-in-buttons.tsx';
import { useProviderError } from '../../components/social-sign-in/use-provider-error.ts';
import { primaryButtonClass } from '../../components/form-styles.ts';
import { PasswordInput } from '../../components/password-input.tsx';
import { TextField } from '../../components/text-field.tsx';
import { describeError } from '../../lib/api-client.ts';
import { signInWithEmail, type SignInInput } from '../../lib/auth-api.ts';
import { useAuth } from '../../lib/auth-context.ts';
import { readReturnTo } from '../../lib/return-to.ts';

export function LoginPage() {
  const auth = useAuth();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const providerError = useProviderError('sign-in');
  const [providerStartError, setProviderStartError] = useState<string | null>(null);

  const signIn = useMutation({
    mutationFn: async (input: SignInInput) => {
      await signInWithEmail(input);
      // The cookie alone proves nothing to the UI: the guard trusts only /api/session.
      if ((await auth.refreshProfile()) === null) throw new Error('No session after sign-in');
    },
  });

  // Signing in flips the auth state, which lands here: back to the page the guard stopped.
  if (auth.status === 'signed-in') return <Navigate to={readReturnTo(location.state)} replace />;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProviderStartError(null);
    signIn.mutate({ email: email.trim(), password });
  }

  // One alert for the page: the latest attempt's failure, else the provider's return.
  const alertMessage = signIn.isError
    ? describeError(signIn.error, COPY.signInFailed)
    : (providerStartError ?? providerError);

  return (
    <AuthCard
      documentTitle="Sign In"
      title="Welcome back"
      subtitle="Sign in to create videos for your practice."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to="/register" className="font-semibold text-brand-700 hover:underline">
            Create one
          </Link>
        </>
      }
    >
      <form onSubmit={handleSubmit} className="space-y-5">
        <FormAlert message={alertMessage} />
        <TextField
          id="email"
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
        />
        <PasswordInput
          id="password"
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
        />
        <div className="flex justify-end">
          <Link
            to="/forgot-password"
            className="text-sm font-medium text-brand-700 hover:underline"
          >
            Forgot your password?
          </Link>
        </div>
        <button type="submit" disabled={signIn.isPending} className={primaryButtonClass}>
          {signIn.isPending ? 'Signing in...' : 'Sign In'}
        </button>
      </form>
      <SocialSignInButtons
        mode="sign-in"
        returnTo={readReturnTo(location.state)}
        onStartFailed={(message) => {
          signIn.reset();
          setProviderStartError(message);
        }}
      />
    </AuthCard>
  );
}
