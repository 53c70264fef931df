import type { Profile } from '@glowreel/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { fetchProfile } from '../lib/auth-api.ts';
import { AuthContext, ME_QUERY_KEY, type AuthContextValue } from '../lib/auth-context.ts';
import { readStoredProfile, storeProfile } from '../lib/profile-storage.ts';

// Every answer from the server refreshes the persisted copy, so it can never outlive a 401.
async function loadProfile(): Promise<Profile | null> {
  const profile = await fetchProfile();
  storeProfile(profile);
  return profile;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // The build-time render of the landing page has no storage: it draws the unknown visitor.
  const [storedProfile] = useState(() =>
    typeof window === 'undefined' ? null : readStoredProfile(),
  );
  const { data, isPending } = useQuery({ queryKey: ME_QUERY_KEY, queryFn: loadProfile, retry: 1 });

  const refreshProfile = useCallback(
    () => queryClient.fetchQuery({ queryKey: ME_QUERY_KEY, queryFn: loadProfile, staleTime: 0 }),
    [queryClient],
  );

  const clearSession = useCallback(() => {
    storeProfile(null);
    queryClient.setQueryData(ME_QUERY_KEY, null);
    // Whatever else was cached belonged to the user who just left.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_QUERY_KEY[0] });
  }, [queryClient]);

  const value = useMemo<AuthContextValue>(() => {
    const actions = { refreshProfile, clearSession };
    if (data) return { status: 'signed-in', profile: data, ...actions };
    if (isPending) return { status: 'loading', profile: storedProfile, ...actions };
    // A failed /api/session (after its retry) is treated as signed out rather than loading forever.
    return { status: 'signed-out', profile: null, ...actions };
  }, [data, isPending, storedProfile, refreshProfile, clearSession]);

  return <AuthContext value={value}>{children}</AuthContext>;
}
