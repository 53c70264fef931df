import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { linkIn, outboxFor } from '../testing/outbox-mail.ts';
import { signUpForCookie } from '../testing/session-cookie.ts';
import { coreDependencies } from '../testing/test-app.ts';
import { DATABASE_KINDS, openTestRuntime, type TestRuntime } from '../testing/test-runtime.ts';

const ORIGIN = 'http://localhost:3999';
const RESET_PAGE = 'http://localhost:3999/reset-password?token=';
const NEW_PASSWORD = 'luminous2025';

let address = 0;
/** Each request from its own client address, so the per-client limit stays out of the way. */
const nextAddress = () => `10.17.${Math.floor(++address / 250)}.${address % 250}`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

describe.each(DATABASE_KINDS)('password reset (%s)', (kind) => {
  let test: TestRuntime;
  let app: FastifyInstance;

  beforeAll(async () => {
    // A generous per-address limit: the timing test asks 20 times for one address.
    test = await openTestRuntime(kind, { PASSWORD_RESET_RATE_LIMIT_PER_HOUR: '100' });
    app = await buildApp(coreDependencies(test));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  function requestReset(email: unknown, remoteAddress = nextAddress()) {
    return app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: ORIGIN },
      remoteAddress,
      payload: { email },
    });
  }

  function resetPassword(token: string, newPassword: string) {
    return app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: ORIGIN },
      remoteAddress: nextAddress(),
      payload: { token, newPassword },
    });
  }

  function signIn(email: string, password: string) {
    return app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN },
      remoteAddress: nextAddress(),
      payload: { email, password },
    });
  }

  async function resetTokenFor(email: string): Promise<string> {
    expect((await requestReset(email)).statusCode).toBe(200);
    const mails = await outboxFor(test.runtime, email);
    // The latest reset mail: the sign-up's verification mail can be stored after it.
    const link = linkIn(
      mails.findLast((mail) => mail.body.includes(RESET_PAGE)),
      RESET_PAGE,
    );
    return new URL(link).searchParams.get('token') ?? '';
  }

  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    const { email } = await signUpForCookie(app, ORIGIN);
    const known = await requestReset(email);
    const unknown = await requestReset(`nobody-${crypto.randomUUID()}@spa.example`);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);

    const mails = await outboxFor(test.runtime, email);
    const reset = mails.find((mail) => mail.subject === 'Reset your Glowreel password');
    expect(reset?.body).toContain('1 hour');
    expect(linkIn(reset, RESET_PAGE)).toMatch(
      /^http:\/\/localhost:3999\/reset-password\?token=\w+$/,
    );
  });

  it('answers a known and an unknown address in the same time (medians of 20 within 50 ms)', async () => {
    const { email } = await signUpForCookie(app, ORIGIN);
    const unknownEmail = `ghost-${crypto.randomUUID()}@spa.example`;
    const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
    for (let round = 0; round < 20; round += 1) {
      // Interleaved, so a slow moment of the machine touches both cases alike.
      for (const [which, target] of [
        ['known', email],
        ['unknown', unknownEmail],
      ] as const) {
        const started = performance.now();
        const response = await requestReset(target);
        times[which].push(performance.now() - started);
        expect(response.statusCode).toBe(200);
      }
    }
    await test.runtime.auth.mail.settled();
    expect(Math.abs(median(times.known) - median(times.unknown))).toBeLessThan(50);
  });

  it('keeps only a digest of the token: the raw token is nowhere in the verification table', async () => {
    const { email } = await signUpForCookie(app, ORIGIN);
    const token = await resetTokenFor(email);
    expect(token.length).toBeGreaterThanOrEqual(20);
    const rows = await test.runtime.database.db.selectFrom('verification').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(JSON.stringify(row)).not.toContain(token);
    const digest = Buffer.from(
      await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`reset-password:${token}`)),
    ).toString('base64url');
    expect(rows.map((row) => row.identifier)).toContain(digest);
  });

  it('sets a new password once: signs out every session, mails a notice, and the link is spent', async () => {
    const { email, cookie } = await signUpForCookie(app, ORIGIN);
    const token = await resetTokenFor(email);

    // A password that fails SPEC §5 is refused and leaves the link usable.
    const weak = await resetPassword(token, 'password');
    expect(weak.statusCode).toBe(422);
    expect(weak.json<{ error: { code: string } }>().error.code).toBe('VALIDATION_FAILED');

    const done = await resetPassword(token, NEW_PASSWORD);
    expect(done.statusCode).toBe(200);

    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
    expect((await signIn(email, 'radiant2024')).statusCode).toBe(401);
    expect((await signIn(email, NEW_PASSWORD)).statusCode).toBe(200);

    const notice = (await outboxFor(test.runtime, email)).at(-1);
    expect(notice?.subject).toBe('Your Glowreel password was changed');

    const replay = await resetPassword(token, 'another2026');
    expect(replay.statusCode).toBe(400);
    expect(replay.json<{ error: { code: string } }>().error.code).toBe('INVALID_TOKEN');
    expect((await signIn(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('tells the reset page whether a link is usable without using it', async () => {
    const { email } = await signUpForCookie(app, ORIGIN);
    const token = await resetTokenFor(email);
    const check = async (candidate: unknown) =>
      app.inject({
        method: 'POST',
        url: '/api/account/password-reset/check',
        headers: { origin: ORIGIN },
        remoteAddress: nextAddress(),
        payload: { token: candidate },
      });
    expect((await check(token)).json()).toEqual({ usable: true });
    expect((await check(token)).json()).toEqual({ usable: true });
    expect((await check('forged-token-0000000000000')).json()).toEqual({ usable: false });
    expect((await check('')).statusCode).toBe(400);
    expect((await resetPassword(token, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await check(token)).json()).toEqual({ usable: false });
  });

  it('refuses an expired or a forged token and changes nothing', async () => {
    const { email } = await signUpForCookie(app, ORIGIN);
    const token = await resetTokenFor(email);
    await test.runtime.database.db
      .updateTable('verification')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .execute();
    for (const attempt of [token, 'forged-token-0000000000000']) {
      const response = await resetPassword(attempt, NEW_PASSWORD);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: { code: string } }>().error.code).toBe('INVALID_TOKEN');
    }
    expect((await signIn(email, 'radiant2024')).statusCode).toBe(200);
  });

  it('refuses a malformed address with a clear message and sends nothing', async () => {
    for (const email of ['not-an-address', '', 42]) {
      const response = await requestReset(email);
      expect(response.statusCode).toBe(422);
      const body = response.json<{ error: { code: string; message: string } }>();
      expect(body.error).toMatchObject({
        code: 'validation_failed',
        message: 'Please enter a valid e-mail address.',
      });
    }
    expect(await outboxFor(test.runtime, 'not-an-address')).toEqual([]);
  });
});

describe.each(DATABASE_KINDS)('password reset rate limits (%s)', (kind) => {
  let test: TestRuntime;
  let app: FastifyInstance;

  beforeAll(async () => {
    test = await openTestRuntime(kind, {
      PASSWORD_RESET_RATE_LIMIT_PER_HOUR: '3',
      AUTH_RATE_LIMIT_PER_MINUTE: '4',
    });
    app = await buildApp(coreDependencies(test));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  const requestReset = (email: string, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: ORIGIN },
      remoteAddress,
      payload: { email },
    });

  it('limits the links one address receives, whichever clients ask', async () => {
    const { email } = await signUpForCookie(app, ORIGIN);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      statuses.push((await requestReset(email, `10.18.0.${attempt + 1}`)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(
      (await outboxFor(test.runtime, email)).filter((mail) => mail.subject.startsWith('Reset')),
    ).toHaveLength(3);
  });

  it('limits one client asking for many addresses', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      statuses.push((await requestReset(`someone-${attempt}@spa.example`, '10.18.1.1')).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });
});
