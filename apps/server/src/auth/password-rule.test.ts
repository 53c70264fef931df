import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { signUpForCookie } from '../testing/session-cookie.ts';
import { coreDependencies } from '../testing/test-app.ts';
import { openTestRuntime, type TestRuntime } from '../testing/test-runtime.ts';

const ORIGIN = 'http://localhost:3999';
/** Each fails SPEC §5 for a different reason; Better Auth's own length check lets all through. */
const WEAK_PASSWORDS = ['password', 'abcdefgh', '12345678'];

describe('the SPEC §5 password rule on every path that sets a password', () => {
  let test: TestRuntime;
  let app: FastifyInstance;

  beforeAll(async () => {
    test = await openTestRuntime('pglite');
    app = await buildApp(coreDependencies(test));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  async function signInStatus(email: string, password: string): Promise<number> {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN },
      remoteAddress: `10.7.0.${Math.floor(Math.random() * 250)}`,
      payload: { email, password },
    });
    return response.statusCode;
  }

  it.each(WEAK_PASSWORDS)(
    'change-password refuses %s and the old password keeps working',
    async (weak) => {
      const { cookie, email } = await signUpForCookie(app, ORIGIN);
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: { origin: ORIGIN, cookie },
        payload: { currentPassword: 'radiant2024', newPassword: weak },
      });
      expect(response.statusCode).toBe(422);
      const body = response.json<{
        error: { code: string; details: { fields: { newPassword?: string } } };
      }>();
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.details.fields.newPassword).toMatch(/contains a letter|contains a number/i);
      expect(await signInStatus(email, weak)).toBe(401);
      expect(await signInStatus(email, 'radiant2024')).toBe(200);
    },
  );

  it('change-password still accepts a password that meets the rule', async () => {
    const { cookie, email } = await signUpForCookie(app, ORIGIN);
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { origin: ORIGIN, cookie },
      payload: { currentPassword: 'radiant2024', newPassword: 'glowing2025' },
    });
    expect(response.statusCode).toBe(200);
    expect(await signInStatus(email, 'glowing2025')).toBe(200);
  });

  it.each(WEAK_PASSWORDS)('reset-password refuses %s with a valid reset token', async (weak) => {
    const { userId, email } = await signUpForCookie(app, ORIGIN);
    const token = crypto.randomUUID();
    const context = await test.runtime.auth.$context;
    await context.internalAdapter.createVerificationValue({
      identifier: `reset-password:${token}`,
      value: userId,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: ORIGIN },
      payload: { token, newPassword: weak },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    expect(await signInStatus(email, weak)).toBe(401);
  });

  it('set-password (server-only) refuses a weak password before anything else', async () => {
    const { cookie } = await signUpForCookie(app, ORIGIN);
    const refusal = await test.runtime.auth.api
      .setPassword({ body: { newPassword: 'password' }, headers: new Headers({ cookie }) })
      .then(
        () => null,
        (error: unknown) => error as { statusCode?: number; body?: { code?: string } },
      );
    expect(refusal?.statusCode).toBe(422);
    expect(refusal?.body?.code).toBe('VALIDATION_FAILED');
  });
});
