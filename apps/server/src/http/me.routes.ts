import type { FastifyInstance } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import type { ProfilesService } from '../services/profiles.service.ts';
import { requireUserId } from './session.ts';

export function registerMeRoutes(
  app: FastifyInstance,
  auth: Auth,
  profiles: ProfilesService,
): void {
  app.get('/api/me', async (request) => {
    const userId = await requireUserId(auth, request);
    return profiles.getProfile(userId);
  });
}
