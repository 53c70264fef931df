import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { signUpForCookie } from '../testing/session-cookie.ts';
import { DATABASE_KINDS, openTestRuntime, type TestRuntime } from '../testing/test-runtime.ts';

const ORIGIN = 'http://localhost:3999';

describe.each(DATABASE_KINDS)('demo billing on %s', (kind) => {
  let test: TestRuntime;
  let app: FastifyInstance;

  beforeAll(async () => {
    test = await openTestRuntime(kind);
    app = await buildApp({
      config: test.config,
      auth: test.runtime.auth,
      profiles: test.runtime.profiles,
      audit: test.runtime.audit,
      isDatabaseReady: test.runtime.database.isReady,
      business: test.runtime.business,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  function post(url: string, cookie: string, payload: Record<string, unknown>) {
    return app.inject({ method: 'POST', url, headers: { cookie }, payload });
  }
  async function stateOf(cookie: string) {
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    const billing = await app.inject({
      method: 'GET',
      url: '/api/billing/subscription',
      headers: { cookie },
    });
    return {
      profile: me.json<{
        subscription: {
          plan: string;
          status: string;
          videosRemaining: number;
          videosTotal: number;
        };
        credits: { free: number; bonus: number; total: number };
      }>(),
      billing: billing.json<{
        mode: string;
        cancelAtPeriodEnd: boolean;
        paymentError: string | null;
      }>(),
    };
  }

  it('takes a clinic from free to Pro through the demo checkout, without any payment', async () => {
    const clinic = await signUpForCookie(app, ORIGIN);
    const checkout = await post('/api/create-checkout-session', clinic.cookie, { planId: 'pro' });
    expect(checkout.json()).toEqual({ url: `${ORIGIN}/billing/demo-checkout?plan=pro` });
    // Starting checkout alone changes no plan.
    expect((await stateOf(clinic.cookie)).profile.subscription.plan).toBe('free');

    const confirmed = await post('/api/billing/demo/checkout', clinic.cookie, { planId: 'pro' });
    expect(confirmed.json()).toEqual({ url: '/dashboard?success=true&plan=pro' });
    const { profile, billing } = await stateOf(clinic.cookie);
    expect(profile.subscription).toMatchObject({
      plan: 'pro',
      status: 'active',
      videosRemaining: 20,
      videosTotal: 20,
    });
    expect(billing).toMatchObject({ mode: 'demo', cancelAtPeriodEnd: false });
    const portal = await post('/api/create-portal-session', clinic.cookie, {
      customerId: (
        await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: clinic.cookie } })
      ).json<{ subscription: { customerId: string } }>().subscription.customerId,
    });
    expect(portal.json()).toEqual({ url: `${ORIGIN}/billing/demo-portal` });
    const twice = await post('/api/billing/demo/checkout', clinic.cookie, { planId: 'starter' });
    expect(twice.statusCode).toBe(409);
  });

  it('keeps Pro after cancel at period end until the simulated period ends, then goes free', async () => {
    const clinic = await signUpForCookie(app, ORIGIN);
    await post('/api/billing/demo/checkout', clinic.cookie, { planId: 'pro' });
    await test.runtime.credits.grant(clinic.userId, 2, 'bonus', 'test');
    const cancel = await post('/api/billing/demo/portal', clinic.cookie, {
      action: 'cancel_at_period_end',
    });
    expect(cancel.json()).toMatchObject({ plan: 'pro', cancelAtPeriodEnd: true });
    expect((await stateOf(clinic.cookie)).profile.subscription).toMatchObject({
      plan: 'pro',
      status: 'active',
    });

    await post('/api/billing/demo/portal', clinic.cookie, { action: 'simulate_renewal' });
    const { profile } = await stateOf(clinic.cookie);
    expect(profile.subscription).toMatchObject({
      plan: 'free',
      videosRemaining: 0,
      videosTotal: 0,
    });
    expect(profile.credits).toEqual({ free: 3, bonus: 2, total: 5 });
    // With the plan over, the portal actions need a plan again; checkout works again.
    const after = await post('/api/billing/demo/portal', clinic.cookie, {
      action: 'simulate_renewal',
    });
    expect(after.statusCode).toBe(400);
    const again = await post('/api/billing/demo/checkout', clinic.cookie, { planId: 'starter' });
    expect(again.statusCode).toBe(200);
    expect((await stateOf(clinic.cookie)).profile.subscription).toMatchObject({
      plan: 'starter',
      videosRemaining: 5,
    });
  });

  it('renews plan videos, changes plans and shows a failed payment through the demo portal', async () => {
    const clinic = await signUpForCookie(app, ORIGIN);
    await post('/api/billing/demo/checkout', clinic.cookie, { planId: 'starter' });
    for (let i = 0; i < 5; i += 1) await test.runtime.credits.reserve(clinic.userId); // free 3, plan 2
    expect((await stateOf(clinic.cookie)).profile.subscription.videosRemaining).toBe(3);

    await post('/api/billing/demo/portal', clinic.cookie, { action: 'change_plan', planId: 'pro' });
    expect((await stateOf(clinic.cookie)).profile.subscription).toMatchObject({
      plan: 'pro',
      videosRemaining: 18,
      videosTotal: 20,
    });

    await post('/api/billing/demo/portal', clinic.cookie, { action: 'simulate_payment_failure' });
    let state = await stateOf(clinic.cookie);
    expect(state.profile.subscription.status).toBe('past_due');
    expect(state.billing.paymentError).toBe('Your card was declined (simulated)');

    await post('/api/billing/demo/portal', clinic.cookie, { action: 'simulate_renewal' });
    state = await stateOf(clinic.cookie);
    expect(state.profile.subscription).toMatchObject({
      plan: 'pro',
      status: 'active',
      videosRemaining: 20,
    });
    expect(state.profile.credits).toMatchObject({ free: 0, bonus: 0 });
    expect(state.billing.paymentError).toBeNull();

    const ledger = await test.runtime.database.db
      .selectFrom('credit_ledger')
      .select(['reason', 'delta'])
      .where('user_id', '=', clinic.userId)
      .where('bucket', '=', 'plan')
      .orderBy('id')
      .execute();
    expect(ledger.filter((row) => row.reason.startsWith('plan_'))).toEqual([
      { reason: 'plan_start', delta: 3 },
      { reason: 'plan_change', delta: 15 },
      { reason: 'plan_renewal', delta: 2 },
    ]);
  });

  it('has no Stripe webhook to accept in demo mode', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: '{"id":"evt_1","type":"invoice.paid"}',
    });
    expect(response.statusCode).toBe(404);
  });

  it('refuses an unknown plan and a portal action without a plan', async () => {
    const clinic = await signUpForCookie(app, ORIGIN);
    const unknown = await post('/api/billing/demo/checkout', clinic.cookie, { planId: 'gold' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: { message: 'Invalid plan selected' } });
    const portal = await post('/api/create-portal-session', clinic.cookie, { customerId: null });
    expect(portal.json()).toMatchObject({
      error: {
        message: 'You need an active subscription to manage billing. Please select a plan first.',
      },
    });
  });
});
