import type { FastifyInstance } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import type { ProfilesService } from '../services/profiles.service.ts';
import { requireActor } from './actor.ts';
import { findSessionToken, findSessionUserId } from './session.ts';

/** SPEC §3 profile: the member's own name and photo with the acting clinic's credits and plan. */
export function registerMeRoutes(
  app: FastifyInstance,
  auth: Auth,
  profiles: ProfilesService,
): void {
  app.get('/api/me', async (request) => {
    const { userId, clinicId } = await requireActor(auth, request);
    return profiles.getProfile(userId, clinicId);
  });

  // The browser's own question "who is signed in?": signed out is an answer, not an error,
  // so an anonymous visit logs no failed request in the console.
  app.get('/api/session', async (request) => {
    const userId = await findSessionUserId(auth, request);
    if (!userId) return { profile: null };
    const acting = await auth.clinics.actingMembership(userId, findSessionToken(request));
    return { profile: acting ? await profiles.getProfile(userId, acting.clinicId) : null };
  });
}
