import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { personalClinicOf } from '../testing/clinic-members.ts';
import { FakeStripe, PORTAL_URL } from '../testing/fake-stripe.ts';
import { signUpForCookie } from '../testing/session-cookie.ts';
import { DATABASE_KINDS, openTestRuntime, type TestRuntime } from '../testing/test-runtime.ts';

const ORIGIN = 'http://localhost:3999';
const WEBHOOK_SECRET = 'whsec_test_glowreel';
const PRICES = { starter: 'price_starter', pro: 'price_pro', enterprise: 'price_enterprise' };
const DAY = 24 * 60 * 60;
const signer = new Stripe('sk_test_signer');

describe.each(DATABASE_KINDS)('Stripe billing on %s', (kind) => {
  const fake = new FakeStripe();
  let test: TestRuntime;
  let app: FastifyInstance;
  let eventCount = 0;

  beforeAll(async () => {
    const apiUrl = await fake.start();
    test = await openTestRuntime(kind, {
      STRIPE_SECRET_KEY: 'sk_test_glowreel',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_STARTER: PRICES.starter,
      STRIPE_PRICE_PRO: PRICES.pro,
      STRIPE_PRICE_ENTERPRISE: PRICES.enterprise,
      STRIPE_API_URL: apiUrl,
    });
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
    await fake.stop();
  });

  function post(url: string, cookie: string | null, payload: unknown) {
    return app.inject({
      method: 'POST',
      url,
      headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
      payload: payload as Record<string, unknown>,
    });
  }

  function sendEvent(
    type: string,
    object: Record<string, unknown>,
    options: { secret?: string; id?: string } = {},
  ) {
    eventCount += 1;
    const payload = JSON.stringify({
      id: options.id ?? `evt_${kind}_${eventCount}`,
      object: 'event',
      type,
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      data: { object },
    });
    const signature = signer.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? WEBHOOK_SECRET,
    });
    return app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  }

  async function profileOf(cookie: string) {
    const response = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    return response.json<{
      subscription: {
        plan: string;
        status: string;
        videosRemaining: number;
        videosTotal: number;
        customerId: string | null;
      };
      credits: { free: number; bonus: number; total: number };
    }>();
  }

  /** A signed-up clinic that went through checkout for `plan`, with its subscription live. */
  async function subscribedClinic(plan: keyof typeof PRICES, periodStart = 1_800_000_000) {
    const clinic = await signUpForCookie(app, ORIGIN);
    const checkout = await post('/api/create-checkout-session', clinic.cookie, { planId: plan });
    expect(checkout.statusCode).toBe(200);
    const customerId = (await profileOf(clinic.cookie)).subscription.customerId ?? '';
    const subscriptionId = `sub_${crypto.randomUUID()}`;
    fake.subscriptions.set(subscriptionId, {
      id: subscriptionId,
      customer: customerId,
      status: 'active',
      priceId: PRICES[plan],
      periodStart,
      periodEnd: periodStart + 30 * DAY,
    });
    const sessionId = `cs_${crypto.randomUUID()}`;
    fake.checkoutSessions.set(sessionId, {
      id: sessionId,
      object: 'checkout.session',
      mode: 'subscription',
      customer: customerId,
      subscription: subscriptionId,
      client_reference_id: clinic.userId,
    });
    const completed = await sendEvent('checkout.session.completed', {
      id: sessionId,
      object: 'checkout.session',
    });
    expect(completed.statusCode).toBe(200);
    return { ...clinic, customerId, subscriptionId };
  }

  it('creates a subscription checkout for the signed-in clinic with its own customer and URLs', async () => {
    const clinic = await signUpForCookie(app, ORIGIN);
    const before = fake.requests.length;
    const response = await post('/api/create-checkout-session', clinic.cookie, {
      planId: 'pro',
      userId: clinic.userId,
      userEmail: clinic.email,
      successUrl: `${ORIGIN}/dashboard?success=true&plan=pro`,
      cancelUrl: 'https://evil.example/phish',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ url: 'https://checkout.fake/c/cs_fake_1' });
    const sent = fake.requests.slice(before);
    const customer = sent.find((entry) => entry.path === '/v1/customers');
    // The customer and the checkout are the clinic's (issue #21), opened by its owner.
    const clinicId = await personalClinicOf(test.runtime.database.db, clinic.userId);
    expect(customer?.form).toMatchObject({
      email: clinic.email,
      'metadata[userId]': clinic.userId,
      'metadata[clinicId]': clinicId,
    });
    const session = sent.find((entry) => entry.path === '/v1/checkout/sessions');
    const customerId = (await profileOf(clinic.cookie)).subscription.customerId;
    expect(customerId).toMatch(/^cus_fake_/);
    expect(session?.form).toMatchObject({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: clinicId,
      'metadata[clinicId]': clinicId,
      'line_items[0][price]': PRICES.pro,
      'line_items[0][quantity]': '1',
      success_url: `${ORIGIN}/dashboard?success=true&plan=pro`,
      // A foreign return address is replaced by our own (SPEC §7 cancel URL).
      cancel_url: `${ORIGIN}/dashboard?canceled=true`,
    });

    // A second checkout reuses the customer instead of creating another.
    const again = fake.requests.length;
    await post('/api/create-checkout-session', clinic.cookie, { planId: 'starter' });
    expect(fake.requests.slice(again).map((entry) => entry.path)).toEqual([
      '/v1/checkout/sessions',
    ]);
    expect(fake.requests.at(-1)?.form).toMatchObject({
      customer: customerId,
      'line_items[0][price]': PRICES.starter,
    });
  });

  it('refuses an unknown plan with the SPEC message and asks anonymous callers to sign in', async () => {
    const clinic = await signUpForCookie(app, ORIGIN);
    const unknown = await post('/api/create-checkout-session', clinic.cookie, {
      planId: 'platinum',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: { message: 'Invalid plan selected' } });
    const anonymous = await post('/api/create-checkout-session', null, { planId: 'pro' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('starts checkout only for the caller, whatever userId and e-mail the body names', async () => {
    const a = await signUpForCookie(app, ORIGIN);
    const b = await signUpForCookie(app, ORIGIN);
    const response = await post('/api/create-checkout-session', a.cookie, {
      planId: 'pro',
      userId: b.userId,
      userEmail: b.email,
    });
    expect(response.statusCode).toBe(200);
    const customerCall = fake.requests.filter((entry) => entry.path === '/v1/customers').at(-1);
    expect(customerCall?.form).toMatchObject({ email: a.email, 'metadata[userId]': a.userId });
    expect(fake.requests.at(-1)?.form.client_reference_id).toBe(
      await personalClinicOf(test.runtime.database.db, a.userId),
    );
    expect((await profileOf(b.cookie)).subscription.customerId).toBeNull();
  });

  it("opens the portal for the caller's own customer only", async () => {
    const a = await subscribedClinic('pro');
    const b = await subscribedClinic('starter');
    const own = await post('/api/create-portal-session', a.cookie, {
      customerId: a.customerId,
      returnUrl: `${ORIGIN}/dashboard`,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ url: PORTAL_URL });
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v1/billing_portal/sessions',
      form: { customer: a.customerId, return_url: `${ORIGIN}/dashboard` },
    });
    const before = fake.requests.length;
    const foreign = await post('/api/create-portal-session', a.cookie, {
      customerId: b.customerId,
    });
    expect(foreign.statusCode).toBe(403);
    expect(fake.requests.length).toBe(before);

    const free = await signUpForCookie(app, ORIGIN);
    const none = await post('/api/create-portal-session', free.cookie, { customerId: null });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      error: {
        message: 'You need an active subscription to manage billing. Please select a plan first.',
      },
    });
  });

  it('offers no demo checkout or portal when Stripe takes payments', async () => {
    const clinic = await signUpForCookie(app, ORIGIN);
    const demo = await post('/api/billing/demo/checkout', clinic.cookie, { planId: 'pro' });
    expect(demo.statusCode).toBe(404);
    const portal = await post('/api/billing/demo/portal', clinic.cookie, { action: 'resume' });
    expect(portal.statusCode).toBe(404);
    expect((await profileOf(clinic.cookie)).subscription.plan).toBe('free');
  });

  it('activates the plan on checkout.session.completed with the plan videos', async () => {
    const clinic = await subscribedClinic('pro');
    const profile = await profileOf(clinic.cookie);
    expect(profile.subscription).toMatchObject({
      plan: 'pro',
      status: 'active',
      videosRemaining: 20,
      videosTotal: 20,
      customerId: clinic.customerId,
    });
    expect(profile.credits).toEqual({ free: 3, bonus: 0, total: 23 });
    const ledger = await test.runtime.database.db
      .selectFrom('credit_ledger')
      .selectAll()
      .where('user_id', '=', clinic.userId)
      .orderBy('id')
      .execute();
    expect(ledger.at(-1)).toMatchObject({
      reason: 'plan_start',
      bucket: 'plan',
      delta: 18,
      balance_after: 23,
    });
    // The audit log names Glowreel: the member's own action happened on Stripe's pages.
    const [planChange, ...more] = await test.runtime.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('account_id', '=', clinic.userId)
      .where('kind', '=', 'plan.changed')
      .execute();
    expect(more).toHaveLength(0);
    expect(planChange).toMatchObject({
      actor_kind: 'system',
      actor_user_id: null,
      target_type: 'subscription',
    });
    expect(JSON.parse(planChange?.details ?? '{}')).toEqual({ from: 'free', to: 'pro' });
  });

  it('gives a subscription whose customer is not linked yet to the clinic its checkout named', async () => {
    const owner = await signUpForCookie(app, ORIGIN);
    const other = await signUpForCookie(app, ORIGIN);
    const clinicId = await personalClinicOf(test.runtime.database.db, owner.userId);
    const subscribe = async (metadata: Record<string, string>) => {
      const id = `sub_${crypto.randomUUID()}`;
      fake.subscriptions.set(id, {
        id,
        customer: `cus_unlinked_${crypto.randomUUID()}`,
        status: 'active',
        priceId: PRICES.starter,
        periodStart: 1_800_000_000,
        periodEnd: 1_800_000_000 + 30 * DAY,
        metadata,
      });
      const sent = await sendEvent('customer.subscription.created', {
        id,
        object: 'subscription',
      });
      expect(sent.statusCode).toBe(200);
    };
    // The clinic on the checkout wins over the member who opened it.
    await subscribe({ clinicId, userId: other.userId });
    expect((await profileOf(owner.cookie)).subscription.plan).toBe('starter');
    expect((await profileOf(other.cookie)).subscription.plan).toBe('free');
    // A checkout from before clinics named only the account: its personal clinic.
    await subscribe({ userId: other.userId });
    expect((await profileOf(other.cookie)).subscription.plan).toBe('starter');
  });

  it('rejects a bad signature with 400 and changes nothing', async () => {
    const clinic = await signUpForCookie(app, ORIGIN);
    await post('/api/create-checkout-session', clinic.cookie, { planId: 'pro' });
    const customerId = (await profileOf(clinic.cookie)).subscription.customerId ?? '';
    const subscriptionId = `sub_${crypto.randomUUID()}`;
    fake.subscriptions.set(subscriptionId, {
      id: subscriptionId,
      customer: customerId,
      status: 'active',
      priceId: PRICES.enterprise,
      periodStart: 1_800_000_000,
      periodEnd: 1_800_000_000 + 30 * DAY,
    });
    const forged = await sendEvent(
      'customer.subscription.updated',
      { id: subscriptionId, object: 'subscription' },
      { secret: 'whsec_wrong' },
    );
    expect(forged.statusCode).toBe(400);
    const unsigned = await app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ id: 'evt_unsigned', type: 'customer.subscription.updated' }),
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await profileOf(clinic.cookie)).subscription).toMatchObject({
      plan: 'free',
      videosTotal: 2,
    });
    const stored = await test.runtime.database.db
      .selectFrom('billing_events')
      .select('id')
      .execute();
    expect(stored.map((row) => row.id)).not.toContain('evt_unsigned');
  });

  it('applies a replayed event once', async () => {
    const clinic = await subscribedClinic('pro');
    await test.runtime.credits.reserve(clinic.userId); // free 3 -> 2
    for (let i = 0; i < 4; i += 1) await test.runtime.credits.reserve(clinic.userId);
    // free 0, bonus 0, plan 18. A renewal is paid: plan back to 20, delivered twice.
    fake.subscriptions.get(clinic.subscriptionId)!.periodStart = 1_800_000_000 + 30 * DAY;
    fake.invoices.set('in_renewal', {
      id: 'in_renewal',
      object: 'invoice',
      status: 'paid',
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: clinic.subscriptionId },
      },
    });
    const first = await sendEvent(
      'invoice.paid',
      { id: 'in_renewal', object: 'invoice' },
      { id: `evt_replay_${kind}` },
    );
    expect(first.statusCode).toBe(200);
    expect((await profileOf(clinic.cookie)).subscription.videosRemaining).toBe(20);
    await test.runtime.credits.reserve(clinic.userId); // plan 19
    const replay = await sendEvent(
      'invoice.paid',
      { id: 'in_renewal', object: 'invoice' },
      { id: `evt_replay_${kind}` },
    );
    expect(replay.statusCode).toBe(200);
    expect((await profileOf(clinic.cookie)).subscription.videosRemaining).toBe(19);
  });

  it('resets plan videos on invoice.paid for a new period but leaves free and bonus credits', async () => {
    const clinic = await subscribedClinic('starter');
    await test.runtime.credits.grant(clinic.userId, 2, 'bonus', 'test');
    for (let i = 0; i < 7; i += 1) await test.runtime.credits.reserve(clinic.userId);
    // Spent: free 3, bonus 2, plan 2 of 5.
    expect((await profileOf(clinic.cookie)).credits).toEqual({ free: 0, bonus: 0, total: 3 });
    await test.runtime.credits.grant(clinic.userId, 1, 'bonus', 'test');

    // The first invoice of the period it already has: no reset.
    fake.invoices.set(`in_first_${clinic.subscriptionId}`, {
      id: `in_first_${clinic.subscriptionId}`,
      object: 'invoice',
      status: 'paid',
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: clinic.subscriptionId },
      },
    });
    await sendEvent('invoice.paid', { id: `in_first_${clinic.subscriptionId}`, object: 'invoice' });
    expect((await profileOf(clinic.cookie)).subscription.videosRemaining).toBe(3);

    fake.subscriptions.get(clinic.subscriptionId)!.periodStart = 1_800_000_000 + 30 * DAY;
    await sendEvent('invoice.paid', { id: `in_first_${clinic.subscriptionId}`, object: 'invoice' });
    const profile = await profileOf(clinic.cookie);
    expect(profile.subscription).toMatchObject({ videosRemaining: 5, videosTotal: 5 });
    expect(profile.credits).toEqual({ free: 0, bonus: 1, total: 6 });
  });

  it('ends in the right state when subscription events arrive out of order', async () => {
    const clinic = await subscribedClinic('starter');
    const subscription = fake.subscriptions.get(clinic.subscriptionId)!;
    // Stripe's current state: upgraded to Pro and set to cancel at the period end.
    subscription.priceId = PRICES.pro;
    subscription.cancelAtPeriodEnd = true;
    // The later event is delivered first, the earlier one (whose body says starter) second.
    await sendEvent('customer.subscription.updated', {
      id: clinic.subscriptionId,
      object: 'subscription',
      cancel_at_period_end: true,
    });
    await sendEvent('customer.subscription.updated', {
      id: clinic.subscriptionId,
      object: 'subscription',
      cancel_at_period_end: false,
    });
    let profile = await profileOf(clinic.cookie);
    expect(profile.subscription).toMatchObject({
      plan: 'pro',
      status: 'active',
      videosTotal: 20,
      videosRemaining: 20,
    });
    const status = await app.inject({
      method: 'GET',
      url: '/api/billing/subscription',
      headers: { cookie: clinic.cookie },
    });
    expect(status.json()).toMatchObject({ mode: 'stripe', plan: 'pro', cancelAtPeriodEnd: true });

    // The period ends: deleted arrives, then a stale "updated" from before it.
    subscription.status = 'canceled';
    await sendEvent('customer.subscription.deleted', {
      id: clinic.subscriptionId,
      object: 'subscription',
    });
    await sendEvent('customer.subscription.updated', {
      id: clinic.subscriptionId,
      object: 'subscription',
    });
    profile = await profileOf(clinic.cookie);
    expect(profile.subscription).toMatchObject({
      plan: 'free',
      videosRemaining: 0,
      videosTotal: 0,
    });
    expect(profile.credits).toEqual({ free: 3, bonus: 0, total: 3 });

    // A new subscription, then a late "deleted" of the old one: the new one stays.
    const next = `sub_${crypto.randomUUID()}`;
    fake.subscriptions.set(next, {
      ...subscription,
      id: next,
      status: 'active',
      cancelAtPeriodEnd: false,
      priceId: PRICES.enterprise,
    });
    await sendEvent('customer.subscription.created', { id: next, object: 'subscription' });
    await sendEvent('customer.subscription.deleted', {
      id: clinic.subscriptionId,
      object: 'subscription',
    });
    profile = await profileOf(clinic.cookie);
    expect(profile.subscription).toMatchObject({
      plan: 'enterprise',
      status: 'active',
      videosRemaining: 50,
    });
  });

  it('marks the plan past due with the failure message while the invoice stays unpaid', async () => {
    const clinic = await subscribedClinic('pro');
    fake.invoices.set('in_failed', {
      id: 'in_failed',
      object: 'invoice',
      status: 'open',
      last_finalization_error: { message: 'Your card has insufficient funds.' },
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: clinic.subscriptionId },
      },
    });
    fake.subscriptions.get(clinic.subscriptionId)!.status = 'past_due';
    await sendEvent('invoice.payment_failed', { id: 'in_failed', object: 'invoice' });
    expect((await profileOf(clinic.cookie)).subscription.status).toBe('past_due');
    const status = await app.inject({
      method: 'GET',
      url: '/api/billing/subscription',
      headers: { cookie: clinic.cookie },
    });
    expect(status.json()).toMatchObject({ paymentError: 'Your card has insufficient funds' });

    // The retry succeeded before the (late) failure event was processed: no past_due then.
    fake.invoices.set('in_failed', { ...fake.invoices.get('in_failed'), status: 'paid' });
    fake.subscriptions.get(clinic.subscriptionId)!.status = 'active';
    await sendEvent('invoice.paid', { id: 'in_failed', object: 'invoice' });
    await sendEvent('invoice.payment_failed', { id: 'in_failed', object: 'invoice' });
    expect((await profileOf(clinic.cookie)).subscription.status).toBe('active');
    const cleared = await app.inject({
      method: 'GET',
      url: '/api/billing/subscription',
      headers: { cookie: clinic.cookie },
    });
    expect(cleared.json()).toMatchObject({ paymentError: null });
  });
});
