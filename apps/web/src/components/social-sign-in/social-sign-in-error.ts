import {
  COPY,
  socialSignInFailed,
  socialSignUpFailed,
  type SignInProvider,
} from '@glowreel/contracts';

export type SocialSignInMode = 'sign-in' | 'sign-up';

/** The query parameter the sign-in pages put on the provider's error return address. */
export const PROVIDER_PARAM = 'provider';

/**
 * The message for a provider sign-in that came back with `?error=`: SPEC §8's "Failed to sign
 * in with {provider}" (or "sign up"), plus what to do when the reason is one a person can act on.
 */
export function describeProviderError(
  error: string,
  provider: SignInProvider | undefined,
  mode: SocialSignInMode,
): string {
  const headline = provider
    ? mode === 'sign-up'
      ? socialSignUpFailed(provider.name)
      : socialSignInFailed(provider.name)
    : mode === 'sign-up'
      ? COPY.registerFailed
      : COPY.signInFailed;
  const reason = reasonFor(error, provider?.name ?? 'the provider');
  return reason ? `${headline}. ${reason}` : headline;
}

function reasonFor(error: string, providerName: string): string | null {
  switch (error) {
    case 'account_not_linked':
      return `An account with this e-mail already exists, but its e-mail address is not verified, so ${providerName} was not linked to it. Sign in with your e-mail and password instead.`;
    case 'state_mismatch':
    case 'state_not_found':
    case 'state_invalid':
      return 'This sign-in link was already used or has expired. Please start again.';
    case 'access_denied':
      return `${providerName} did not give permission.`;
    case 'email_not_found':
      return `${providerName} did not share an e-mail address.`;
    default:
      return null;
  }
}
