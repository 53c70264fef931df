import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { signUpForCookie } from '../testing/session-cookie.ts';
import { DATABASE_KINDS, openTestRuntime, type TestRuntime } from '../testing/test-runtime.ts';

const ORIGIN = 'http://localhost:3999';

describe.each(DATABASE_KINDS)('remembered sessions on %s', (kind) => {
  let test: TestRuntime;
  let app: FastifyInstance;

  beforeAll(async () => {
    test = await openTestRuntime(kind);
    app = await buildApp({
      config: test.config,
      auth: test.runtime.auth,
      profiles: test.runtime.profiles,
      isDatabaseReady: test.runtime.database.isReady,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  let address = 0;
  async function signIn(email: string): Promise<string> {
    address += 1;
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN },
      remoteAddress: `10.7.0.${address}`,
      payload: { email, password: 'radiant2024' },
    });
    const session = response.cookies.find((entry) => entry.name.endsWith('session_token'));
    if (!session) throw new Error(`sign-in failed: ${response.body}`);
    return `${session.name}=${session.value}`;
  }

  const me = (cookie: string) => app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
  const authPost = (url: string, cookie: string) =>
    app.inject({ method: 'POST', url, headers: { cookie, origin: ORIGIN }, payload: {} });

  it('answers a repeated request for the same session without asking Better Auth again', async () => {
    const { cookie } = await signUpForCookie(app, ORIGIN);
    const getSession = vi.spyOn(test.runtime.auth.api, 'getSession');
    try {
      expect((await me(cookie)).statusCode).toBe(200);
      expect((await me(cookie)).statusCode).toBe(200);
      expect((await me(cookie)).statusCode).toBe(200);
      expect(getSession).toHaveBeenCalledTimes(1);
    } finally {
      getSession.mockRestore();
    }
  });

  it('stops accepting a remembered session as soon as it signs out', async () => {
    const { cookie } = await signUpForCookie(app, ORIGIN);
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await authPost('/api/auth/sign-out', cookie)).statusCode).toBe(200);
    const after = await me(cookie);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ error: { code: 'unauthorized' } });
  });

  it('stops accepting every remembered session of an account when they are all revoked', async () => {
    const { email } = await signUpForCookie(app, ORIGIN);
    const laptop = await signIn(email);
    const phone = await signIn(email);
    expect((await me(laptop)).statusCode).toBe(200);
    expect((await me(phone)).statusCode).toBe(200);
    expect((await authPost('/api/auth/revoke-other-sessions', laptop)).statusCode).toBe(200);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(200);
    expect((await authPost('/api/auth/revoke-sessions', laptop)).statusCode).toBe(200);
    expect((await me(laptop)).statusCode).toBe(401);
  });

  it('does not accept a cookie whose signature differs from the remembered one', async () => {
    const { cookie } = await signUpForCookie(app, ORIGIN);
    expect((await me(cookie)).statusCode).toBe(200);
    const [name, value = ''] = cookie.split('=');
    const token = decodeURIComponent(value).split('.')[0];
    const forged = `${name}=${token}.${'A'.repeat(43)}=`;
    expect((await me(forged)).statusCode).toBe(401);
  });
});
