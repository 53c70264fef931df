import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { openTestRuntime, type TestRuntime } from '../testing/test-runtime.ts';

describe('session cookie behind https', () => {
  let test: TestRuntime;
  let app: FastifyInstance;
  beforeAll(async () => {
    test = await openTestRuntime('pglite', { PUBLIC_URL: 'https://clinic.glowreel.example' });
    app = await buildApp({
      config: test.config,
      auth: test.runtime.auth,
      profiles: test.runtime.profiles,
      audit: test.runtime.audit,
      isDatabaseReady: test.runtime.database.isReady,
    });
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  it('marks the session cookie Secure when the app is served over https', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'https://clinic.glowreel.example' },
      payload: { name: 'Secure Spa', email: 'secure@spa.example', password: 'radiant2024' },
    });
    expect(response.statusCode).toBe(200);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/; Secure/i);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
  });
});
