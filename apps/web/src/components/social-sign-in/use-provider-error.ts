import { useSearchParams } from 'react-router';
import { useSignInProviders } from './social-sign-in-api.ts';
import {
  describeProviderError,
  PROVIDER_PARAM,
  type SocialSignInMode,
} from './social-sign-in-error.ts';

/** The message for a provider sign-in that returned to this page with `?error=`, or null. */
export function useProviderError(mode: SocialSignInMode): string | null {
  const [params] = useSearchParams();
  const providers = useSignInProviders();
  const error = params.get('error');
  if (error === null) return null;
  const provider = providers.find((entry) => entry.id === params.get(PROVIDER_PARAM));
  return describeProviderError(error, provider, mode);
}
