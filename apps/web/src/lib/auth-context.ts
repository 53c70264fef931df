import type { Profile } from '@glowreel/contracts';
import { createContext, useContext } from 'react';

export const ME_QUERY_KEY = ['me'] as const;

/**
 * SPEC §4 auth state. While loading, `profile` is the last persisted copy (or null):
 * good enough to draw the header without a flash, never enough to pass the route guard.
 */
export type AuthState =
  | { status: 'loading'; profile: Profile | null }
  | { status: 'signed-in'; profile: Profile }
  | { status: 'signed-out'; profile: null };

export type AuthContextValue = AuthState & {
  /** Re-reads GET /api/session, e.g. right after the session cookie was set. */
  refreshProfile: () => Promise<Profile | null>;
  /** Forgets the profile on this device; the server session is ended by the caller. */
  clearSession: () => void;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (value === null) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
