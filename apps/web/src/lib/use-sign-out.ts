import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { signOutSession } from './auth-api.ts';
import { useAuth } from './auth-context.ts';

/** SPEC §2 Sign Out: end the session, clear the local user state, go to /. */
export function useSignOut(): () => Promise<void> {
  const { clearSession } = useAuth();
  const navigate = useNavigate();

  return useCallback(async () => {
    try {
      await signOutSession();
    } catch {
      // The user asked to leave: forget them here even if the server could not be reached;
      // the next /api/session answer remains the truth about the cookie.
    }
    // Leave a guarded page before the profile disappears, or its guard would win the race
    // and send the user to /login instead of /.
    await navigate('/', { flushSync: true });
    clearSession();
  }, [clearSession, navigate]);
}
