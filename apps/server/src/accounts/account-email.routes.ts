import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Auth } from '../auth/auth.ts';
import { parseBody } from '../http/parse-body.ts';
import { requireUserId } from '../http/session.ts';

const resetLinkSchema = z.object({ token: z.string().min(1).max(200) });

/**
 * Whether a reset link can still be used, without using it: Better Auth finds the value by
 * the token's digest, the same lookup reset-password makes.
 */
async function isResetLinkUsable(auth: Auth, token: string): Promise<boolean> {
  const context = await auth.$context;
  const value = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  return value !== null && value.expiresAt > new Date();
}

export function registerAccountEmailRoutes(
  app: FastifyInstance,
  options: { auth: Auth; rateLimitPerMinute: number },
): void {
  const { auth } = options;

  // The dashboard banner and the e-mail section ask whether the address is confirmed yet.
  app.get('/api/account/email', async (request) => {
    const userId = await requireUserId(auth, request);
    return auth.emailGate.status(userId);
  });

  // The reset page asks first, so a spent or expired link shows "send a new link" at once
  // instead of after the person has typed a new password twice. Limited like sign-in.
  app.post(
    '/api/account/password-reset/check',
    { config: { rateLimit: { max: options.rateLimitPerMinute, timeWindow: '1 minute' } } },
    async (request) => {
      const { token } = parseBody(resetLinkSchema, request.body);
      return { usable: await isResetLinkUsable(auth, token) };
    },
  );
}
