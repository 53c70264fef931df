import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsentRecordsRepository, insertConsent } from '../db/consent-records.repository.ts';
import { buildOpenApiDocument } from '../http/openapi-document.ts';
import type { Runtime } from '../runtime.ts';
import {
  QUIET_LOG,
  openScheduledServer,
  openTwoScheduledServers,
  type ScheduledServer,
} from '../testing/scheduled-jobs-doubles.ts';
import {
  DATABASE_KINDS,
  createTestUser,
  openTestRuntime,
  type TestRuntime,
} from '../testing/test-runtime.ts';
import { personalClinicOf } from '../testing/clinic-members.ts';
import { RecordingAuditTrail } from '../testing/recording-audit-trail.ts';
import { insertVideoRow } from '../testing/video-rows.ts';
import { ConsentExpiryService } from './consent-expiry.service.ts';
import { DAY_MS } from './scheduler.ts';

// Issue #18 §1: consents whose expiry passed are handled by the daily sweep exactly once — a
// consent.expired audit entry by the system and, for API videos, a video.consent_expired
// webhook — in the transaction that marks them handled.

const HOOK = 'http://127.0.0.1:9/hooks';
const TODAY = new Date(Date.UTC(2027, 2, 1, 3, 0, 0));
const daysFrom = (days: number) => new Date(TODAY.getTime() + days * DAY_MS);

async function videoWithConsent(
  runtime: Runtime,
  userId: string,
  consent: { expiresAt: Date | null; webhookUrl?: string | null; revokedAt?: Date },
): Promise<{ videoId: string; consentId: string }> {
  const videoId = await insertVideoRow(runtime, userId, {
    webhook_url: consent.webhookUrl === undefined ? HOOK : consent.webhookUrl,
  });
  const consentId = crypto.randomUUID();
  await insertConsent(runtime.database.db, {
    id: consentId,
    videoId,
    userId,
    attestedByUserId: userId,
    attestedByName: 'Dr Test',
    ipAddress: null,
    userAgent: null,
    patientReference: 'P-1',
    channels: ['website'],
    expiresAt: consent.expiresAt,
  });
  if (consent.revokedAt) {
    await runtime.database.db
      .updateTable('consent_records')
      .set({ revoked_at: consent.revokedAt, revoked_reason: 'asked', revoked_by_user_id: userId })
      .where('id', '=', consentId)
      .execute();
  }
  return { videoId, consentId };
}

/** An account with credits enough for every video a test writes. */
async function clinic(runtime: Runtime): Promise<string> {
  const { id } = await createTestUser(runtime);
  await runtime.database.db
    .updateTable('profiles')
    .set({ credits_bonus: 100 })
    .where('user_id', '=', id)
    .execute();
  return id;
}

async function expiryEvents(runtime: Runtime, videoId: string) {
  const rows = await runtime.database.db
    .selectFrom('webhook_deliveries')
    .select(['event_type', 'payload'])
    .where('video_id', '=', videoId)
    .where('event_type', '=', 'video.consent_expired')
    .execute();
  return rows.map((row) => JSON.parse(row.payload) as { type: string; data: unknown });
}

