import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../audit/request-actor.ts';
import { addClinicMember, personalClinicOf } from '../testing/clinic-members.ts';
import { openFakeVideoServices } from '../testing/test-app.ts';
import {
  DATABASE_KINDS,
  createTestUser,
  openTestRuntime,
  type TestRuntime,
} from '../testing/test-runtime.ts';
import { insertVideoRow } from '../testing/video-rows.ts';
import { migrateToLatest } from './migrate.ts';
import { CLINIC_OWNED_TABLES } from './migrations/20261126090000-clinic-workspaces.ts';
import * as clinicMemberDeletion from './migrations/20261127040000-clinic-member-deletion.ts';
import type { Database } from './schema.ts';

const MIGRATION = '20261127040000-clinic-member-deletion';

type Row = Record<string, unknown>;

async function rowsOf(db: Kysely<Database>, table: string): Promise<Row[]> {
  const result = await sql<Row>`select * from ${sql.table(table)}`.execute(db);
  return result.rows.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

async function snapshot(db: Kysely<Database>): Promise<Record<string, Row[]>> {
  const tables = [...CLINIC_OWNED_TABLES, 'organization', 'member', 'user'];
  const entries = await Promise.all(tables.map(async (t) => [t, await rowsOf(db, t)] as const));
  return Object.fromEntries(entries);
}

/** Every foreign key to "user" from the tables in scope, as table → delete rule. */
async function keysToUsers(db: Kysely<Database>): Promise<Record<string, string>> {
  const found = await sql<{ table: string; rule: string }>`
    select c.conrelid::regclass::text as table, c.confdeltype as rule
    from pg_constraint c
    where c.contype = 'f' and c.confrelid = '"user"'::regclass`.execute(db);
  const scope = new Set<string>([...CLINIC_OWNED_TABLES, '"organization"', 'organization']);
  return Object.fromEntries(
    found.rows
      .filter((row) => scope.has(row.table))
      .map((row) => [row.table.replaceAll('"', ''), row.rule]),
  );
}

// Issue #21: the clinic-owned rows stop cascading from the member who made them, and a
// personal clinic from its first owner, by an idempotent migration tested on a populated
// database of the schema before it.
describe.each(DATABASE_KINDS)('the clinic member deletion migration on %s', (kind) => {
  let test: TestRuntime;
  let owner: string;
  let staff: string;
  let ownerClinic: string;
  let staffVideo: string;
  const db = () => test.runtime.database.db;

  beforeAll(async () => {
    test = await openTestRuntime(kind);
    const services = await openFakeVideoServices(test);
    const { runtime } = test;
    try {
      owner = (await createTestUser(runtime, { name: 'Owner Spa' })).id;
      staff = (await createTestUser(runtime, { name: 'Front Desk' })).id;
      for (const userId of [owner, staff]) {
        await insertVideoRow(runtime, userId);
        await services.publicApi.apiKeys.create(userId, 'Zapier', SYSTEM_ACTOR);
        await services.publicApi.webhooks.secretFor({
          userId,
          clinicId: await personalClinicOf(db(), userId),
        });
      }
      ownerClinic = await personalClinicOf(db(), owner);
      await addClinicMember(db(), ownerClinic, staff, 'staff');
      // A video the staff member made in the owner's clinic, as shared credits record it.
      staffVideo = await insertVideoRow(runtime, staff, { clinic_id: ownerClinic });
      await db()
        .insertInto('credit_ledger')
        .values({
          user_id: staff,
          clinic_id: ownerClinic,
          bucket: 'free',
          delta: -1,
          reason: 'reserve',
          reservation_id: null,
          note: null,
          balance_after: 0,
        })
        .execute();
    } finally {
      await services.close();
    }
    // Back to the schema before this migration.
    await clinicMemberDeletion.down(db() as unknown as Kysely<unknown>);
    await sql`delete from glowreel_migrations where name = ${MIGRATION}`.execute(db());
  });
  afterAll(() => test.dispose());

  it('starts from clinic-owned rows and personal clinics that cascade from the user', async () => {
    const keys = await keysToUsers(db());
    for (const table of ['profiles', 'credit_ledger', 'videos', 'api_keys']) {
      expect({ table, rule: keys[table] }).toEqual({ table, rule: 'c' });
    }
    expect(keys.organization).toBe('c');
  });

  it('drops the cascades from the user and sets a personal clinic’s owner null, twice over the same', async () => {
    const before = await snapshot(db());
    expect(await migrateToLatest(db())).toEqual([MIGRATION]);
    const expected = { organization: 'n' };
    expect(await keysToUsers(db())).toEqual(expected);
    expect(await snapshot(db())).toEqual(before);

    // Run again (a retried start, a restored copy): nothing changes.
    await clinicMemberDeletion.up(db() as unknown as Kysely<unknown>);
    expect(await keysToUsers(db())).toEqual(expected);
    expect(await snapshot(db())).toEqual(before);
  });

  it('keeps what a deleted member made in another clinic, and a personal clinic without its first owner', async () => {
    const staffRows = () =>
      db()
        .selectFrom('credit_ledger')
        .select('id')
        .where('clinic_id', '=', ownerClinic)
        .where('user_id', '=', staff)
        .execute();
    expect(await staffRows()).toHaveLength(1);
    await db().deleteFrom('user').where('id', '=', staff).execute();
    expect(await staffRows()).toHaveLength(1);
    expect(
      await db().selectFrom('videos').select('user_id').where('id', '=', staffVideo).execute(),
    ).toEqual([{ user_id: staff }]);

    await db().deleteFrom('user').where('id', '=', owner).execute();
    expect(
      await db()
        .selectFrom('organization')
        .select('personalOwnerId')
        .where('id', '=', ownerClinic)
        .execute(),
    ).toEqual([{ personalOwnerId: null }]);
    // Deleting the clinic itself still takes every row it owns.
    await db().deleteFrom('organization').where('id', '=', ownerClinic).execute();
    for (const table of CLINIC_OWNED_TABLES) {
      const left = await sql<Row>`
        select 1 from ${sql.table(table)} where clinic_id = ${ownerClinic}`.execute(db());
      expect({ table, left: left.rows.length }).toEqual({ table, left: 0 });
    }
  });
});
