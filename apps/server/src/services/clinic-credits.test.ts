import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addClinicMember, personalClinicOf } from '../testing/clinic-members.ts';
import {
  createTestUser,
  DATABASE_KINDS,
  openTestRuntime,
  type TestRuntime,
} from '../testing/test-runtime.ts';

// Issue #21 "Shared credits": every member's render reserves from the clinic's balance with the
// same ledger rules, and the ledger row names the member.
describe.each(DATABASE_KINDS)('shared clinic credits on %s', (kind) => {
  let test: TestRuntime;
  beforeAll(async () => {
    test = await openTestRuntime(kind);
  });
  afterAll(async () => {
    await test.dispose();
  });

  const db = () => test.runtime.database.db;

  /** An owner's clinic (the sign-up's 5 credits: free 3, plan 2) with `staff` more members. */
  async function clinicWithMembers(staff: number) {
    const owner = await createTestUser(test.runtime);
    const clinicId = await personalClinicOf(db(), owner.id);
    const members = [owner.id];
    for (let i = 0; i < staff; i += 1) {
      const member = await createTestUser(test.runtime);
      await addClinicMember(db(), clinicId, member.id, 'staff');
      members.push(member.id);
    }
    return { clinicId, ownerId: owner.id, members };
  }

  /** A clinic with no profile row yet, as ClinicsService makes for an account left without one. */
  async function clinicWithoutProfile(ownerId: string): Promise<string> {
    const clinicId = crypto.randomUUID();
    await db()
      .insertInto('organization')
      .values({
        id: clinicId,
        name: 'Replacement Clinic',
        slug: `clinic-${clinicId}`,
        createdAt: new Date(),
        personalOwnerId: null,
      })
      .execute();
    await addClinicMember(db(), clinicId, ownerId, 'owner');
    return clinicId;
  }

  const ledgerOfClinic = (clinicId: string) =>
    db()
      .selectFrom('credit_ledger')
      .selectAll()
      .where('clinic_id', '=', clinicId)
      .orderBy('id')
      .execute();

  it('lets exactly 5 of 100 simultaneous reservations by five members through, each named', async () => {
    const { clinicId, members } = await clinicWithMembers(4);
    expect(members).toHaveLength(5);
    const personalBefore = await Promise.all(
      members.slice(1).map((userId) => test.runtime.credits.getBalance(userId)),
    );
    const attempts = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) =>
        test.runtime.credits.reserve({ userId: members[i % 5]!, clinicId }),
      ),
    );
    const succeeded = attempts.filter((attempt) => attempt.status === 'fulfilled');
    const refused = attempts.filter((attempt) => attempt.status === 'rejected');
    expect(succeeded).toHaveLength(5);
    expect(refused).toHaveLength(95);
    for (const attempt of refused) {
      expect(attempt.reason).toMatchObject({ code: 'insufficient_credits' });
    }

    const balance = await test.runtime.credits.getBalance({ userId: members[0]!, clinicId });
    expect(balance).toEqual({ free: 0, bonus: 0, plan: 0, total: 0 });
    const ledger = await ledgerOfClinic(clinicId);
    const reserves = ledger.filter((row) => row.reason === 'reserve');
    expect(reserves).toHaveLength(5);
    expect(reserves.map((row) => row.balance_after)).toEqual([4, 3, 2, 1, 0]);
    const reservations = await db()
      .selectFrom('credit_reservations')
      .select(['id', 'user_id', 'clinic_id'])
      .where('clinic_id', '=', clinicId)
      .execute();
    const memberOf = new Map(reservations.map((row) => [row.id, row.user_id]));
    for (const row of reserves) {
      expect(members).toContain(row.user_id);
      expect(row.user_id).toBe(memberOf.get(row.reservation_id!));
    }
    // Each succeeded reservation is the one its member asked for.
    for (const [i, attempt] of attempts.entries()) {
      if (attempt.status !== 'fulfilled') continue;
      expect(memberOf.get(attempt.value.reservationId)).toBe(members[i % 5]);
    }
    expect(ledger.reduce((sum, row) => sum + row.delta, 0)).toBe(0);
    // No member's personal clinic paid for any of it.
    const personalAfter = await Promise.all(
      members.slice(1).map((userId) => test.runtime.credits.getBalance(userId)),
    );
    expect(personalAfter).toEqual(personalBefore);
  });

  it("settles a member's reservation on the clinic's balance and names that member", async () => {
    const { clinicId, ownerId, members } = await clinicWithMembers(1);
    const staffId = members[1]!;
    const reservation = await test.runtime.credits.reserve({ userId: staffId, clinicId });
    expect((await test.runtime.credits.getBalance(ownerId)).total).toBe(4);
    await test.runtime.credits.refund(reservation.reservationId);
    expect((await test.runtime.credits.getBalance(ownerId)).total).toBe(5);
    expect((await test.runtime.credits.getBalance(staffId)).total).toBe(5);
    const rows = (await ledgerOfClinic(clinicId)).filter(
      (row) => row.reservation_id === reservation.reservationId,
    );
    expect(rows.map((row) => [row.reason, row.user_id])).toEqual([
      ['reserve', staffId],
      ['refund', staffId],
    ]);
  });

  it('opens a clinic without a profile on the Free plan with zero credits, never the sign-up grant', async () => {
    const owner = await createTestUser(test.runtime);
    const clinicId = await clinicWithoutProfile(owner.id);
    await expect(
      test.runtime.credits.reserve({ userId: owner.id, clinicId }),
    ).rejects.toMatchObject({ code: 'insufficient_credits' });

    const profile = await test.runtime.profiles.getProfile(owner.id, clinicId);
    expect(profile.uid).toBe(owner.id);
    expect(profile.subscription).toMatchObject({
      plan: 'free',
      videosRemaining: 0,
      videosTotal: 0,
      customerId: null,
    });
    expect(profile.credits).toEqual({ free: 0, bonus: 0, total: 0 });
    expect(await ledgerOfClinic(clinicId)).toEqual([]);
    const opened = await db()
      .selectFrom('profiles')
      .select('user_id')
      .where('clinic_id', '=', clinicId)
      .executeTakeFirstOrThrow();
    expect(opened.user_id).toBe(owner.id);
    // The account's personal clinic keeps its own balance beside it.
    expect((await test.runtime.profiles.getProfile(owner.id)).credits.total).toBe(5);
  });

  it("shows every member the clinic's balance with their own name", async () => {
    const { clinicId, ownerId, members } = await clinicWithMembers(1);
    const staffId = members[1]!;
    await test.runtime.credits.grant({ userId: ownerId, clinicId }, 4, 'bonus', 'test');
    const asOwner = await test.runtime.profiles.getProfile(ownerId, clinicId);
    const asStaff = await test.runtime.profiles.getProfile(staffId, clinicId);
    expect(asStaff.credits).toEqual(asOwner.credits);
    expect(asStaff.credits.total).toBe(9);
    expect(asStaff.subscription).toEqual(asOwner.subscription);
    expect([asOwner.uid, asStaff.uid]).toEqual([ownerId, staffId]);
    expect((await test.runtime.profiles.getProfile(staffId)).credits.total).toBe(5);
  });
});
