import * as z from 'zod/mini';

// GET /api/sign-in-providers: which "Continue with …" buttons the sign-in pages show.
export const signInProviderSchema = z.object({
  /** Better Auth's provider id: `google`, or `oidc` for the operator's OpenID Connect issuer. */
  id: z.enum(['google', 'oidc']),
  /** Shown on the button and in messages: "Continue with {name}". */
  name: z.string(),
});
export type SignInProvider = z.infer<typeof signInProviderSchema>;

export const signInProvidersSchema = z.object({ providers: z.array(signInProviderSchema) });
export type SignInProviders = z.infer<typeof signInProvidersSchema>;

/** One linked way to sign in, as the account page lists it. */
export const signInMethodSchema = z.object({
  /** The link's own id, which unlinking names. */
  id: z.string(),
  /** `credential` is e-mail and password; otherwise a provider id. */
  providerId: z.string(),
  /** Who the person is at the provider. */
  accountId: z.string(),
});
export type SignInMethod = z.infer<typeof signInMethodSchema>;

/** SPEC §8 wording for a social sign-in that failed, with the provider's name. */
export function socialSignInFailed(providerName: string): string {
  return `Failed to sign in with ${providerName}`;
}

export function socialSignUpFailed(providerName: string): string {
  return `Failed to sign up with ${providerName}`;
}
