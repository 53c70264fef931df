import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  PERSONAL_CLINIC,
  type AuditEventsRepository,
  type NewAuditEvent,
} from './audit-events.repository.ts';
import { AuditLog } from './audit-log.ts';
import { noteActingClinic, registerAuditScope } from './audit-scope.ts';

/** An audit log whose rows are kept in memory, to see which clinic each event names. */
function recordingLog() {
  const inserted: NewAuditEvent[] = [];
  const events = {
    insert: (event: NewAuditEvent) => {
      inserted.push(event);
      return Promise.resolve();
    },
  } as unknown as AuditEventsRepository;
  return { audit: new AuditLog(events), inserted };
}

const later = () => new Promise((resolve) => setTimeout(resolve, 5));

// Issue #21: every event written in a request records the clinic the request acts for.
describe('the audit scope of a request', () => {
  it('gives an event recorded after requireActor the acting clinic, body or not, and none to another request', async () => {
    const { audit, inserted } = recordingLog();
    const app = Fastify();
    registerAuditScope(app);
    app.post<{ Body: { clinicId?: string } }>('/act', async (request) => {
      await later();
      if (request.body.clinicId) noteActingClinic(request.body.clinicId);
      await later();
      await audit.record({ kind: 'video.deleted', accountId: 'maker', actor: { kind: 'user' } });
      return {};
    });
    await Promise.all([
      app.inject({ method: 'POST', url: '/act', payload: { clinicId: 'clinic-a' } }),
      app.inject({ method: 'POST', url: '/act', payload: { clinicId: 'clinic-b' } }),
      app.inject({ method: 'POST', url: '/act', payload: {} }),
    ]);
    await app.close();
    const clinics = inserted.map((event) =>
      event.clinicId === PERSONAL_CLINIC ? 'personal' : event.clinicId,
    );
    expect(clinics.sort()).toEqual(['clinic-a', 'clinic-b', 'personal']);
  });

  it("uses the clinic a service names, and the account's personal clinic outside a request", async () => {
    const { audit, inserted } = recordingLog();
    noteActingClinic('ignored outside a request');
    await audit.record({ kind: 'account.signed_in', accountId: 'a', actor: { kind: 'user' } });
    await audit.record({
      kind: 'account.sign_in_failed',
      accountId: 'a',
      clinicId: null,
      actor: { kind: 'user' },
    });
    await audit.record({
      kind: 'consent.expired',
      accountId: 'a',
      clinicId: 'clinic-c',
      actor: { kind: 'system' },
    });
    expect(inserted.map((event) => event.clinicId)).toEqual([PERSONAL_CLINIC, null, 'clinic-c']);
  });
});
