import { accountSessionsSchema } from '@glowreel/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { signUpForCookie } from '../testing/session-cookie.ts';
import { coreDependencies } from '../testing/test-app.ts';
import { DATABASE_KINDS, openTestRuntime, type TestRuntime } from '../testing/test-runtime.ts';

const ORIGIN = 'http://localhost:3999';
const MAC_CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe.each(DATABASE_KINDS)('signed-in sessions on %s', (kind) => {
  let test: TestRuntime;
  let app: FastifyInstance;
  let addressCount = 0;

  beforeAll(async () => {
    test = await openTestRuntime(kind);
    app = await buildApp(coreDependencies(test));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  /** Signs the account in once more from another device; answers that device's cookie. */
  async function signInFrom(email: string, userAgent: string): Promise<string> {
    addressCount += 1;
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN, 'user-agent': userAgent },
      remoteAddress: `10.8.0.${addressCount}`,
      payload: { email, password: 'radiant2024' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const session = response.cookies.find((entry) => entry.name.endsWith('session_token'));
    if (!session) throw new Error('no session cookie was set');
    return `${session.name}=${session.value}`;
  }

  const listSessions = async (cookie: string) => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/account/sessions',
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return accountSessionsSchema.parse(response.json()).sessions;
  };
  /** GET /api/me, which goes through the session cache like every signed-in request. */
  const meStatus = async (cookie: string) =>
    (await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode;
  const revoke = (cookie: string, id: string) =>
    app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${encodeURIComponent(id)}`,
      headers: { cookie, origin: ORIGIN },
    });

  async function accountOnTwoDevices() {
    const { email } = await signUpForCookie(app, ORIGIN);
    const laptop = await signInFrom(email, MAC_CHROME);
    const phone = await signInFrom(email, IPHONE_SAFARI);
    return { email, laptop, phone };
  }

  it('lists the sessions with device, last activity and this device first', async () => {
    const { laptop } = await accountOnTwoDevices();
    const sessions = await listSessions(laptop);
    // The sign-up's own session, the laptop and the phone.
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({ device: 'Chrome on macOS', isCurrent: true });
    expect(sessions.filter((session) => session.isCurrent)).toHaveLength(1);
    expect(sessions.map((session) => session.device)).toContain('Safari on iOS');
    for (const session of sessions) {
      expect(Number.isNaN(Date.parse(session.lastActiveAt))).toBe(false);
      expect(Number.isNaN(Date.parse(session.signedInAt))).toBe(false);
      // The token stays on the server.
      expect(Object.keys(session).sort()).toEqual([
        'device',
        'id',
        'isCurrent',
        'lastActiveAt',
        'signedInAt',
      ]);
    }
  });

  it('shows a session used in the last hour as active in the last hour', async () => {
    const { email } = await signUpForCookie(app, ORIGIN);
    // Signed in, then left for two hours: Better Auth renews a session in use once an hour.
    const phone = await signInFrom(email, IPHONE_SAFARI);
    await sql`update "session" set "expiresAt" = "expiresAt" - interval '2 hours',
      "updatedAt" = now() - interval '2 hours'
      where "userAgent" = ${IPHONE_SAFARI} and "userId" = (select id from "user" where email = ${email})`.execute(
      test.runtime.database.db,
    );
    const laptop = await signInFrom(email, MAC_CHROME);
    const idle = (await listSessions(laptop)).find((s) => s.device === 'Safari on iOS');
    expect(Date.now() - Date.parse(idle?.lastActiveAt ?? '')).toBeGreaterThan(110 * 60_000);

    expect(await meStatus(phone)).toBe(200);
    const used = (await listSessions(laptop)).find((s) => s.device === 'Safari on iOS');
    expect(Date.now() - Date.parse(used?.lastActiveAt ?? '')).toBeLessThan(60_000);
  });

  it('does not serve Better Auth’s own revoke endpoints, which the audit log would miss', async () => {
    const { laptop, phone } = await accountOnTwoDevices();
    const phoneSession = (await listSessions(laptop)).find((s) => s.device === 'Safari on iOS');
    for (const [path, body] of [
      ['/api/auth/revoke-session', { token: phoneSession?.id ?? '' }],
      ['/api/auth/revoke-sessions', {}],
      ['/api/auth/revoke-other-sessions', {}],
    ] as const) {
      const response = await app.inject({
        method: 'POST',
        url: path,
        headers: { cookie: laptop, origin: ORIGIN, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(response.statusCode, path).toBe(404);
    }
    expect(await meStatus(phone)).toBe(200);
    expect(await meStatus(laptop)).toBe(200);
  });

  it('signs out another session, which stops working at once', async () => {
    const { laptop, phone } = await accountOnTwoDevices();
    // The phone's session is now in the session cache.
    expect(await meStatus(phone)).toBe(200);
    const phoneSession = (await listSessions(laptop)).find((s) => s.device === 'Safari on iOS');
    const response = await revoke(laptop, phoneSession?.id ?? '');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ revoked: 1 });
    expect(await meStatus(phone)).toBe(401);
    expect(await meStatus(laptop)).toBe(200);
    expect((await listSessions(laptop)).map((s) => s.device)).not.toContain('Safari on iOS');
  });

  it('signs out everywhere else, keeping this device', async () => {
    const { laptop, phone } = await accountOnTwoDevices();
    expect(await meStatus(phone)).toBe(200);
    const response = await app.inject({
      method: 'POST',
      url: '/api/account/sessions/revoke-others',
      headers: { cookie: laptop, origin: ORIGIN },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ revoked: 2 });
    expect(await meStatus(phone)).toBe(401);
    expect(await meStatus(laptop)).toBe(200);
    expect(await listSessions(laptop)).toHaveLength(1);
  });

  it("refuses to end this device's own session, an unknown one or another account's", async () => {
    const { laptop, phone } = await accountOnTwoDevices();
    const own = (await listSessions(laptop)).find((s) => s.isCurrent);
    const ownResponse = await revoke(laptop, own?.id ?? '');
    expect(ownResponse.statusCode).toBe(400);
    expect(ownResponse.json()).toMatchObject({ error: { code: 'bad_request' } });

    expect((await revoke(laptop, 'no-such-session')).statusCode).toBe(404);

    const stranger = await accountOnTwoDevices();
    const strangersSession = (await listSessions(stranger.laptop))[0];
    const foreign = await revoke(laptop, strangersSession?.id ?? '');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: { code: 'not_found' } });
    expect(await meStatus(stranger.laptop)).toBe(200);
    expect(await meStatus(phone)).toBe(200);
  });

  it('asks for sign-in, and refuses sign-outs started by another site', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/account/sessions' })).statusCode).toBe(
      401,
    );
    const { laptop, phone } = await accountOnTwoDevices();
    const response = await app.inject({
      method: 'POST',
      url: '/api/account/sessions/revoke-others',
      headers: { cookie: laptop, origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(await meStatus(phone)).toBe(200);
  });

  it('a password change that signs out other sessions ends them at once', async () => {
    const { laptop, phone } = await accountOnTwoDevices();
    expect(await meStatus(phone)).toBe(200);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie: laptop, origin: ORIGIN },
      payload: {
        currentPassword: 'not-my-password1',
        newPassword: 'luminous2025',
        revokeOtherSessions: true,
      },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: { code: 'INVALID_PASSWORD' } });
    expect(await meStatus(phone)).toBe(200);

    const changed = await app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie: laptop, origin: ORIGIN },
      payload: {
        currentPassword: 'radiant2024',
        newPassword: 'luminous2025',
        revokeOtherSessions: true,
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await meStatus(phone)).toBe(401);
  });
});
