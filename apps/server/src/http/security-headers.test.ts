import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createLogger } from '../logger.ts';
import { signUpForCookie } from '../testing/session-cookie.ts';
import { coreDependencies } from '../testing/test-app.ts';
import { openTestRuntime, type TestRuntime } from '../testing/test-runtime.ts';

const ORIGIN = 'http://localhost:3999';

describe('security headers and what the logs hold', () => {
  let test: TestRuntime;
  let app: FastifyInstance;
  const logLines: string[] = [];

  beforeAll(async () => {
    test = await openTestRuntime('pglite');
    app = await buildApp({
      ...coreDependencies(test),
      logger: createLogger(
        { level: 'info', pretty: false },
        { write: (line: string) => logLines.push(line) },
      ),
    });
    // A database error the way a bad input would meet one, carrying a value as a parameter.
    app.get('/api/test/sql-error', async () => {
      await sql`select ${'patient-name-parameter'}::text as name, 1 / 0 as boom`.execute(
        test.runtime.database.db,
      );
      return {};
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  it('sends a Permissions-Policy that switches off camera, microphone and geolocation', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    const policy = String(response.headers['permissions-policy']);
    for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()']) {
      expect(policy).toContain(feature);
    }
  });

  it('marks signed-in JSON no-store', async () => {
    const { cookie } = await signUpForCookie(app, ORIGIN);
    for (const url of ['/api/me', '/api/session']) {
      const response = await app.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('keeps signed-link signatures and e-mailed tokens out of the request log', async () => {
    logLines.length = 0;
    await app.inject({
      method: 'GET',
      url: '/api/v1/videos/abc/download?expires=1893456000&signature=f00dfacecafe',
    });
    await app.inject({
      method: 'GET',
      url: '/api/auth/reset-password/resettoken123?callbackURL=/',
    });
    await app.inject({ method: 'GET', url: '/api/auth/verify-email?token=verifytoken456' });
    const logged = logLines.join('\n');
    expect(logged).toContain('/api/v1/videos/abc/download?expires=1893456000');
    for (const secret of ['f00dfacecafe', 'resettoken123', 'verifytoken456']) {
      expect(logged).not.toContain(secret);
    }
  });

  it('keeps SQL parameters out of the error log', async () => {
    logLines.length = 0;
    const response = await app.inject({ method: 'GET', url: '/api/test/sql-error' });
    expect(response.statusCode).toBe(500);
    const logged = logLines.join('\n');
    expect(logged).toContain('division by zero');
    expect(logged).not.toContain('patient-name-parameter');
  });
});
