import type {
  ClinicRoleName,
  ClinicsOverview,
  InvitableRole,
  InvitationPreview,
} from '@glowreel/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError, requestJson } from './api-client.ts';
import { useAuth } from './auth-context.ts';

export type { ClinicRoleName, ClinicsOverview, InvitableRole, InvitationPreview };

/** The person's clinics and the active clinic's team (GET /api/clinics). */
export const CLINICS_QUERY_KEY = ['clinics'] as const;

/**
 * The overview, or null where this server does not offer teams (CLINIC_TEAMS off: no team
 * route is served): the person then belongs to one clinic, their own, as its owner.
 */
export async function fetchClinics(): Promise<ClinicsOverview | null> {
  try {
    return (await requestJson('GET', '/api/clinics')) as ClinicsOverview;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export async function switchClinic(clinicId: string): Promise<void> {
  await requestJson('POST', '/api/clinics/active', { clinicId });
}

export async function inviteMember(email: string, role: InvitableRole): Promise<void> {
  await requestJson('POST', '/api/clinics/invitations', { email, role });
}

export async function cancelInvitation(id: string): Promise<void> {
  await requestJson('DELETE', `/api/clinics/invitations/${encodeURIComponent(id)}`);
}

export async function fetchInvitation(id: string): Promise<InvitationPreview> {
  return (await requestJson(
    'GET',
    `/api/clinics/invitations/${encodeURIComponent(id)}`,
  )) as InvitationPreview;
}

export async function acceptInvitation(id: string): Promise<void> {
  await requestJson('POST', `/api/clinics/invitations/${encodeURIComponent(id)}/accept`);
}

export async function removeMember(memberId: string): Promise<void> {
  await requestJson('DELETE', `/api/clinics/members/${encodeURIComponent(memberId)}`);
}

export async function changeRole(memberId: string, role: InvitableRole): Promise<void> {
  await requestJson('PATCH', `/api/clinics/members/${encodeURIComponent(memberId)}`, { role });
}

export async function transferClinic(memberId: string): Promise<void> {
  await requestJson('POST', '/api/clinics/transfer', { memberId });
}

export async function leaveClinic(): Promise<void> {
  await requestJson('POST', '/api/clinics/leave');
}

export function useClinics() {
  return useQuery({ queryKey: CLINICS_QUERY_KEY, queryFn: fetchClinics });
}

/**
 * The person's role in the active clinic (owner of their own where teams are not offered),
 * or null while it loads: role-aware screens show
 * owner/admin controls only once the role is known, so staff never see them flash.
 */
export function useClinicRole(): ClinicRoleName | null {
  const { data } = useClinics();
  if (data === null) return 'owner';
  return data?.active.role ?? null;
}

/**
 * After the active clinic changed (switch, accept, leave): every page's data belonged to the
 * old clinic, so every query is fetched again.
 */
export function useReloadForClinic(): () => Promise<void> {
  const queryClient = useQueryClient();
  const { refreshProfile } = useAuth();
  return useCallback(async () => {
    await Promise.all([queryClient.resetQueries(), refreshProfile()]);
  }, [queryClient, refreshProfile]);
}
