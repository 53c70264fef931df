import { createAccessControl } from 'better-auth/plugins/access';
import { defaultStatements } from 'better-auth/plugins/organization/access';

/**
 * Who may do what in a clinic (issue #21), one table for Better Auth's organization plugin
 * (members and invitations) and for Glowreel's own routes (videos, keys, billing...).
 *
 * - owner: billing, transferring or deleting the clinic, and everything an admin may do;
 * - admin: members and invitations, API keys, webhooks, brand kit, engines, the audit log;
 * - staff: create videos, see the clinic's history, give feedback.
 */
const clinicStatements = {
  ...defaultStatements,
  video: ['create', 'read', 'delete'],
  feedback: ['create'],
  apiKey: ['create', 'read', 'revoke'],
  webhook: ['read', 'rotate'],
  brand: ['update'],
  engine: ['opt-in'],
  auditLog: ['read'],
  billing: ['manage'],
  clinic: ['transfer'],
} as const;

export const clinicAccessControl = createAccessControl(clinicStatements);

const staff = clinicAccessControl.newRole({
  video: ['create', 'read'],
  feedback: ['create'],
});

const admin = clinicAccessControl.newRole({
  organization: ['update'],
  member: ['create', 'update', 'delete'],
  invitation: ['create', 'cancel'],
  video: ['create', 'read', 'delete'],
  feedback: ['create'],
  apiKey: ['create', 'read', 'revoke'],
  webhook: ['read', 'rotate'],
  brand: ['update'],
  engine: ['opt-in'],
  auditLog: ['read'],
});

const owner = clinicAccessControl.newRole({
  ...admin.statements,
  organization: ['update', 'delete'],
  billing: ['manage'],
  clinic: ['transfer'],
});

export const clinicRoles = { owner, admin, staff } as const;

export type ClinicRole = keyof typeof clinicRoles;

export const CLINIC_ROLES = Object.keys(clinicRoles) as ClinicRole[];

type ClinicStatements = typeof clinicStatements;

/** One permission: a resource and one of its actions, e.g. `{ apiKey: 'create' }`. */
export type ClinicPermission = {
  [Resource in keyof ClinicStatements]: { [R in Resource]: ClinicStatements[R][number] };
}[keyof ClinicStatements];

export function isClinicRole(value: string): value is ClinicRole {
  return Object.hasOwn(clinicRoles, value);
}

/** Whether `role` may do `permission`; an unknown role may do nothing. */
export function roleAllows(role: string, permission: ClinicPermission): boolean {
  if (!isClinicRole(role)) return false;
  const [resource, action] = Object.entries(permission)[0] as [string, string];
  return clinicRoles[role].authorize({ [resource]: [action] }).success;
}
