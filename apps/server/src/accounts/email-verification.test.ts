import { ACCOUNT_EMAIL_COPY } from '@glowreel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFullTestApp, type FullTestApp } from '../testing/full-test-app.ts';
import { linkIn, outboxFor } from '../testing/outbox-mail.ts';
import { signUpForCookie } from '../testing/session-cookie.ts';
import { DATABASE_KINDS } from '../testing/test-runtime.ts';

const ORIGIN = 'http://localhost:3999';
const VERIFY_LINK = 'http://localhost:3999/api/auth/verify-email?token=';

interface ErrorBody {
  error: { code: string; message: string };
}

describe.each(DATABASE_KINDS)('e-mail verification with the gate on (%s)', (kind) => {
  let full: FullTestApp;
  let address = 0;

  beforeAll(async () => {
    full = await openFullTestApp(kind, { REQUIRE_EMAIL_VERIFICATION: 'true' });
  });
  afterAll(async () => {
    await full.dispose();
  });

  const post = (url: string, cookie: string, payload: object) =>
    full.app.inject({
      method: 'POST',
      url,
      headers: { origin: ORIGIN, cookie },
      remoteAddress: `10.19.0.${++address}`,
      payload,
    });
  const get = (url: string, cookie = '') =>
    full.app.inject({ method: 'GET', url, headers: { cookie } });

  async function emailState(cookie: string) {
    return (await get('/api/account/email', cookie)).json<{
      email: string;
      emailVerified: boolean;
      verificationRequired: boolean;
    }>();
  }

  it('mails a link on sign-up; until it is opened, API keys and plans are refused with 403', async () => {
    const { cookie, email } = await signUpForCookie(full.app, ORIGIN);
    const mails = await outboxFor(full.test.runtime, email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Confirm your e-mail address for Glowreel']);
    expect(await emailState(cookie)).toEqual({
      email,
      emailVerified: false,
      verificationRequired: true,
    });

    const key = await post('/api/keys', cookie, { name: 'Zapier' });
    expect(key.statusCode).toBe(403);
    expect(key.json<ErrorBody>().error).toEqual({
      code: 'email_not_verified',
      message: ACCOUNT_EMAIL_COPY.notVerifiedKeys,
    });
    for (const url of ['/api/create-checkout-session', '/api/billing/demo/checkout']) {
      const plan = await post(url, cookie, { planId: 'pro' });
      expect(plan.statusCode).toBe(403);
      expect(plan.json<ErrorBody>().error.message).toBe(ACCOUNT_EMAIL_COPY.notVerifiedPlans);
    }
    // Nothing was written by the refusals.
    expect((await get('/api/keys', cookie)).json<{ keys: unknown[] }>().keys).toEqual([]);
    expect((await get('/api/me', cookie)).json<{ subscription: { plan: string } }>()).toMatchObject(
      { subscription: { plan: 'free' } },
    );
    // Everything else works: the profile, the video list.
    expect((await get('/api/videos', cookie)).statusCode).toBe(200);
  });

  it('resends the link, and opening it confirms the address and unlocks keys and plans', async () => {
    const { cookie, email } = await signUpForCookie(full.app, ORIGIN);
    const resend = await post('/api/auth/send-verification-email', cookie, { email });
    expect(resend.statusCode).toBe(200);
    const mails = await outboxFor(full.test.runtime, email);
    expect(mails).toHaveLength(2);

    const link = linkIn(mails.at(-1), VERIFY_LINK);
    expect(new URL(link).searchParams.get('callbackURL')).toBe('/dashboard');
    const opened = await get(link.slice(ORIGIN.length));
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/dashboard');
    expect((await emailState(cookie)).emailVerified).toBe(true);

    expect((await post('/api/keys', cookie, { name: 'Zapier' })).statusCode).toBe(201);
    expect((await post('/api/billing/demo/checkout', cookie, { planId: 'pro' })).statusCode).toBe(
      200,
    );
  });

  it('sends a forged link back to the dashboard with an error and confirms nothing', async () => {
    const { cookie } = await signUpForCookie(full.app, ORIGIN);
    const opened = await get(
      `/api/auth/verify-email?token=forged.token.here&callbackURL=/dashboard`,
    );
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/dashboard?error=INVALID_TOKEN');
    expect((await emailState(cookie)).emailVerified).toBe(false);
  });

  it('refuses a resend for a malformed address', async () => {
    const { cookie } = await signUpForCookie(full.app, ORIGIN);
    const response = await post('/api/auth/send-verification-email', cookie, { email: 'nope' });
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>().error.message).toBe('Please enter a valid e-mail address.');
  });

  it('changes the e-mail only once the link sent to the new address is opened', async () => {
    const { cookie, email } = await signUpForCookie(full.app, ORIGIN);
    const newEmail = `moved-${crypto.randomUUID().slice(0, 8)}@spa.example`;
    const asked = await post('/api/auth/change-email', cookie, {
      newEmail,
      callbackURL: '/account',
    });
    expect(asked.statusCode).toBe(200);
    expect((await emailState(cookie)).email).toBe(email);

    const sent = await outboxFor(full.test.runtime, newEmail);
    expect(sent).toHaveLength(1);
    const link = linkIn(sent[0], VERIFY_LINK);
    const opened = await get(link.slice(ORIGIN.length), cookie);
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/account');
    // Opening the link in the new mailbox proves that address: the account is confirmed.
    expect(await emailState(cookie)).toMatchObject({ email: newEmail, emailVerified: true });
  });

  it('refuses a malformed new address and keeps the old one', async () => {
    const { cookie, email } = await signUpForCookie(full.app, ORIGIN);
    const response = await post('/api/auth/change-email', cookie, { newEmail: 'at@' });
    expect(response.statusCode).toBe(422);
    expect((await emailState(cookie)).email).toBe(email);
  });
});

describe('REQUIRE_EMAIL_VERIFICATION=false', () => {
  let full: FullTestApp;

  beforeAll(async () => {
    full = await openFullTestApp('pglite', { REQUIRE_EMAIL_VERIFICATION: 'false' });
  });
  afterAll(async () => {
    await full.dispose();
  });

  it('lets an unconfirmed account create API keys and says no confirmation is required', async () => {
    const { cookie } = await signUpForCookie(full.app, ORIGIN);
    const key = await full.app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: { origin: ORIGIN, cookie },
      payload: { name: 'Zapier' },
    });
    expect(key.statusCode).toBe(201);
    const state = await full.app.inject({
      method: 'GET',
      url: '/api/account/email',
      headers: { cookie },
    });
    expect(state.json()).toMatchObject({ emailVerified: false, verificationRequired: false });
  });
});
