import type { FastifyInstance } from 'fastify';
import { userActor } from '../audit/request-actor.ts';
import type { Auth } from '../auth/auth.ts';
import type { AccountSessionsService } from '../services/account-sessions.service.ts';
import { requireUserId, toHeaders } from './session.ts';

/** Issue #17 §4: the member's signed-in sessions, and signing them out. */
export function registerAccountSessionsRoutes(
  app: FastifyInstance,
  options: { auth: Auth; sessions: AccountSessionsService },
): void {
  const { auth, sessions } = options;

  app.get('/api/account/sessions', async (request) => {
    await requireUserId(auth, request);
    return { sessions: await sessions.list(toHeaders(request)) };
  });

  app.delete<{ Params: { id: string } }>('/api/account/sessions/:id', async (request) => {
    const userId = await requireUserId(auth, request);
    return sessions.revoke(toHeaders(request), request.params.id, userActor(request, userId));
  });

  app.post('/api/account/sessions/revoke-others', async (request) => {
    const userId = await requireUserId(auth, request);
    return sessions.revokeOthers(toHeaders(request), userActor(request, userId));
  });
}
