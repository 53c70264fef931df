import type { SignInProvider } from '@glowreel/contracts';
import { DISPLAY_NAME_MAX_LENGTH } from '@glowreel/contracts';
import type { BetterAuthOptions } from 'better-auth';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { SignInProvidersConfig } from '../config.ts';
import { checkDisplayName } from './auth-input-rules.ts';

/** Better Auth's id of the operator's OpenID Connect issuer (the callback is /api/auth/callback/oidc). */
export const OIDC_PROVIDER_ID = 'oidc';
export const GOOGLE_PROVIDER_ID = 'google';

/** What the sign-in pages may show: the configured providers, never their secrets. */
export function publicSignInProviders(config: SignInProvidersConfig): SignInProvider[] {
  const providers: SignInProvider[] = [];
  if (config.google) providers.push({ id: GOOGLE_PROVIDER_ID, name: 'Google' });
  if (config.oidc) providers.push({ id: OIDC_PROVIDER_ID, name: config.oidc.name });
  return providers;
}

export function socialProvidersFor(
  config: SignInProvidersConfig,
): BetterAuthOptions['socialProviders'] {
  if (!config.google) return {};
  return {
    google: {
      clientId: config.google.clientId,
      clientSecret: config.google.clientSecret,
      mapProfileToUser: (profile) => ({ name: providerNameOf(profile.name, profile.email) }),
      // Only ask Google for who the person is; the account picker every time, so a shared
      // front-desk computer never signs the next person in as the last one.
      prompt: 'select_account',
    },
  };
}

/** The generic OAuth plugin for the operator's issuer, found through its discovery document. */
export function oidcPluginsFor(config: SignInProvidersConfig) {
  const oidc = config.oidc;
  if (!oidc) return [];
  return [
    genericOAuth({
      config: [
        {
          providerId: OIDC_PROVIDER_ID,
          name: oidc.name,
          discoveryUrl: `${oidc.issuer}/.well-known/openid-configuration`,
          clientId: oidc.clientId,
          clientSecret: oidc.clientSecret,
          scopes: ['openid', 'email', 'profile'],
          pkce: true,
          // Refuse an ID token the issuer's keys did not sign (and its nonce is then checked).
          requireIdTokenVerification: true,
          mapProfileToUser: (profile) => ({ name: providerNameOf(profile.name, profile.email) }),
        },
      ],
    }),
  ];
}

/**
 * A provider's display name held to the sign-up rule (SPEC §5): trimmed, one plain line, at
 * most 120 characters. A missing or unusable one gives way to the address's local part.
 */
export function providerNameOf(name: unknown, email: unknown): string {
  const checked = checkDisplayName(name);
  if ('name' in checked) return checked.name;
  const local = typeof email === 'string' ? (email.split('@')[0] ?? '') : '';
  const fallback = checkDisplayName(local.slice(0, DISPLAY_NAME_MAX_LENGTH));
  return 'name' in fallback ? fallback.name : 'Clinic';
}
