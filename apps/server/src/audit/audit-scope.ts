import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/** What a request has learnt about who it acts for, by the time it records an event. */
interface RequestAuditScope {
  clinicId: string | null;
}

const scopes = new AsyncLocalStorage<RequestAuditScope>();

/**
 * Gives every request its scope (issue #21: "every event written in a request records the
 * acting clinic"), so an event recorded by any service of the request goes in the log of the
 * clinic the request acts for without each service passing it along. preValidation, not
 * onRequest: the body is read by then, and the stream events reading it would otherwise run
 * outside the scope.
 */
export function registerAuditScope(app: FastifyInstance): void {
  app.addHook('preValidation', (_request, _reply, done) => {
    scopes.run({ clinicId: null }, done);
  });
}

/** Notes the clinic this request acts for (requireActor, once it knows). */
export function noteActingClinic(clinicId: string): void {
  const scope = scopes.getStore();
  if (scope) scope.clinicId = clinicId;
}

/** The clinic the current request acts for; null outside a request or before it is known. */
export function actingClinicId(): string | null {
  return scopes.getStore()?.clinicId ?? null;
}
