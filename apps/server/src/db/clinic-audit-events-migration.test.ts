import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../audit/request-actor.ts';
import { personalClinicOf } from '../testing/clinic-members.ts';
import {
  DATABASE_KINDS,
  createTestUser,
  openTestRuntime,
  type TestRuntime,
} from '../testing/test-runtime.ts';
import { migrateToLatest } from './migrate.ts';
import * as clinicAuditEvents from './migrations/20261127030000-clinic-audit-events.ts';

const MIGRATION = '20261127030000-clinic-audit-events';

type Row = Record<string, unknown>;

async function events(db: Kysely<unknown>): Promise<Row[]> {
  const result = await sql<Row>`select * from audit_events order by id`.execute(db);
  return result.rows;
}

// Issue #21: the audit log belongs to a clinic; existing events go to their account's personal
// clinic, by an idempotent migration tested on a populated database of the schema before it.
describe.each(DATABASE_KINDS)('the clinic audit events migration on %s', (kind) => {
  let test: TestRuntime;
  let before: Row[];
  const owners: string[] = [];
  const gone = `user_${crypto.randomUUID()}`;
  const db = () => test.runtime.database.db as unknown as Kysely<unknown>;

  beforeAll(async () => {
    test = await openTestRuntime(kind);
    const { audit } = test.runtime;
    for (const index of [0, 1]) {
      const user = await createTestUser(test.runtime, { name: `Clinic ${index}` });
      owners.push(user.id);
      await audit.record({
        kind: 'account.signed_in',
        accountId: user.id,
        actor: { kind: 'user', userId: user.id, ipAddress: '203.0.113.9' },
        details: { method: 'password' },
      });
      await audit.record({
        kind: 'consent.expired',
        accountId: user.id,
        actor: SYSTEM_ACTOR,
        target: { type: 'consent', id: crypto.randomUUID() },
      });
      await audit.record({
        kind: 'account.sign_in_failed',
        accountId: user.id,
        clinicId: null,
        actor: { kind: 'user', userId: null },
      });
    }
    // An account deleted since (its log kept until purged): no clinic to give its events.
    await audit.record({ kind: 'plan.changed', accountId: gone, actor: SYSTEM_ACTOR });
    // Back to the schema before this migration: no clinic_id on the log.
    await clinicAuditEvents.down(db());
    await sql`delete from glowreel_migrations where name = ${MIGRATION}`.execute(db());
    before = await events(db());
  });
  afterAll(() => test.dispose());

  it('starts from a populated log with no clinic column', () => {
    expect(before).toHaveLength(7);
    for (const row of before) expect(Object.keys(row)).not.toContain('clinic_id');
  });

  it("gives every event its account's personal clinic, twice over the same", async () => {
    expect(await migrateToLatest(test.runtime.database.db)).toEqual([MIGRATION]);
    const clinics = new Map<string, string>();
    for (const owner of owners) {
      clinics.set(owner, await personalClinicOf(test.runtime.database.db, owner));
    }
    const after = await events(db());
    expect(after.map(({ clinic_id: _clinic, ...rest }) => rest)).toEqual(before);
    for (const row of after) {
      expect({ id: row.id, clinic: row.clinic_id }).toEqual({
        id: row.id,
        clinic: clinics.get(row.account_id as string) ?? null,
      });
    }
    expect(after.filter((row) => row.clinic_id === null)).toEqual([
      expect.objectContaining({ account_id: gone }),
    ]);

    // Run again (a retried start, a restored copy): nothing changes.
    await clinicAuditEvents.up(db());
    expect(await events(db())).toEqual(after);
  });

  it('indexes the clinic and keeps the log append-only', async () => {
    const indexes = await sql<{ indexname: string }>`
      select indexname from pg_indexes where tablename = 'audit_events'`.execute(db());
    expect(indexes.rows.map((row) => row.indexname)).toContain('audit_events_clinic_id_idx');
    await expect(
      sql`update audit_events set clinic_id = null where account_id = ${owners[0]}`.execute(db()),
    ).rejects.toThrow(/append-only/);
  });

  it('records the clinic of events written after it', async () => {
    const owner = owners[1]!;
    await test.runtime.audit.record({
      kind: 'account.password_changed',
      accountId: owner,
      actor: { kind: 'user', userId: owner },
    });
    const rows = await events(db());
    expect(rows.at(-1)).toMatchObject({
      kind: 'account.password_changed',
      clinic_id: await personalClinicOf(test.runtime.database.db, owner),
    });
  });
});
