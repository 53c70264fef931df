import type { SignInProvider } from '@glowreel/contracts';
import { useMutation } from '@tanstack/react-query';
import { startProviderSignIn, useSignInProviders } from './social-sign-in-api.ts';
import {
  describeProviderError,
  PROVIDER_PARAM,
  type SocialSignInMode,
} from './social-sign-in-error.ts';

const providerButtonClass =
  'inline-flex w-full items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2.5 font-semibold text-slate-800 shadow-sm transition hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none disabled:cursor-not-allowed disabled:text-slate-400';

interface SocialSignInButtonsProps {
  mode: SocialSignInMode;
  /** Where a returning account lands after the provider sends it back. */
  returnTo: string;
  /** Called when the provider could not even be reached; the page shows it in its one alert. */
  onStartFailed: (message: string) => void;
}

/**
 * "Continue with Google" and "Continue with {OIDC_NAME}": one button per provider the operator
 * configured, none (and no divider) when there is none.
 */
export function SocialSignInButtons({ mode, returnTo, onStartFailed }: SocialSignInButtonsProps) {
  const providers = useSignInProviders();
  const page = mode === 'sign-up' ? '/register' : '/login';
  const start = useMutation({
    mutationFn: (provider: SignInProvider) =>
      startProviderSignIn({
        provider: provider.id,
        callbackURL: returnTo,
        newUserCallbackURL: '/dashboard',
        errorCallbackURL: `${page}?${PROVIDER_PARAM}=${provider.id}`,
      }),
    onSuccess: (url) => window.location.assign(url),
    onError: (_error, provider) => onStartFailed(describeProviderError('', provider, mode)),
  });
  if (providers.length === 0) return null;

  return (
    <div className="mt-6">
      <div className="flex items-center gap-3 text-sm text-slate-500" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <ul className="mt-6 space-y-3">
        {providers.map((provider) => (
          <li key={provider.id}>
            <button
              type="button"
              className={providerButtonClass}
              disabled={start.isPending}
              onClick={() => start.mutate(provider)}
            >
              {start.isPending && start.variables.id === provider.id
                ? `Connecting to ${provider.name}...`
                : `Continue with ${provider.name}`}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
