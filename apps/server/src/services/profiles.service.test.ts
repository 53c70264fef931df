import { profileSchema } from '@glowreel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personalClinicIdOf } from '../clinics/clinics.repository.ts';
import {
  createTestUser,
  DATABASE_KINDS,
  openTestRuntime,
  type TestRuntime,
} from '../testing/test-runtime.ts';

describe.each(DATABASE_KINDS)('profiles service on %s', (kind) => {
  let test: TestRuntime;
  beforeAll(async () => {
    test = await openTestRuntime(kind);
  });
  afterAll(async () => {
    await test.dispose();
  });

  it('creates a new profile with the SPEC defaults', async () => {
    const user = await createTestUser(test.runtime, { name: 'Rosa Clinic' });
    const profile = profileSchema.parse(await test.runtime.profiles.getProfile(user.id));
    expect(profile).toMatchObject({
      uid: user.id,
      email: user.email,
      displayName: 'Rosa Clinic',
      photoURL: null,
      subscription: {
        plan: 'free',
        status: 'active',
        videosRemaining: 2,
        videosTotal: 2,
        customerId: null,
      },
      credits: { free: 3, bonus: 0, total: 5 },
    });
    expect(Number.isNaN(Date.parse(profile.createdAt))).toBe(false);
  });

  it('creates the profile on first load for an account that has none', async () => {
    const user = await createTestUser(test.runtime, { withProfile: false });
    const profile = await test.runtime.profiles.getProfile(user.id);
    expect(profile.credits).toEqual({ free: 3, bonus: 0, total: 5 });
  });

  it('backfills a legacy profile without credits and saves it back', async () => {
    const user = await createTestUser(test.runtime, { withProfile: false });
    await test.runtime.database.db
      .insertInto('profiles')
      .values({
        user_id: user.id,
        clinic_id: personalClinicIdOf(user.id),
        plan: 'pro',
        status: 'active',
        videos_remaining: 7,
        videos_total: 20,
        customer_id: 'cus_legacy',
        credits_free: null,
        credits_bonus: null,
      })
      .execute();
    const profile = await test.runtime.profiles.getProfile(user.id);
    expect(profile.credits).toEqual({ free: 3, bonus: 0, total: 10 });
    expect(profile.subscription).toMatchObject({
      plan: 'pro',
      videosRemaining: 7,
      customerId: 'cus_legacy',
    });
    const stored = await test.runtime.database.db
      .selectFrom('profiles')
      .select(['credits_free', 'credits_bonus'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ credits_free: 3, credits_bonus: 0 });
    const ledger = await test.runtime.database.db
      .selectFrom('credit_ledger')
      .select('delta')
      .where('user_id', '=', user.id)
      .execute();
    expect(ledger.reduce((sum, row) => sum + row.delta, 0)).toBe(10);
  });

  it('creating the default profile twice keeps one profile and one set of signup rows', async () => {
    const user = await createTestUser(test.runtime);
    await test.runtime.profiles.createDefaultProfile(user.id);
    const ledger = await test.runtime.database.db
      .selectFrom('credit_ledger')
      .select('reason')
      .where('user_id', '=', user.id)
      .execute();
    expect(ledger).toHaveLength(2);
  });
});
