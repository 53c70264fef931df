import type { FastifyInstance } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import type { ProfilesService } from '../services/profiles.service.ts';
import { requireActor } from './actor.ts';
import { findSessionUserId } from './session.ts';

export function registerMeRoutes(
  app: FastifyInstance,
  auth: Auth,
  profiles: ProfilesService,
): void {
  app.get('/api/me', async (request) => {
    const { userId } = await requireActor(auth, request);
    return profiles.getProfile(userId);
  });

  // The browser's own question "who is signed in?": signed out is an answer, not an error,
  // so an anonymous visit logs no failed request in the console.
  app.get('/api/session', async (request) => {
    const userId = await findSessionUserId(auth, request);
    return { profile: userId ? await profiles.getProfile(userId) : null };
  });
}
