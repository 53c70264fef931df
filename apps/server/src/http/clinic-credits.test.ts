import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addClinicMember, personalClinicOf, setActiveClinic } from '../testing/clinic-members.ts';
import { openFullTestApp, type FullTestApp } from '../testing/full-test-app.ts';
import { multipart } from '../testing/multipart.ts';
import { signUpForCookie } from '../testing/session-cookie.ts';
import { compositePhoto } from '../testing/test-photos.ts';
import { DATABASE_KINDS } from '../testing/test-runtime.ts';

const ORIGIN = 'http://localhost:3999';

interface MeBody {
  uid: string;
  subscription: { plan: string; status: string; videosRemaining: number; videosTotal: number };
  credits: { free: number; bonus: number; total: number };
}

// Issue #21: credits and plan are the acting clinic's. A staff member's render spends the
// clinic's credit, /api/me shows the clinic the member acts for, and a plan the owner buys is
// every member's.
describe.each(DATABASE_KINDS)('the clinic pays, on %s', (kind) => {
  let full: FullTestApp;
  const db = () => full.test.runtime.database.db;

  beforeAll(async () => {
    full = await openFullTestApp(kind);
  }, 180_000);
  afterAll(async () => {
    await full.dispose();
  });

  /** An owner's clinic with a staff member acting for it; the clinic holds 4 more bonus credits. */
  async function clinicWithStaff() {
    const owner = await signUpForCookie(full.app, ORIGIN);
    const staff = await signUpForCookie(full.app, ORIGIN);
    const clinicId = await personalClinicOf(db(), owner.userId);
    await addClinicMember(db(), clinicId, staff.userId, 'staff');
    await setActiveClinic(db(), staff.userId, clinicId);
    await full.test.runtime.credits.grant({ userId: owner.userId, clinicId }, 4, 'bonus', 'test');
    return { owner, staff, clinicId };
  }

  async function me(cookie: string): Promise<MeBody> {
    const response = await full.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<MeBody>();
  }

  it('shows the owner and a staff member acting for the clinic the same credits and plan', async () => {
    const { owner, staff } = await clinicWithStaff();
    const asOwner = await me(owner.cookie);
    const asStaff = await me(staff.cookie);
    expect(asOwner.credits).toEqual({ free: 3, bonus: 4, total: 9 });
    expect(asStaff.credits).toEqual(asOwner.credits);
    expect(asStaff.subscription).toEqual(asOwner.subscription);
    expect([asOwner.uid, asStaff.uid]).toEqual([owner.userId, staff.userId]);

    // Back in their personal clinic, the staff member sees their own balance.
    await setActiveClinic(db(), staff.userId, await personalClinicOf(db(), staff.userId));
    expect((await me(staff.cookie)).credits).toEqual({ free: 3, bonus: 0, total: 5 });
    const session = await full.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { cookie: staff.cookie },
    });
    expect(session.json<{ profile: MeBody }>().profile.credits.total).toBe(5);
  });

  it("spends the clinic's credit, not the staff member's own, on a staff member's render", async () => {
    const { owner, staff, clinicId } = await clinicWithStaff();
    const personalBefore = await full.test.runtime.credits.getBalance(staff.userId);
    const body = multipart({ consent: 'true' }, await compositePhoto());
    const response = await full.app.inject({
      method: 'POST',
      url: '/api/videos',
      headers: { ...body.headers, cookie: staff.cookie, origin: ORIGIN },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(202);
    const videoId = response.json<{ id: string }>().id;

    expect((await me(owner.cookie)).credits.total).toBe(8);
    expect((await me(staff.cookie)).credits.total).toBe(8);
    expect(await full.test.runtime.credits.getBalance(staff.userId)).toEqual(personalBefore);
    const video = await db()
      .selectFrom('videos')
      .select(['user_id', 'clinic_id', 'reservation_id'])
      .where('id', '=', videoId)
      .executeTakeFirstOrThrow();
    expect(video).toMatchObject({ user_id: staff.userId, clinic_id: clinicId });
    const reserve = await db()
      .selectFrom('credit_ledger')
      .select(['user_id', 'clinic_id', 'delta'])
      .where('reservation_id', '=', video.reservation_id)
      .where('reason', '=', 'reserve')
      .executeTakeFirstOrThrow();
    expect(reserve).toEqual({ user_id: staff.userId, clinic_id: clinicId, delta: -1 });
  });

  it('gives the plan the owner buys to the clinic, and its staff see it', async () => {
    const { owner, staff, clinicId } = await clinicWithStaff();
    const checkout = await full.app.inject({
      method: 'POST',
      url: '/api/billing/demo/checkout',
      headers: { cookie: owner.cookie, origin: ORIGIN },
      payload: { planId: 'pro' },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);

    const asStaff = await me(staff.cookie);
    expect(asStaff.subscription).toMatchObject({
      plan: 'pro',
      status: 'active',
      videosRemaining: 20,
      videosTotal: 20,
    });
    expect(asStaff.credits.total).toBe(3 + 4 + 20);
    expect(await me(owner.cookie)).toMatchObject({ subscription: asStaff.subscription });
    const subscription = await db()
      .selectFrom('billing_subscriptions')
      .select(['clinic_id', 'user_id', 'plan'])
      .where('clinic_id', '=', clinicId)
      .executeTakeFirstOrThrow();
    expect(subscription).toEqual({ clinic_id: clinicId, user_id: owner.userId, plan: 'pro' });

    // The staff member's personal clinic stays on its own plan.
    await setActiveClinic(db(), staff.userId, await personalClinicOf(db(), staff.userId));
    expect((await me(staff.cookie)).subscription).toMatchObject({ plan: 'free' });
  });

  it("refuses the clinic's billing to a staff member and changes nothing", async () => {
    const { staff } = await clinicWithStaff();
    const before = await me(staff.cookie);
    const checkout = await full.app.inject({
      method: 'POST',
      url: '/api/billing/demo/checkout',
      headers: { cookie: staff.cookie, origin: ORIGIN },
      payload: { planId: 'pro' },
    });
    expect(checkout.statusCode).toBe(403);
    expect(await me(staff.cookie)).toEqual(before);
  });
});
