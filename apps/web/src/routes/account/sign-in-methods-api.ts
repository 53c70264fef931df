import { signInMethodSchema, type SignInMethod } from '@glowreel/contracts';
import * as z from 'zod/mini';
import { ApiError, requestJson } from '../../lib/api-client.ts';

/** The account page's linked sign-in methods. */
export const SIGN_IN_METHODS_QUERY_KEY = ['account', 'sign-in-methods'] as const;

const methodsSchema = z.array(signInMethodSchema);

/** Better Auth's list-accounts: every way this account signs in. */
export async function fetchSignInMethods(): Promise<SignInMethod[]> {
  const parsed = methodsSchema.safeParse(await requestJson('GET', '/api/auth/list-accounts'));
  if (!parsed.success) throw new ApiError(500, 'UNEXPECTED_RESPONSE', '');
  return parsed.data;
}

/** Better Auth's unlink-account; it refuses to remove the last method. */
export async function unlinkSignInMethod(method: SignInMethod): Promise<void> {
  // Better Auth names the link by its own id here, not by the provider's account id.
  await requestJson('POST', '/api/auth/unlink-account', { accountId: method.id });
}
