import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up } from '../db/migrations/20261126020000-existing-accounts-verified.ts';
import { createTestUser, openTestRuntime, type TestRuntime } from '../testing/test-runtime.ts';

describe('accounts made before e-mail verification', () => {
  let test: TestRuntime;

  beforeAll(async () => {
    test = await openTestRuntime('pglite');
  });
  afterAll(async () => {
    await test.dispose();
  });

  it('are counted as verified by the migration, so the gate does not lock them out', async () => {
    const { id } = await createTestUser(test.runtime);
    const { db } = test.runtime.database;
    const before = await db
      .selectFrom('user')
      .select('emailVerified')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(before?.emailVerified).toBe(false);
    await up(db as unknown as Parameters<typeof up>[0]);
    const after = await db
      .selectFrom('user')
      .select('emailVerified')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(after?.emailVerified).toBe(true);
  });
});
