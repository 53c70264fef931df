import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestRuntime, type TestRuntime } from '../testing/test-runtime.ts';
import { MIGRATIONS, migrateWith } from './migrate.ts';

// A database may have run a migration whose name sorts after one that landed later (both built
// in the same release): the later-landed one must still run, not stop the start.
describe('migrations', () => {
  let test: TestRuntime;
  beforeAll(async () => {
    test = await openTestRuntime('pglite');
  });
  afterAll(() => test.dispose());

  it('runs a migration named before ones the database already ran', async () => {
    const db = test.runtime.database.db;
    const landedLate = '20261122195000-landed-late';
    expect(landedLate < Object.keys(MIGRATIONS).sort().at(-1)!).toBe(true);
    const ran = await migrateWith(db, {
      ...MIGRATIONS,
      [landedLate]: {
        up: async (migrating) => {
          await sql`CREATE TABLE landed_late (id integer)`.execute(migrating);
        },
      },
    });
    expect(ran).toEqual([landedLate]);
    const found = await sql<{
      name: string | null;
    }>`SELECT to_regclass('landed_late') AS name`.execute(db);
    expect(found.rows[0]?.name).toBe('landed_late');
  });
});
