import type { Profile } from '@glowreel/contracts';
import { useAuth } from './auth-context.ts';

/** The profile of a page behind <RequireAuth>, which only renders it once signed in. */
export function useSignedInProfile(): Profile {
  const auth = useAuth();
  if (auth.status !== 'signed-in') throw new Error('useSignedInProfile needs <RequireAuth>');
  return auth.profile;
}
