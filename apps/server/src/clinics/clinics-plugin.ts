import { organization } from 'better-auth/plugins/organization';
import { clinicAccessControl, clinicRoles } from './clinic-roles.ts';
import { OWNER_ROLE } from './clinics.repository.ts';

/**
 * Better Auth's organization plugin as Glowreel's clinics (issue #21, DESIGN.md D18). It owns
 * the "organization", "member" and "invitation" tables, created like Better Auth's own, and
 * the session's active clinic.
 *
 * In this first slice the server alone makes clinics (each account's personal one, see
 * ClinicsService) and nobody may create, delete or join one over HTTP: the plugin's endpoints
 * are unserved (see `unservedClinicPaths`) until invitations, roles and switching are built
 * with their access checks.
 */
export function clinicsPlugin() {
  return organization({
    creatorRole: OWNER_ROLE,
    ac: clinicAccessControl,
    roles: clinicRoles,
    allowUserToCreateOrganization: false,
    // A clinic's deletion would take its videos and ledger with it: not before its own rules.
    disableOrganizationDeletion: true,
    schema: {
      organization: {
        additionalFields: {
          // Marks an account's own clinic, one per account. Cleared when the clinic is transferred
          // or the account is deleted (the clinic goes only with AccountDeletionService).
          personalOwnerId: {
            type: 'string',
            required: false,
            input: false,
            unique: true,
            references: { model: 'user', field: 'id', onDelete: 'set null' },
          },
        },
      },
    },
  });
}

/** Every HTTP path of the organization plugin: none is served in this slice. */
export function unservedClinicPaths(): string[] {
  return Object.values(clinicsPlugin().endpoints)
    .map((endpoint) => endpoint.path)
    .filter((path): path is string => typeof path === 'string' && path !== '');
}