describe.each(DATABASE_KINDS)('the consent-expiry sweep on %s', (kind) => {
  let test: TestRuntime;
  let server: ScheduledServer;
  let clock = TODAY;

  beforeAll(async () => {
    test = await openTestRuntime(kind, { WEBHOOK_ALLOW_LOOPBACK: 'true' });
    server = await openScheduledServer(test, () => clock);
  });
  afterAll(async () => {
    await server.close();
    await test.dispose();
  });

  it('announces each ended consent once: audit entry by the system, webhook, mark', async () => {
    const userId = await clinic(test.runtime);
    const ending = await videoWithConsent(test.runtime, userId, { expiresAt: daysFrom(10) });
    const later = await videoWithConsent(test.runtime, userId, { expiresAt: daysFrom(20) });
    const forever = await videoWithConsent(test.runtime, userId, { expiresAt: null });
    const revoked = await videoWithConsent(test.runtime, userId, {
      expiresAt: daysFrom(5),
      revokedAt: daysFrom(1),
    });
    const entriesFor = (consentId: string) =>
      server.audit.entries.filter((entry) => entry.target?.id === consentId);

    clock = daysFrom(9);
    await server.jobs.scheduler.tick();
    expect(entriesFor(ending.consentId)).toEqual([]);

    clock = daysFrom(11);
    await server.jobs.scheduler.tick();
    expect(entriesFor(ending.consentId)).toEqual([
      {
        kind: 'consent.expired',
        accountId: userId,
        // The log of the clinic the video belongs to (issue #21).
        clinicId: await personalClinicOf(test.runtime.database.db, userId),
        actor: { kind: 'system' },
        target: { type: 'consent', id: ending.consentId },
        details: { videoId: ending.videoId, expiredAt: daysFrom(10).toISOString() },
      },
    ]);
    const events = await expiryEvents(test.runtime, ending.videoId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'video.consent_expired',
      data: {
        id: ending.videoId,
        consent: { id: ending.consentId, expires_at: daysFrom(10).toISOString() },
      },
    });
    const marked = await test.runtime.database.db
      .selectFrom('consent_records')
      .select('expiry_handled_at')
      .where('id', '=', ending.consentId)
      .executeTakeFirstOrThrow();
    expect(marked.expiry_handled_at).toEqual(clock);

    // The next days: the same consent is never announced again; the later one is, once.
    for (const day of [12, 15, 21, 22]) {
      clock = daysFrom(day);
      await server.jobs.scheduler.tick();
    }
    expect(entriesFor(ending.consentId)).toHaveLength(1);
    expect(await expiryEvents(test.runtime, ending.videoId)).toHaveLength(1);
    expect(entriesFor(later.consentId)).toHaveLength(1);
    expect(await expiryEvents(test.runtime, later.videoId)).toHaveLength(1);
    expect(entriesFor(forever.consentId)).toEqual([]);
    // A revoked consent was announced when it was revoked.
    expect(entriesFor(revoked.consentId)).toEqual([]);
    expect(await expiryEvents(test.runtime, revoked.videoId)).toEqual([]);
  });

  it('records the expiry of a web-app video without a webhook', async () => {
    const userId = await clinic(test.runtime);
    const web = await videoWithConsent(test.runtime, userId, {
      expiresAt: daysFrom(40),
      webhookUrl: null,
    });
    clock = daysFrom(41);
    await server.jobs.scheduler.tick();
    expect(server.audit.entries.filter((entry) => entry.target?.id === web.consentId)).toHaveLength(
      1,
    );
    expect(await expiryEvents(test.runtime, web.videoId)).toEqual([]);
  });

  it('leaves a consent unhandled when its announcement fails, and handles the others', async () => {
    const userId = await clinic(test.runtime);
    const failing = await videoWithConsent(test.runtime, userId, { expiresAt: daysFrom(50) });
    const fine = await videoWithConsent(test.runtime, userId, { expiresAt: daysFrom(50) });
    const audit = new RecordingAuditTrail();
    const sweep = new ConsentExpiryService({
      consents: new ConsentRecordsRepository(test.runtime.database.db),
      audit,
      log: QUIET_LOG,
    });
    sweep.onExpired(async ({ consent }, transaction) => {
      // Written, then undone with the whole transaction when the webhook cannot be queued.
      await transaction
        .updateTable('consent_records')
        .set({ patient_reference: 'changed' })
        .where('id', '=', consent.id)
        .execute();
      if (consent.id === failing.consentId) throw new Error('webhook table away');
    });
    expect(await sweep.sweep(daysFrom(51))).toEqual({ handled: 1, failed: 1 });
    const rows = await test.runtime.database.db
      .selectFrom('consent_records')
      .select(['id', 'expiry_handled_at', 'patient_reference'])
      .where('id', 'in', [failing.consentId, fine.consentId])
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(failing.consentId)).toMatchObject({
      expiry_handled_at: null,
      patient_reference: 'P-1',
    });
    expect(byId.get(fine.consentId)?.expiry_handled_at).toEqual(daysFrom(51));
  });
});

describe('two servers on one PostgreSQL database', () => {
  let first: TestRuntime;
  let servers: ScheduledServer[] = [];
  let close: () => Promise<void>;
  let clock = TODAY;

  beforeAll(async () => {
    ({ first, servers, close } = await openTwoScheduledServers(() => clock, {
      WEBHOOK_ALLOW_LOOPBACK: 'true',
    }));
  });
  afterAll(() => close());

  it('announce each expiry once when both sweep the same day at the same moment', async () => {
    const userId = await clinic(first.runtime);
    const videos = [];
    for (let index = 0; index < 6; index += 1) {
      videos.push(await videoWithConsent(first.runtime, userId, { expiresAt: daysFrom(index) }));
    }
    for (const day of [3, 3, 4, 8]) {
      clock = daysFrom(day);
      await Promise.all(servers.flatMap((server) => [server.jobs.scheduler.tick()]));
    }
    const entries = servers.flatMap((server) => server.audit.entries);
    for (const video of videos) {
      expect(entries.filter((entry) => entry.target?.id === video.consentId)).toHaveLength(1);
      expect(await expiryEvents(first.runtime, video.videoId)).toHaveLength(1);
    }
    const runs = await first.runtime.database.db
      .selectFrom('scheduled_runs')
      .select(['period', 'attempts'])
      .where('job', '=', 'consent-expiry')
      .execute();
    expect(runs.map((run) => run.attempts)).toEqual([1, 1, 1]);
  });
});

describe('the API documentation', () => {
  it('lists video.consent_expired among the webhook events and says when it is sent', () => {
    const document = JSON.stringify(buildOpenApiDocument('https://glowreel.example'));
    expect(document).toContain('video.consent_expired once, by the daily check');
    const parsed = JSON.parse(document) as {
      components: { schemas: { WebhookEvent: { properties: { type: { enum: string[] } } } } };
    };
    expect(parsed.components.schemas.WebhookEvent.properties.type.enum).toContain(
      'video.consent_expired',
    );
  });
});
