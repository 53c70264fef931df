import {
  CLINIC_ID_PATTERN,
  changeRoleRequestSchema,
  inviteMemberRequestSchema,
  switchClinicRequestSchema,
  transferClinicRequestSchema,
} from '@glowreel/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { userActor } from '../audit/request-actor.ts';
import type { Auth } from '../auth/auth.ts';
import type { ClinicMembersService, TeamActor } from '../clinics/clinic-members.service.ts';
import { AppError } from '../errors.ts';
import { requireActor } from './actor.ts';
import { parseBody } from './parse-body.ts';
import { toHeaders } from './session.ts';

/**
 * The signed-in person acting for their clinic as requireActor resolves it (a person with no
 * clinic left gets the replacement clinic it makes), with the session they act through. The
 * session is read from Better Auth each time (not the id cache): the active clinic changes
 * with these very routes.
 */
async function requireTeamActor(auth: Auth, request: FastifyRequest): Promise<TeamActor> {
  const actor = await requireActor(auth, request);
  const found = await auth.api.getSession({
    headers: toHeaders(request),
    query: { disableCookieCache: true },
  });
  if (!found) throw new AppError('unauthorized', 'Please sign in to continue.');
  return {
    ...actor,
    sessionId: found.session.id,
    email: found.user.email,
    emailVerified: found.user.emailVerified,
    audit: userActor(request, actor.userId),
  };
}

/** The path's id; one that no clinic, member or invitation could have is simply not found. */
function idParam(request: FastifyRequest): string {
  const { id } = request.params as { id?: string };
  if (!id || !CLINIC_ID_PATTERN.test(id)) throw new AppError('not_found', 'Nothing has this id.');
  return id;
}

/** Clinic teams (issue #21): members, invitations, roles, the active clinic. */
export function registerClinicsRoutes(
  app: FastifyInstance,
  options: { auth: Auth; members: ClinicMembersService },
): void {
  const { auth, members } = options;
  const teamActor = (request: FastifyRequest) => requireTeamActor(auth, request);

  app.get('/api/clinics', async (request) => members.overview(await teamActor(request)));

  app.post('/api/clinics/active', async (request) => {
    const person = await teamActor(request);
    const { clinicId } = parseBody(switchClinicRequestSchema, request.body);
    await members.switchClinic(person, clinicId);
    return { clinicId };
  });

  app.post('/api/clinics/invitations', async (request, reply) => {
    const person = await teamActor(request);
    const input = parseBody(inviteMemberRequestSchema, request.body);
    const created = await members.invite(person, input);
    return reply.code(201).send(created);
  });

  app.get('/api/clinics/invitations/:id', async (request) =>
    members.previewInvitation(await teamActor(request), idParam(request)),
  );

  app.delete('/api/clinics/invitations/:id', async (request, reply) => {
    await members.cancelInvitation(await teamActor(request), idParam(request));
    return reply.code(204).send();
  });

  app.post('/api/clinics/invitations/:id/accept', async (request) => {
    return members.acceptInvitation(await teamActor(request), idParam(request));
  });

  app.delete('/api/clinics/members/:id', async (request, reply) => {
    await members.removeMember(await teamActor(request), idParam(request));
    return reply.code(204).send();
  });

  app.patch('/api/clinics/members/:id', async (request) => {
    const person = await teamActor(request);
    const { role } = parseBody(changeRoleRequestSchema, request.body);
    await members.changeRole(person, idParam(request), role);
    return { role };
  });

  app.post('/api/clinics/leave', async (request, reply) => {
    await members.leave(await teamActor(request));
    return reply.code(204).send();
  });

  app.post('/api/clinics/transfer', async (request, reply) => {
    const person = await teamActor(request);
    const { memberId } = parseBody(transferClinicRequestSchema, request.body);
    await members.transfer(person, memberId);
    return reply.code(204).send();
  });
}
