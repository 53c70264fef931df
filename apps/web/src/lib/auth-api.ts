import { profileSchema, type Profile } from '@glowreel/contracts';
import { ApiError, requestJson } from './api-client.ts';

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

/** The signed-in user's profile, or null when there is no session (401). */
export async function fetchProfile(): Promise<Profile | null> {
  try {
    return profileSchema.parse(await requestJson('GET', '/api/me'));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}
