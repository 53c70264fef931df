import { profileSchema, type Profile } from '@glowreel/contracts';
import { requestJson } from './api-client.ts';

export interface SignInInput {
  email: string;
  password: string;
}

export interface SignUpInput extends SignInInput {
  name: string;
}

export async function signInWithEmail(input: SignInInput): Promise<void> {
  await requestJson('POST', '/api/auth/sign-in/email', input);
}

export async function signUpWithEmail(input: SignUpInput): Promise<void> {
  await requestJson('POST', '/api/auth/sign-up/email', input);
}

export async function signOutSession(): Promise<void> {
  await requestJson('POST', '/api/auth/sign-out', {});
}

/** The signed-in user's profile, or null when there is no session. */
export async function fetchProfile(): Promise<Profile | null> {
  const answer = await requestJson('GET', '/api/session');
  const profile =
    typeof answer === 'object' && answer !== null && 'profile' in answer ? answer.profile : null;
  return profile === null ? null : profileSchema.parse(profile);
}
