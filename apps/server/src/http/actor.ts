import type { FastifyRequest } from 'fastify';
import { noteActingClinic } from '../audit/audit-scope.ts';
import type { Auth } from '../auth/auth.ts';
import { roleAllows, type ClinicPermission } from '../clinics/clinic-roles.ts';
import { AppError } from '../errors.ts';
import { findSessionToken, requireUserId } from './session.ts';

/**
 * Who a request acts as (issue #21): the member (`userId`), the clinic they act for
 * (`clinicId`) and their role in it. The clinic owns the data; `userId` is recorded as the
 * member who did it.
 */
export interface Actor {
  userId: string;
  clinicId: string;
  /** A ClinicRole; kept as the stored string so an unknown role is allowed nothing. */
  role: string;
}

/**
 * The signed-in actor, or a 401 in the API's error shape (as requireUserId). The clinic is the
 * session's active clinic while the account is still a member of it, else its personal clinic;
 * membership is read from the database on every request (never from the session cache), so a
 * removed member stops acting for the clinic on their very next request.
 */
export async function requireActor(auth: Auth, request: FastifyRequest): Promise<Actor> {
  const userId = await requireUserId(auth, request);
  const membership = await auth.clinics.actingMembership(userId, findSessionToken(request));
  if (!membership) throw new AppError('unauthorized', 'Please sign in to continue.');
  noteActingClinic(membership.clinicId);
  return { userId, clinicId: membership.clinicId, role: membership.role };
}

/** Who may do what, in words a person can act on (403 `forbidden` messages). */
const WHO_MAY: Record<string, string> = {
  organization: "Only the clinic's owner or an admin can change the clinic.",
  member: "Only the clinic's owner or an admin can manage members.",
  invitation: "Only the clinic's owner or an admin can manage invitations.",
  team: "Only the clinic's owner or an admin can manage teams.",
  ac: "Only the clinic's owner or an admin can manage roles.",
  video: 'Your role in this clinic does not allow this for videos.',
  feedback: 'Your role in this clinic does not allow giving feedback.',
  apiKey: "Only the clinic's owner or an admin can manage API keys.",
  webhook: "Only the clinic's owner or an admin can manage webhooks.",
  brand: "Only the clinic's owner or an admin can change the brand kit.",
  engine: "Only the clinic's owner or an admin can change the clinic's engines.",
  auditLog: "Only the clinic's owner or an admin can read the audit log.",
  billing: "Only the clinic's owner can manage billing.",
  clinic: "Only the clinic's owner can transfer the clinic.",
};

/** A 403 `forbidden` unless the actor's role allows `permission` (clinic-roles.ts). */
export function requirePermission(actor: Actor, permission: ClinicPermission): void {
  if (roleAllows(actor.role, permission)) return;
  const resource = Object.keys(permission)[0] ?? '';
  throw new AppError(
    'forbidden',
    WHO_MAY[resource] ?? 'Your role in this clinic does not allow this.',
    { permission },
  );
}

/** requireActor then requirePermission: the one call a clinic route makes. */
export async function requireActorWith(
  auth: Auth,
  request: FastifyRequest,
  permission: ClinicPermission,
): Promise<Actor> {
  const actor = await requireActor(auth, request);
  requirePermission(actor, permission);
  return actor;
}
