import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { signUpForCookie } from '../testing/session-cookie.ts';
import { coreDependencies } from '../testing/test-app.ts';
import { openTestRuntime, type TestRuntime } from '../testing/test-runtime.ts';

// The privacy policy says a password is stored only as a salted hash.
describe('password storage', () => {
  let test: TestRuntime;
  let app: FastifyInstance;
  beforeAll(async () => {
    test = await openTestRuntime('pglite');
    app = await buildApp(coreDependencies(test));
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  it('keeps a password only as a salted hash, different for the same password twice', async () => {
    const first = await signUpForCookie(app, 'http://localhost:3999');
    const second = await signUpForCookie(app, 'http://localhost:3999');
    // Better Auth owns the account table, so it is not in our Kysely schema.
    const { rows: stored } = await sql<{ password: string }>`
      select password from account where "userId" in (${first.userId}, ${second.userId})
    `.execute(test.runtime.database.db);
    expect(stored).toHaveLength(2);
    for (const row of stored) {
      expect(row.password).not.toContain('radiant2024');
      // Better Auth's scrypt: a random 16-byte salt, then the derived key, both hex.
      expect(row.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    }
    expect(stored[0]?.password).not.toBe(stored[1]?.password);
  });
});
