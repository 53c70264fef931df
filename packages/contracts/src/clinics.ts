import { z } from 'zod';

// Clinic teams (issue #21): who belongs to the clinic the session acts for, who is invited,
// and the requests that change it. Roles themselves live on the server (clinic-roles.ts).

export const CLINIC_ROLE_NAMES = ['owner', 'admin', 'staff'] as const;
export type ClinicRoleName = (typeof CLINIC_ROLE_NAMES)[number];

/** The roles an invitation or a role change may give: ownership moves only by transfer. */
export const INVITABLE_ROLES = ['admin', 'staff'] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;

/** The ids of clinics, members and invitations: Better Auth's and UUIDs alike. */
export const CLINIC_ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

const id = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .regex(
      CLINIC_ID_PATTERN,
      `${label} must be an id from GET /api/clinics (letters, digits, - and _).`,
    );

const invitableRole = z.enum(INVITABLE_ROLES, {
  error: 'role must be "admin" or "staff" (ownership moves with a transfer).',
});

export const switchClinicRequestSchema = z.object({ clinicId: id('clinicId') });
export const inviteMemberRequestSchema = z.object({
  email: z
    .email({ error: 'email must be an e-mail address such as anna@clinic.example.' })
    .max(254, 'email can be at most 254 characters.')
    .transform((value) => value.toLowerCase()),
  role: invitableRole,
});
export const changeRoleRequestSchema = z.object({ role: invitableRole });
export const transferClinicRequestSchema = z.object({ memberId: id('memberId') });

export type SwitchClinicRequest = z.infer<typeof switchClinicRequestSchema>;
export type InviteMemberRequest = z.infer<typeof inviteMemberRequestSchema>;

export interface ClinicSummary {
  id: string;
  name: string;
  role: ClinicRoleName;
  isActive: boolean;
}

export interface ClinicMember {
  id: string;
  userId: string;
  name: string;
  email: string;
  role: ClinicRoleName;
  joinedAt: string;
}

export interface PendingInvitation {
  id: string;
  email: string;
  role: InvitableRole;
  expiresAt: string;
}

/** GET /api/clinics. */
export interface ClinicsOverview {
  clinics: ClinicSummary[];
  active: {
    id: string;
    name: string;
    role: ClinicRoleName;
    plan: string;
    members: ClinicMember[];
    invitations: PendingInvitation[];
    seats: { used: number; total: number };
  };
}

/** GET /api/clinics/invitations/:id: what the accept page shows before accepting. */
export interface InvitationPreview {
  id: string;
  clinicName: string;
  inviterName: string;
  email: string;
  role: InvitableRole;
  expiresAt: string;
  status: 'pending' | 'accepted' | 'canceled' | 'expired';
}
