import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import {
  createTestUser,
  DATABASE_KINDS,
  openTestRuntime,
  type TestRuntime,
} from '../testing/test-runtime.ts';

describe.each(DATABASE_KINDS)('credits service on %s', (kind) => {
  let test: TestRuntime;
  beforeAll(async () => {
    test = await openTestRuntime(kind);
  });
  afterAll(async () => {
    await test.dispose();
  });

  async function ledgerOf(userId: string) {
    return test.runtime.database.db
      .selectFrom('credit_ledger')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  }

  it('reserves in the order free, bonus, plan and reports the bucket', async () => {
    const user = await createTestUser(test.runtime);
    await test.runtime.credits.grant(user.id, 1, 'bonus', 'test');
    const buckets = [];
    for (let i = 0; i < 6; i += 1)
      buckets.push((await test.runtime.credits.reserve(user.id)).bucket);
    expect(buckets).toEqual(['free', 'free', 'free', 'bonus', 'plan', 'plan']);
    await expect(test.runtime.credits.reserve(user.id)).rejects.toMatchObject({
      code: 'insufficient_credits',
      status: 402,
    });
  });

  it('refunds a failed job to the bucket it came from and commits a successful one', async () => {
    const user = await createTestUser(test.runtime);
    const first = await test.runtime.credits.reserve(user.id); // free 3 -> 2
    const second = await test.runtime.credits.reserve(user.id); // free 2 -> 1
    await test.runtime.credits.commit(first.reservationId);
    await test.runtime.credits.refund(second.reservationId);
    expect(await test.runtime.credits.getBalance(user.id)).toEqual({
      free: 2,
      bonus: 0,
      plan: 2,
      total: 4,
    });
    // Settling again the same way changes nothing; the other way is refused.
    await test.runtime.credits.refund(second.reservationId);
    await expect(test.runtime.credits.refund(first.reservationId)).rejects.toBeInstanceOf(AppError);
    expect((await test.runtime.credits.getBalance(user.id)).total).toBe(4);
    const ledger = await ledgerOf(user.id);
    expect(ledger.map((row) => row.reason)).toEqual([
      'signup',
      'signup',
      'reserve',
      'reserve',
      'commit',
      'refund',
    ]);
    expect(ledger.reduce((sum, row) => sum + row.delta, 0)).toBe(4);
  });

  it('refunds a plan video to the plan, not to free credits', async () => {
    const user = await createTestUser(test.runtime);
    for (let i = 0; i < 3; i += 1) await test.runtime.credits.reserve(user.id);
    const planReservation = await test.runtime.credits.reserve(user.id);
    expect(planReservation.bucket).toBe('plan');
    await test.runtime.credits.refund(planReservation.reservationId);
    expect(await test.runtime.credits.getBalance(user.id)).toEqual({
      free: 0,
      bonus: 0,
      plan: 2,
      total: 2,
    });
  });

  it("reserves a generative video's several credits across buckets and refunds each to its own", async () => {
    const user = await createTestUser(test.runtime); // free 3, plan 2
    await test.runtime.credits.reserve(user.id); // free 3 -> 2
    await test.runtime.credits.reserve(user.id); // free 2 -> 1
    const reserveThree = () =>
      test.runtime.credits.reserveFor(user.id, (reservation) => Promise.resolve(reservation), 3);
    const three = await reserveThree(); // free 1 -> 0, plan 2 -> 0
    expect(three.bucket).toBe('free');
    expect(await test.runtime.credits.getBalance(user.id)).toEqual({
      free: 0,
      bonus: 0,
      plan: 0,
      total: 0,
    });
    const held = await ledgerOf(user.id);
    expect(
      held
        .filter((row) => row.reservation_id === three.reservationId)
        .map((row) => [row.bucket, row.delta, row.balance_after]),
    ).toEqual([
      ['free', -1, 2],
      ['plan', -2, 0],
    ]);
    await test.runtime.credits.refund(three.reservationId);
    expect(await test.runtime.credits.getBalance(user.id)).toEqual({
      free: 1,
      bonus: 0,
      plan: 2,
      total: 3,
    });
    // Three credits are needed; two are not enough, and nothing moves.
    await test.runtime.credits.reserve(user.id); // free 1 -> 0
    await expect(reserveThree()).rejects.toMatchObject({ code: 'insufficient_credits' });
    expect((await test.runtime.credits.getBalance(user.id)).total).toBe(2);
  });

  it('keeps the ledger append-only', async () => {
    const user = await createTestUser(test.runtime);
    await expect(
      test.runtime.database.db
        .updateTable('credit_ledger')
        .set({ delta: 100 })
        .where('user_id', '=', user.id)
        .execute(),
    ).rejects.toThrow(/append-only/);
  });

  it('rejects a grant that is not a positive whole number', async () => {
    const user = await createTestUser(test.runtime);
    await expect(test.runtime.credits.grant(user.id, 0, 'free', 'test')).rejects.toMatchObject({
      code: 'bad_request',
    });
    await expect(test.runtime.credits.grant(user.id, 1.5, 'bonus', 'test')).rejects.toMatchObject({
      code: 'bad_request',
    });
  });

  it('lets exactly 5 of 100 simultaneous reservations through, free first, and never overdraws', async () => {
    const user = await createTestUser(test.runtime);
    const attempts = await Promise.allSettled(
      Array.from({ length: 100 }, () => test.runtime.credits.reserve(user.id)),
    );
    const succeeded = attempts.filter((attempt) => attempt.status === 'fulfilled');
    const refused = attempts.filter((attempt) => attempt.status === 'rejected');
    expect(succeeded).toHaveLength(5);
    expect(refused).toHaveLength(95);
    for (const attempt of refused)
      expect(attempt.reason).toMatchObject({ code: 'insufficient_credits' });

    const ledger = await ledgerOf(user.id);
    const reservations = ledger.filter((row) => row.reason === 'reserve');
    expect(reservations.map((row) => row.bucket)).toEqual(['free', 'free', 'free', 'plan', 'plan']);
    expect(reservations.map((row) => row.balance_after)).toEqual([4, 3, 2, 1, 0]);
    const balance = await test.runtime.credits.getBalance(user.id);
    expect(balance).toEqual({ free: 0, bonus: 0, plan: 0, total: 0 });
    expect(ledger.reduce((sum, row) => sum + row.delta, 0)).toBe(balance.total);
  });
});
