import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Runtime } from '../runtime.ts';
import { personalClinicOf } from '../testing/clinic-members.ts';
import { outboxFor } from '../testing/outbox-mail.ts';
import {
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
import { insertVideoRow } from '../testing/video-rows.ts';
import { DAY_MS } from './scheduler.ts';

// Issue #18 §3 and the terms: an account is kept for 90 days after its paid subscription
// ended, warned by e-mail once 7 days before, then deleted once; accounts that never paid or
// still pay are kept. VIDEO_RETENTION_DAYS deletes older videos. The clock is moved.

/** A clinic that paid for Starter, cancelled, and whose paid period then ran out. */
async function cancelledClinic(
  runtime: Runtime,
): Promise<{ id: string; email: string; canceledAt: Date }> {
  const user = await createTestUser(runtime);
  const demo = runtime.business.demoBilling;
  if (!demo) throw new Error('the tests run with demo billing');
  await demo.completeCheckout(user.id, 'starter', { kind: 'user', userId: user.id });
  await demo.act(user.id, { action: 'cancel_at_period_end' }, { kind: 'user', userId: user.id });
  await demo.act(user.id, { action: 'simulate_renewal' }, { kind: 'user', userId: user.id });
  return { ...user, canceledAt: await canceledAtOf(runtime, user.id) };
}

async function canceledAtOf(runtime: Runtime, userId: string): Promise<Date> {
  const row = await runtime.database.db
    .selectFrom('billing_subscriptions')
    .select(['status', 'canceled_at'])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (row.status !== 'canceled' || !row.canceled_at) throw new Error('not cancelled');
  return row.canceled_at;
}

const after = (from: Date, days: number) => new Date(from.getTime() + days * DAY_MS);
const warningsTo = async (runtime: Runtime, email: string) =>
  (await outboxFor(runtime, email)).filter((mail) => mail.subject.includes('will be deleted'));

describe.each(DATABASE_KINDS)('retention on %s', (kind) => {
  let test: TestRuntime;
  let server: ScheduledServer;
  let clock = new Date();
  const tickAt = async (at: Date) => {
    clock = at;
    await server.jobs.scheduler.tick();
  };

  beforeAll(async () => {
    test = await openTestRuntime(kind);
    server = await openScheduledServer(test, () => clock);
  });
  afterAll(async () => {
    await server.close();
    await test.dispose();
  });
  beforeEach(async () => {
    // Each test walks its own calendar through the same days.
    await test.runtime.database.db.deleteFrom('scheduled_runs').execute();
    server.actions.deletedAccounts.length = 0;
    server.actions.exportSweeps.length = 0;
  });

  it('warns on day 83 once, deletes on day 90 once, and keeps accounts that never paid or still pay', async () => {
    const cancelled = await cancelledClinic(test.runtime);
    const free = await createTestUser(test.runtime);
    const paying = await createTestUser(test.runtime);
    await test.runtime.business.demoBilling?.completeCheckout(paying.id, 'pro', {
      kind: 'user',
      userId: paying.id,
    });
    // A checkout that was never paid (Stripe lets it expire): no paid period, no retention.
    const neverPaid = await createTestUser(test.runtime);
    const neverPaidClinic = await personalClinicOf(test.runtime.database.db, neverPaid.id);
    const unpaid = {
      subscriptionId: 'sub_unpaid',
      customerId: 'cus_unpaid',
      planId: 'starter' as const,
      cancelAtPeriodEnd: false,
      currentPeriodStart: new Date(),
      currentPeriodEnd: after(new Date(), 30),
    };
    await test.runtime.business.subscriptions.sync(neverPaidClinic, {
      ...unpaid,
      status: 'incomplete',
    });
    await test.runtime.business.subscriptions.sync(neverPaidClinic, {
      ...unpaid,
      status: 'incomplete_expired',
    });

    await tickAt(after(cancelled.canceledAt, 82));
    expect(await warningsTo(test.runtime, cancelled.email)).toEqual([]);

    await tickAt(after(cancelled.canceledAt, 83));
    const deletionDay = after(cancelled.canceledAt, 90).toISOString().slice(0, 10);
    const warnings = await warningsTo(test.runtime, cancelled.email);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.subject).toBe(`Your Glowreel account will be deleted on ${deletionDay}`);
    expect(warnings[0]?.body).toContain(`deleted on or after ${deletionDay}`);

    for (const day of [84, 85, 89]) await tickAt(after(cancelled.canceledAt, day));
    expect(await warningsTo(test.runtime, cancelled.email)).toHaveLength(1);
    expect(server.actions.deletedAccounts).toEqual([]);

    await tickAt(after(cancelled.canceledAt, 90));
    await tickAt(after(cancelled.canceledAt, 91));
    await tickAt(after(cancelled.canceledAt, 200));
    expect(server.actions.deletedAccounts).toEqual([cancelled.id]);

    for (const kept of [free, paying, neverPaid]) {
      expect(await warningsTo(test.runtime, kept.email)).toEqual([]);
    }
  });

  it('never deletes the account that opened a clinic now in other hands', async () => {
    const cancelled = await cancelledClinic(test.runtime);
    // Its personal clinic was transferred (ClinicMembersService.transfer): no longer its own.
    const clinicId = await personalClinicOf(test.runtime.database.db, cancelled.id);
    await test.runtime.database.db
      .updateTable('organization')
      .set({ personalOwnerId: null })
      .where('id', '=', clinicId)
      .execute();
    for (const day of [83, 90, 200]) await tickAt(after(cancelled.canceledAt, day));
    expect(await warningsTo(test.runtime, cancelled.email)).toEqual([]);
    expect(server.actions.deletedAccounts).toEqual([]);
  });

  it('deletes no sooner than 7 days after a warning that went out late', async () => {
    const cancelled = await cancelledClinic(test.runtime);
    // No server ran from day 83 to day 95.
    await tickAt(after(cancelled.canceledAt, 95));
    const warnings = await warningsTo(test.runtime, cancelled.email);
    expect(warnings[0]?.subject).toContain(after(clock, 7).toISOString().slice(0, 10));
    await tickAt(after(cancelled.canceledAt, 101));
    expect(server.actions.deletedAccounts).toEqual([]);
    await tickAt(after(cancelled.canceledAt, 102));
    expect(server.actions.deletedAccounts).toEqual([cancelled.id]);
  });

  it('stops the clock when the clinic pays for a plan again', async () => {
    const cancelled = await cancelledClinic(test.runtime);
    await tickAt(after(cancelled.canceledAt, 83));
    expect(await warningsTo(test.runtime, cancelled.email)).toHaveLength(1);
    await test.runtime.business.demoBilling?.completeCheckout(cancelled.id, 'starter', {
      kind: 'user',
      userId: cancelled.id,
    });
    await tickAt(after(cancelled.canceledAt, 90));
    await tickAt(after(cancelled.canceledAt, 120));
    expect(server.actions.deletedAccounts).toEqual([]);
    expect(await warningsTo(test.runtime, cancelled.email)).toHaveLength(1);
  });

  it('deletes videos older than VIDEO_RETENTION_DAYS once each, and none without it', async () => {
    const { id: userId } = await createTestUser(test.runtime);
    await test.runtime.database.db
      .updateTable('profiles')
      .set({ credits_bonus: 10 })
      .where('user_id', '=', userId)
      .execute();
    const now = new Date();
    const old = await insertVideoRow(test.runtime, userId, { created_at: after(now, -31) });
    const failing = await insertVideoRow(test.runtime, userId, { created_at: after(now, -40) });
    const recent = await insertVideoRow(test.runtime, userId, { created_at: after(now, -20) });
    const rendering = await insertVideoRow(test.runtime, userId, {
      created_at: after(now, -35),
      status: 'processing',
      // Another live server is rendering it (recovery leaves it alone).
      owner_id: 'another-server',
      lease_expires_at: after(now, 1),
    });

    // Unset (the default): videos are kept while the account lives.
    await tickAt(now);
    expect(server.actions.deletedVideos).toEqual([]);
    expect(server.actions.exportSweeps).toEqual([now]);
    await test.runtime.database.db.deleteFrom('scheduled_runs').execute();

    const keeping = await openScheduledServer(test, () => clock, {
      ...test.config,
      videoRetentionDays: 30,
    });
    try {
      keeping.actions.failVideo = failing;
      clock = now;
      await keeping.jobs.scheduler.tick();
      expect(keeping.actions.deletedVideos).toEqual([old]);

      keeping.actions.failVideo = null;
      for (const day of [1, 2]) {
        clock = after(now, day);
        await keeping.jobs.scheduler.tick();
      }
      // The failed one is tried again the next day; the others are never asked twice.
      expect(keeping.actions.deletedVideos).toEqual([old, failing]);
      expect(keeping.actions.deletedVideos).not.toContain(recent);
      expect(keeping.actions.deletedVideos).not.toContain(rendering);
      expect(keeping.actions.exportSweeps).toHaveLength(3);
    } finally {
      await keeping.close();
    }
  });
});

describe('retention with two servers on one PostgreSQL database', () => {
  let first: TestRuntime;
  let second: TestRuntime;
  let servers: ScheduledServer[] = [];
  let close: () => Promise<void>;
  let clock = new Date();

  beforeAll(async () => {
    ({ first, second, servers, close } = await openTwoScheduledServers(() => clock));
  });
  afterAll(() => close());

  it('warns and deletes once when both run the same day at the same moment', async () => {
    const cancelled = await cancelledClinic(first.runtime);
    for (const day of [83, 83, 90, 90, 91]) {
      clock = after(cancelled.canceledAt, day);
      await Promise.all(servers.map((server) => server.jobs.scheduler.tick()));
    }
    await second.runtime.auth.mail.settled();
    expect(await warningsTo(first.runtime, cancelled.email)).toHaveLength(1);
    expect(servers.flatMap((server) => server.actions.deletedAccounts)).toEqual([cancelled.id]);
    expect(servers.flatMap((server) => server.actions.exportSweeps)).toHaveLength(3);
  });
});
