import { accountEmailStatusSchema, type AccountEmailStatus } from '@glowreel/contracts';
import { requestJson } from './api-client.ts';

export const ACCOUNT_EMAIL_QUERY_KEY = ['account-email'] as const;

/** Whether the signed-in person's address is confirmed, and whether that is asked for. */
export async function fetchEmailStatus(): Promise<AccountEmailStatus> {
  return accountEmailStatusSchema.parse(await requestJson('GET', '/api/account/email'));
}

/** Always answers the same, whether or not an account exists for the address. */
export async function requestPasswordReset(email: string): Promise<void> {
  await requestJson('POST', '/api/auth/request-password-reset', { email });
}

export async function resetPassword(token: string, newPassword: string): Promise<void> {
  await requestJson('POST', '/api/auth/reset-password', { token, newPassword });
}

/** True while the reset link can still be used (unknown, spent and expired links are not). */
export async function isResetLinkUsable(token: string): Promise<boolean> {
  const answer = await requestJson('POST', '/api/account/password-reset/check', { token });
  return (
    typeof answer === 'object' && answer !== null && 'usable' in answer && answer.usable === true
  );
}

export async function resendVerification(email: string): Promise<void> {
  await requestJson('POST', '/api/auth/send-verification-email', {
    email,
    callbackURL: '/dashboard',
  });
}

/** Mails a link to the new address; the address changes only when that link is opened. */
export async function changeEmail(newEmail: string): Promise<void> {
  await requestJson('POST', '/api/auth/change-email', { newEmail, callbackURL: '/account' });
}
