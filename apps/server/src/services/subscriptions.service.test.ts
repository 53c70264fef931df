import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionSnapshot } from '../billing/billing-gateway.ts';
import { personalClinicOf } from '../testing/clinic-members.ts';
import {
  createTestUser,
  DATABASE_KINDS,
  openTestRuntime,
  type TestRuntime,
} from '../testing/test-runtime.ts';

const MAY = new Date('2026-05-01T00:00:00Z');
const JUNE = new Date('2026-06-01T00:00:00Z');
const JULY = new Date('2026-07-01T00:00:00Z');

function snapshot(overrides: Partial<SubscriptionSnapshot> = {}): SubscriptionSnapshot {
  return {
    subscriptionId: 'sub_1',
    customerId: 'cus_1',
    planId: 'pro',
    status: 'active',
    cancelAtPeriodEnd: false,
    currentPeriodStart: MAY,
    currentPeriodEnd: JUNE,
    ...overrides,
  };
}

describe.each(DATABASE_KINDS)('subscriptions service on %s', (kind) => {
  let test: TestRuntime;
  beforeAll(async () => {
    test = await openTestRuntime(kind);
  });
  afterAll(async () => {
    await test.dispose();
  });

  const subscriptions = () => test.runtime.business.subscriptions;
  const profileOf = (userId: string) => test.runtime.profiles.getProfile(userId);
  const clinicOf = (userId: string) => personalClinicOf(test.runtime.database.db, userId);
  const planLedger = (userId: string) =>
    test.runtime.database.db
      .selectFrom('credit_ledger')
      .select(['reason', 'delta'])
      .where('user_id', '=', userId)
      .where('reason', 'in', ['plan_start', 'plan_change', 'plan_renewal', 'plan_end'])
      .orderBy('id')
      .execute();

  it('grants plan videos only once the subscription is active, and only once', async () => {
    const user = await createTestUser(test.runtime);
    const clinic = await clinicOf(user.id);
    await subscriptions().sync(clinic, snapshot({ status: 'incomplete' }));
    expect((await profileOf(user.id)).subscription).toMatchObject({
      plan: 'pro',
      status: 'incomplete',
      videosRemaining: 2,
      videosTotal: 2,
    });
    await subscriptions().sync(clinic, snapshot());
    await subscriptions().sync(clinic, snapshot());
    expect((await profileOf(user.id)).subscription).toMatchObject({
      status: 'active',
      videosRemaining: 20,
      videosTotal: 20,
    });
    expect(await planLedger(user.id)).toEqual([{ reason: 'plan_start', delta: 18 }]);
  });

  it('takes nothing back when a subscription that never started expires', async () => {
    const user = await createTestUser(test.runtime);
    const clinic = await clinicOf(user.id);
    await subscriptions().sync(clinic, snapshot({ status: 'incomplete' }));
    await subscriptions().sync(clinic, snapshot({ status: 'incomplete_expired' }));
    expect((await profileOf(user.id)).subscription).toMatchObject({
      plan: 'free',
      status: 'active',
      videosRemaining: 2,
      videosTotal: 2,
    });
    expect(await planLedger(user.id)).toEqual([]);
  });

  it('ignores a price that is not one of our plans', async () => {
    const user = await createTestUser(test.runtime);
    const clinic = await clinicOf(user.id);
    await subscriptions().sync(clinic, snapshot({ planId: null }));
    expect((await profileOf(user.id)).subscription).toMatchObject({ plan: 'free', videosTotal: 2 });
  });

  it('renews once per paid period even when the same payment is applied concurrently', async () => {
    const user = await createTestUser(test.runtime);
    const clinic = await clinicOf(user.id);
    await subscriptions().sync(clinic, snapshot({ planId: 'starter' }));
    for (let i = 0; i < 5; i += 1) await test.runtime.credits.reserve(user.id); // plan 5 -> 3
    const renewed = snapshot({
      planId: 'starter',
      currentPeriodStart: JUNE,
      currentPeriodEnd: JULY,
    });
    await Promise.all([
      subscriptions().sync(clinic, renewed, { isPeriodPaid: true }),
      subscriptions().sync(clinic, renewed, { isPeriodPaid: true }),
    ]);
    // The renewal is not applied again for the same period.
    await subscriptions().sync(clinic, renewed, { isPeriodPaid: true });
    expect((await profileOf(user.id)).subscription.videosRemaining).toBe(5);
    expect(await planLedger(user.id)).toEqual([
      { reason: 'plan_start', delta: 3 },
      { reason: 'plan_renewal', delta: 2 },
    ]);
  });
});
