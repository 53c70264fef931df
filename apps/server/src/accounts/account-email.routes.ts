import type { FastifyInstance } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import { requireUserId } from '../http/session.ts';

/** The dashboard banner and the e-mail section ask whether the address is confirmed yet. */
export function registerAccountEmailRoutes(app: FastifyInstance, auth: Auth): void {
  app.get('/api/account/email', async (request) => {
    const userId = await requireUserId(auth, request);
    return auth.emailGate.status(userId);
  });
}
