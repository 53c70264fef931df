import { DEFAULT_BRAND_KIT } from '@glowreel/contracts';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personalClinicOf } from '../testing/clinic-members.ts';
import { openFakeVideoServices } from '../testing/test-app.ts';
import {
  DATABASE_KINDS,
  createTestUser,
  openTestRuntime,
  type TestRuntime,
} from '../testing/test-runtime.ts';
import { EngineOptInsRepository } from './engine-opt-ins.repository.ts';
import { IdempotencyRepository } from './idempotency.repository.ts';
import { migrateToLatest } from './migrate.ts';
import * as clinicKeys from './migrations/20261127020000-clinic-brand-engines-webhooks.ts';
import type { Database } from './schema.ts';
import { primaryKeyOf, snapshotTables, type Row } from '../testing/table-snapshot.ts';

const MIGRATION = '20261127020000-clinic-brand-engines-webhooks';
const TABLES = clinicKeys.CLINIC_KEYS.map((key) => key.table);

const snapshot = (db: Kysely<Database>) => snapshotTables(db, TABLES);

// Issue #21: the brand kit, engine opt-ins, webhook secret and idempotency records of existing
// accounts become their personal clinic's, keyed by clinic, on a populated database.
describe.each(DATABASE_KINDS)('the clinic brand, engines and webhooks migration on %s', (kind) => {
  let test: TestRuntime;
  let before: Record<string, Row[]>;
  const members: { userId: string; clinicId: string }[] = [];
  const db = () => test.runtime.database.db;

  beforeAll(async () => {
    test = await openTestRuntime(kind);
    const services = await openFakeVideoServices(test);
    try {
      for (const index of [0, 1]) {
        const user = await createTestUser(test.runtime, { name: `Clinic ${index}` });
        const member = { userId: user.id, clinicId: await personalClinicOf(db(), user.id) };
        members.push(member);
        await services.videoPipeline.brand.save(member, {
          ...DEFAULT_BRAND_KIT,
          clinicName: `Clinic ${index}`,
        });
        await services.publicApi.webhooks.secretFor(member);
        await new EngineOptInsRepository(db()).save({
          clinic_id: member.clinicId,
          engine: 'veo',
          notice_version: '2026-11-26',
          accepted_by: user.id,
          accepted_at: new Date(),
        });
        await new IdempotencyRepository(db()).claim(member, `key-${index}`, 'hash', {
          expiredBefore: new Date(0),
          abandonedBefore: new Date(0),
        });
      }
    } finally {
      await services.close();
    }
    // Back to the schema before this migration: every table keyed by the account.
    await clinicKeys.down(db() as unknown as Kysely<unknown>);
    await sql`delete from glowreel_migrations where name = ${MIGRATION}`.execute(db());
    before = await snapshot(db());
  });
  afterAll(() => test.dispose());

  it('starts from rows keyed by account', async () => {
    for (const key of clinicKeys.CLINIC_KEYS) {
      expect({ table: key.table, rows: before[key.table]!.length }).toEqual({
        table: key.table,
        rows: 2,
      });
      expect(await primaryKeyOf(db(), key.table)).toEqual(key.userKey.columns);
    }
  });

  it('keys every table by clinic and keeps every row, twice over the same', async () => {
    expect(await migrateToLatest(db())).toEqual([MIGRATION]);
    for (const key of clinicKeys.CLINIC_KEYS) {
      expect(await primaryKeyOf(db(), key.table)).toEqual(key.clinicKey.columns);
    }
    const after = await snapshot(db());
    expect(after).toEqual(before);

    await clinicKeys.up(db() as unknown as Kysely<unknown>);
    expect(await snapshot(db())).toEqual(after);
    for (const key of clinicKeys.CLINIC_KEYS) {
      expect(await primaryKeyOf(db(), key.table)).toEqual(key.clinicKey.columns);
    }
  });

  it('refuses a second brand kit or secret for one clinic', async () => {
    const [first] = members;
    await expect(
      sql`insert into brand_kits (user_id, clinic_id, accent_color, typeface)
          values (null, ${first!.clinicId}, '#000000', 'inter')`.execute(db()),
    ).rejects.toThrow();
    await expect(
      sql`insert into api_webhook_secrets (user_id, clinic_id, secret)
          values (null, ${first!.clinicId}, 'other')`.execute(db()),
    ).rejects.toThrow();
  });

  it("keeps the clinic's kit, opt-in and secret when the member who wrote them goes", async () => {
    const [first, second] = members;
    // The second account is an admin of the first's clinic who last saved its rows.
    for (const table of ['brand_kits', 'engine_opt_ins', 'api_webhook_secrets']) {
      await sql`update ${sql.table(table)} set user_id = ${second!.userId}
                where clinic_id = ${first!.clinicId}`.execute(db());
    }
    await db().deleteFrom('user').where('id', '=', second!.userId).execute();
    for (const table of ['brand_kits', 'engine_opt_ins', 'api_webhook_secrets']) {
      const rows = await sql<Row>`select user_id from ${sql.table(table)}
                                  where clinic_id = ${first!.clinicId}`.execute(db());
      expect({ table, rows: rows.rows }).toEqual({ table, rows: [{ user_id: null }] });
    }
  });
});
