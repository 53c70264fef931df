import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../audit/request-actor.ts';
import { addClinicMember, personalClinicOf } from '../testing/clinic-members.ts';
import {
  DATABASE_KINDS,
  createTestUser,
  openTestRuntime,
  type TestRuntime,
} from '../testing/test-runtime.ts';
import { insertVideoRow } from '../testing/video-rows.ts';
import { migrateToLatest } from './migrate.ts';
import * as clinicCredits from './migrations/20261127010000-clinic-credits.ts';
import type { Database } from './schema.ts';
import { primaryKeyOf, snapshotTables, type Row } from '../testing/table-snapshot.ts';

const MIGRATION = '20261127010000-clinic-credits';
const TABLES = ['profiles', 'billing_subscriptions', 'credit_ledger', 'credit_reservations'];

const snapshot = (db: Kysely<Database>) => snapshotTables(db, TABLES);

// Issue #21: the clinic's profile and subscription are found by clinic_id. The migration is
// idempotent and keeps every row of a populated database as it was.
describe.each(DATABASE_KINDS)('the clinic credits migration on %s', (kind) => {
  let test: TestRuntime;
  let before: Record<string, Row[]>;
  let userIds: string[];
  const db = () => test.runtime.database.db;

  beforeAll(async () => {
    test = await openTestRuntime(kind);
    const { runtime } = test;
    userIds = [];
    for (const [index, plan] of (['pro', null, 'starter'] as const).entries()) {
      const user = await createTestUser(runtime, { name: `Clinic ${index}` });
      userIds.push(user.id);
      await runtime.admin.grantCredits({ email: user.email, amount: 1 + index, bucket: 'bonus' });
      if (plan) await runtime.business.demoBilling!.completeCheckout(user.id, plan, SYSTEM_ACTOR);
      await insertVideoRow(runtime, user.id);
    }
    userIds.push((await createTestUser(runtime, { withProfile: false })).id);
    // Back to the schema before it: profiles and subscriptions keyed by the account.
    await clinicCredits.down(db() as unknown as Kysely<unknown>);
    await sql`delete from glowreel_migrations where name = ${MIGRATION}`.execute(db());
    before = await snapshot(db());
  }, 120_000);
  afterAll(() => test.dispose());

  it('starts from a populated database keyed by account', async () => {
    expect(await primaryKeyOf(db(), 'profiles')).toEqual(['user_id']);
    expect(await primaryKeyOf(db(), 'billing_subscriptions')).toEqual(['user_id']);
    expect(before.profiles).toHaveLength(3);
    expect(before.billing_subscriptions).toHaveLength(2);
  });

  it('keys profiles and subscriptions by clinic, keeping every row, twice over the same', async () => {
    expect(await migrateToLatest(db())).toEqual([MIGRATION]);
    expect(await primaryKeyOf(db(), 'profiles')).toEqual(['clinic_id']);
    expect(await primaryKeyOf(db(), 'billing_subscriptions')).toEqual(['clinic_id']);
    expect(await snapshot(db())).toEqual(before);

    await clinicCredits.up(db() as unknown as Kysely<unknown>);
    expect(await primaryKeyOf(db(), 'profiles')).toEqual(['clinic_id']);
    expect(await snapshot(db())).toEqual(before);
    const indexes = await sql<{ indexname: string }>`
      select indexname from pg_indexes
      where indexname in ('profiles_user_id_idx', 'billing_subscriptions_user_id_idx')`.execute(
      db(),
    );
    expect(indexes.rows.map((row) => row.indexname).sort()).toEqual([
      'billing_subscriptions_user_id_idx',
      'profiles_user_id_idx',
    ]);
  });

  it('lets one account open a second clinic’s profile, and each clinic hold only one', async () => {
    const userId = userIds[1]!;
    const clinicId = crypto.randomUUID();
    await db()
      .insertInto('organization')
      .values({ id: clinicId, name: 'Second', slug: `c-${clinicId}`, createdAt: new Date() })
      .execute();
    await addClinicMember(db(), clinicId, userId, 'owner');
    const second = await test.runtime.profiles.getProfile(userId, clinicId);
    expect(second.credits.total).toBe(0);
    const personal = await personalClinicOf(db(), userId);
    await expect(
      sql`insert into profiles (user_id, clinic_id, videos_remaining, videos_total)
          values (${userIds[0]}, ${personal}, 0, 0)`.execute(db()),
    ).rejects.toThrow();
  });
});
