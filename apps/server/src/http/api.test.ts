import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { DATABASE_KINDS, openTestRuntime, type TestRuntime } from '../testing/test-runtime.ts';

const ORIGIN = 'http://localhost:3999';

describe.each(DATABASE_KINDS)('HTTP API on %s', (kind) => {
  let test: TestRuntime;
  let app: FastifyInstance;

  beforeAll(async () => {
    test = await openTestRuntime(kind, {
      AUTH_RATE_LIMIT_PER_MINUTE: '5',
      BODY_LIMIT_BYTES: '4096',
    });
    app = await buildApp({
      config: test.config,
      auth: test.runtime.auth,
      profiles: test.runtime.profiles,
      audit: test.runtime.audit,
      isDatabaseReady: test.runtime.database.isReady,
    });
    app.get('/api/test/explode', () => {
      throw new Error('secret internal detail');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  let clientAddress = 1;
  /** Each test signs up from its own address so the per-IP limit only meets the limit test. */
  function nextAddress(): string {
    clientAddress += 1;
    return `10.1.0.${clientAddress}`;
  }

  function signUp(body: Record<string, unknown>, remoteAddress = nextAddress()) {
    return app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      remoteAddress,
      payload: body,
    });
  }

  function signIn(
    body: Record<string, unknown>,
    remoteAddress = nextAddress(),
    headers: Record<string, string> = {},
  ) {
    return app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN, ...headers },
      remoteAddress,
      payload: body,
    });
  }

  function sessionCookieOf(response: { cookies: { name: string; value: string }[] }): string {
    const cookie = response.cookies.find((entry) => entry.name.endsWith('session_token'));
    if (!cookie) throw new Error('no session cookie was set');
    return `${cookie.name}=${cookie.value}`;
  }

  it('registers an account, sets a safe session cookie and returns the SPEC profile from /api/me', async () => {
    const response = await signUp({
      name: 'Glow Clinic',
      email: 'owner@glow.example',
      password: 'radiant2024',
    });
    expect(response.statusCode).toBe(200);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i); // served over plain http here

    const me = await app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: sessionCookieOf(response) },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'owner@glow.example',
      displayName: 'Glow Clinic',
      subscription: {
        plan: 'free',
        status: 'active',
        videosRemaining: 2,
        videosTotal: 2,
        customerId: null,
      },
      credits: { free: 3, bonus: 0, total: 5 },
    });
  });

  it('answers /api/session with the profile, or with null (not an error) when signed out', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/api/session' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ profile: null });

    const response = await signUp({
      name: 'Session Clinic',
      email: 'session@glow.example',
      password: 'radiant2024',
    });
    const signedIn = await app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { cookie: sessionCookieOf(response) },
    });
    expect(signedIn.json()).toMatchObject({
      profile: { email: 'session@glow.example', credits: { total: 5 } },
    });
  });

  it.each([
    ['short', 'abc123', /at least 8 characters/],
    ['without a digit', 'abcdefghij', /contains a number/],
    ['without a letter', '1234567890', /contains a letter/],
  ])('refuses a password %s with a field-level error', async (_label, password, detail) => {
    const response = await signUp({ name: 'A', email: `weak-${password}@glow.example`, password });
    expect(response.statusCode).toBe(422);
    const body = response.json<{
      error: { code: string; message: string; details: { fields: { password: string } } };
    }>();
    expect(body.error.message).toBe('Password does not meet requirements');
    expect(body.error.details.fields.password).toMatch(detail);
  });

  it('refuses a registration without a name', async () => {
    const response = await signUp({
      name: ' ',
      email: 'noname@glow.example',
      password: 'radiant2024',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      error: { details: { fields: { name: 'Full name is required.' } } },
    });
  });

  it('answers the same way for an unknown e-mail and a wrong password', async () => {
    await signUp({ name: 'Known', email: 'known@glow.example', password: 'radiant2024' });
    const unknown = await signIn({ email: 'nobody@glow.example', password: 'radiant2024' });
    const wrong = await signIn({ email: 'known@glow.example', password: 'wrongpass99' });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(unknown.json()).toEqual({
      error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
    });
  });

  it('signs in and out', async () => {
    await signUp({ name: 'Cycle', email: 'cycle@glow.example', password: 'radiant2024' });
    const signedIn = await signIn({ email: 'cycle@glow.example', password: 'radiant2024' });
    expect(signedIn.statusCode).toBe(200);
    const cookie = sessionCookieOf(signedIn);
    const signedOut = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin: ORIGIN },
      payload: {},
    });
    expect(signedOut.statusCode).toBe(200);
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toMatchObject({ error: { code: 'unauthorized' } });
  });

  it('rate-limits sign-in per client address, whatever X-Forwarded-For claims', async () => {
    const address = '10.9.9.9';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = await signIn(
        { email: 'nobody@glow.example', password: 'radiant2024' },
        address,
        {
          'x-forwarded-for': `203.0.113.${attempt}`,
        },
      );
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const limited = await signIn(
      { email: 'nobody@glow.example', password: 'radiant2024' },
      address,
    );
    expect(limited.json()).toMatchObject({ error: { code: 'rate_limited' } });
    const otherClient = await signIn(
      { email: 'nobody@glow.example', password: 'radiant2024' },
      '10.9.9.10',
    );
    expect(otherClient.statusCode).toBe(401);
  });

  it('answers malformed JSON with 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json' },
      remoteAddress: nextAddress(),
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'invalid_json' } });
  });

  it('answers an unknown API route with 404 JSON', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'not_found', message: 'No route GET /api/no-such-thing.' },
    });
  });

  it('answers a body over the limit with 413', async () => {
    const response = await signIn({ email: 'a@b.example', password: 'x'.repeat(10_000) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: { code: 'payload_too_large' } });
  });

  it('answers an unknown error with 500, a correlation id and no internals', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(response.statusCode).toBe(500);
    const requestId = response.headers['x-request-id'];
    expect(typeof requestId).toBe('string');
    const body = response.json<{
      error: { code: string; message: string; details: { requestId: string } };
    }>();
    expect(body.error.code).toBe('internal_error');
    expect(body.error.details.requestId).toBe(requestId);
    expect(response.body).not.toContain('secret internal detail');
    expect(response.body).not.toContain('.ts:');
  });

  it('reports liveness and readiness', async () => {
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  describe('remembered sessions', () => {
    const password = 'radiant2024';
    async function newAccount(): Promise<{ email: string; cookie: string }> {
      const email = `remembered-${crypto.randomUUID().slice(0, 8)}@glow.example`;
      const response = await signUp({ name: 'Remembered', email, password });
      return { email, cookie: sessionCookieOf(response) };
    }
    const me = (cookie: string) =>
      app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    const authPost = (url: string, cookie: string) =>
      app.inject({ method: 'POST', url, headers: { cookie, origin: ORIGIN }, payload: {} });

    it('answers a repeated request for the same session without asking Better Auth again', async () => {
      const { cookie } = await newAccount();
      const getSession = vi.spyOn(test.runtime.auth.api, 'getSession');
      // The clock stands still, so a slow machine cannot age the entry between requests.
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        for (let request = 0; request < 3; request += 1)
          expect((await me(cookie)).statusCode).toBe(200);
        expect(getSession).toHaveBeenCalledTimes(1);
      } finally {
        vi.useRealTimers();
        getSession.mockRestore();
      }
    });

    it('shows a name changed through Better Auth on the very next /api/me', async () => {
      const { cookie } = await newAccount();
      expect((await me(cookie)).json()).toMatchObject({ displayName: 'Remembered' });
      const renamed = await app.inject({
        method: 'POST',
        url: '/api/auth/update-user',
        headers: { cookie, origin: ORIGIN },
        payload: { name: 'Renamed Clinic' },
      });
      expect(renamed.statusCode).toBe(200);
      expect((await me(cookie)).json()).toMatchObject({ displayName: 'Renamed Clinic' });
    });

    it('stops accepting a remembered session as soon as it signs out', async () => {
      const { cookie } = await newAccount();
      expect((await me(cookie)).statusCode).toBe(200);
      expect((await authPost('/api/auth/sign-out', cookie)).statusCode).toBe(200);
      const after = await me(cookie);
      expect(after.statusCode).toBe(401);
      expect(after.json()).toMatchObject({ error: { code: 'unauthorized' } });
    });

    it('stops accepting every remembered session of an account when they are revoked', async () => {
      const { email } = await newAccount();
      const laptop = sessionCookieOf(await signIn({ email, password }));
      const phone = sessionCookieOf(await signIn({ email, password }));
      expect((await me(laptop)).statusCode).toBe(200);
      expect((await me(phone)).statusCode).toBe(200);
      expect((await authPost('/api/account/sessions/revoke-others', laptop)).statusCode).toBe(200);
      expect((await me(phone)).statusCode).toBe(401);
      expect((await me(laptop)).statusCode).toBe(200);
      expect((await authPost('/api/auth/sign-out', laptop)).statusCode).toBe(200);
      expect((await me(laptop)).statusCode).toBe(401);
    });

    it('does not accept a cookie whose signature differs from the remembered one', async () => {
      const { cookie } = await newAccount();
      expect((await me(cookie)).statusCode).toBe(200);
      const [name, value = ''] = cookie.split('=');
      const token = decodeURIComponent(value).split('.')[0];
      expect((await me(`${name}=${token}.${'A'.repeat(43)}=`)).statusCode).toBe(401);
    });
  });
});
