import { auditLogQuerySchema } from '@glowreel/contracts';
import type { FastifyInstance } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import { AppError } from '../errors.ts';
import type { AuditLog } from './audit-log.ts';
import { requireActorWith } from '../http/actor.ts';

/** The signed-in clinic's own audit log (issue #18 §4): filtered by kind, newest first, paged. */
export function registerAuditLogRoutes(
  app: FastifyInstance,
  options: { auth: Auth; audit: AuditLog },
): void {
  const { auth, audit } = options;
  app.get('/api/audit-log', async (request) => {
    const { userId } = await requireActorWith(auth, request, { auditLog: 'read' });
    const parsed = auditLogQuerySchema.safeParse(request.query ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.join('.') || 'query';
      throw new AppError('validation_failed', `${field}: ${issue?.message ?? 'is not valid'}`, {
        field,
      });
    }
    // Only ever the account's own events: the account comes from the session, never the query.
    return audit.page(userId, parsed.data);
  });
}
