import { signInProvidersSchema, type SignInProvider } from '@glowreel/contracts';
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { requestJson } from '../../lib/api-client.ts';

export const SIGN_IN_PROVIDERS_QUERY_KEY = ['sign-in-providers'] as const;

export async function fetchSignInProviders(): Promise<SignInProvider[]> {
  return signInProvidersSchema.parse(await requestJson('GET', '/api/sign-in-providers')).providers;
}

/** The configured providers; empty while loading or when the server cannot say. */
export function useSignInProviders(): SignInProvider[] {
  const { data } = useQuery({
    queryKey: SIGN_IN_PROVIDERS_QUERY_KEY,
    queryFn: fetchSignInProviders,
    retry: 1,
    // Set by the operator at start: one answer holds for the whole visit.
    staleTime: Infinity,
  });
  return data ?? [];
}

const redirectAnswerSchema = z.object({ url: z.string() });

export interface ProviderRedirect {
  provider: SignInProvider['id'];
  /** Where a returning account lands. */
  callbackURL: string;
  /** Where a first sign-in (a new account) lands. */
  newUserCallbackURL: string;
  /** Where a failure lands, with `?error=` added by the server. */
  errorCallbackURL: string;
}

/** Starts a provider sign-in: the server keeps the state, PKCE verifier and nonce. */
export async function startProviderSignIn(redirect: ProviderRedirect): Promise<string> {
  const answer = await requestJson('POST', '/api/auth/sign-in/social', redirect);
  return redirectAnswerSchema.parse(answer).url;
}

/** Starts linking a provider to the signed-in account (its e-mail must match). */
export async function startProviderLink(redirect: {
  provider: SignInProvider['id'];
  callbackURL: string;
  errorCallbackURL: string;
}): Promise<string> {
  const answer = await requestJson('POST', '/api/auth/link-social', redirect);
  return redirectAnswerSchema.parse(answer).url;
}
