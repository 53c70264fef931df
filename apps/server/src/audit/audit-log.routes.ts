import { auditLogQuerySchema } from '@glowreel/contracts';
import type { FastifyInstance } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import { AppError } from '../errors.ts';
import type { AuditLog } from './audit-log.ts';
import { requireActorWith } from '../http/actor.ts';

/** The acting clinic's own audit log (issues #18 §4, #21): filtered by kind, newest first, paged. */
export function registerAuditLogRoutes(
  app: FastifyInstance,
  options: { auth: Auth; audit: AuditLog },
): void {
  const { auth, audit } = options;
  app.get('/api/audit-log', async (request) => {
    const { userId, clinicId } = await requireActorWith(auth, request, { auditLog: 'read' });
    const parsed = auditLogQuerySchema.safeParse(request.query ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.join('.') || 'query';
      throw new AppError('validation_failed', `${field}: ${issue?.message ?? 'is not valid'}`, {
        field,
      });
    }
    // Only ever the acting clinic's events: the clinic comes from the session, never the query.
    return audit.clinicPage({ clinicId, memberId: userId }, parsed.data);
  });
}
