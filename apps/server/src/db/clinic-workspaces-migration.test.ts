import { DEFAULT_BRAND_KIT } from '@glowreel/contracts';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../audit/request-actor.ts';
import { OWNER_ROLE } from '../clinics/clinics.repository.ts';
import { openFakeVideoServices } from '../testing/test-app.ts';
import {
  DATABASE_KINDS,
  createTestUser,
  openTestRuntime,
  type TestRuntime,
} from '../testing/test-runtime.ts';
import { personalClinicOf } from '../testing/clinic-members.ts';
import { insertVideoRow } from '../testing/video-rows.ts';
import { EngineOptInsRepository } from './engine-opt-ins.repository.ts';
import { IdempotencyRepository } from './idempotency.repository.ts';
import { migrateToLatest } from './migrate.ts';
import * as clinicWorkspaces from './migrations/20261126090000-clinic-workspaces.ts';
import type { Database } from './schema.ts';
import { WebhooksRepository } from './webhooks.repository.ts';

const MIGRATION = '20261126090000-clinic-workspaces';
const { CLINIC_OWNED_TABLES } = clinicWorkspaces;
/** Tables the migration must leave exactly as they were. */
const UNTOUCHED_TABLES = ['user', 'account', 'audit_events', 'consent_records', 'mail_outbox'];

type Row = Record<string, unknown>;
type Snapshot = Record<string, Row[]>;

async function rowsOf(db: Kysely<Database>, table: string): Promise<Row[]> {
  const result = await sql<Row>`select * from ${sql.table(table)}`.execute(db);
  return result.rows.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

async function snapshot(db: Kysely<Database>, tables: readonly string[]): Promise<Snapshot> {
  const entries = await Promise.all(tables.map(async (t) => [t, await rowsOf(db, t)] as const));
  return Object.fromEntries(entries);
}

function withoutClinic(rows: Row[]): Row[] {
  return rows
    .map(({ clinic_id: _clinic, ...rest }) => rest)
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

// Issue #21: existing accounts move into a personal clinic with everything they own, by an
// idempotent migration tested on a populated database of the schema before it.
describe.each(DATABASE_KINDS)('the clinic workspace migration on %s', (kind) => {
  let test: TestRuntime;
  let before: Snapshot;
  let untouchedBefore: Snapshot;
  let userIds: string[];
  const db = () => test.runtime.database.db;

  beforeAll(async () => {
    test = await openTestRuntime(kind);
    const services = await openFakeVideoServices(test);
    const { runtime } = test;
    userIds = [];
    try {
      for (const [index, plan] of (['pro', null, 'starter'] as const).entries()) {
        const user = await createTestUser(runtime, { name: `Clinic ${index}` });
        userIds.push(user.id);
        await runtime.admin.grantCredits({ email: user.email, amount: 2 + index, bucket: 'bonus' });
        if (plan) await runtime.business.demoBilling!.completeCheckout(user.id, plan, SYSTEM_ACTOR);
        const videoId = await insertVideoRow(runtime, user.id, {
          webhook_url: 'https://hooks.example/v',
        });
        await insertVideoRow(runtime, user.id, { status: 'failed' });
        await services.publicApi.apiKeys.create(user.id, `Key ${index}`, SYSTEM_ACTOR);
        const member = { userId: user.id, clinicId: await personalClinicOf(db(), user.id) };
        await services.publicApi.webhooks.secretFor(member);
        await new WebhooksRepository(db()).insertDelivery({
          id: crypto.randomUUID(),
          userId: user.id,
          videoId,
          url: 'https://hooks.example/v',
          eventType: 'video.completed',
          payload: '{}',
          nextAttemptAt: new Date(),
        });
        await new IdempotencyRepository(db()).claim(member, `key-${index}`, 'hash', {
          expiredBefore: new Date(0),
          abandonedBefore: new Date(0),
        });
        await services.videoPipeline.brand.save(member, {
          ...DEFAULT_BRAND_KIT,
          clinicName: `Clinic ${index}`,
        });
        await new EngineOptInsRepository(db()).save({
          clinic_id: member.clinicId,
          engine: 'veo',
          notice_version: '2026-11-26',
          accepted_by: user.id,
          accepted_at: new Date(),
        });
        const context = await runtime.auth.$context;
        await context.internalAdapter.createSession(user.id);
      }
      // An account that never opened its dashboard: no profile, no rows, still a clinic.
      userIds.push((await createTestUser(runtime, { withProfile: false })).id);
    } finally {
      await services.close();
    }
    // Back to the schema before this migration: no clinics, no clinic_id anywhere.
    await clinicWorkspaces.down(db() as unknown as Kysely<unknown>);
    await sql`delete from glowreel_migrations where name = ${MIGRATION}`.execute(db());
    before = await snapshot(db(), CLINIC_OWNED_TABLES);
    untouchedBefore = await snapshot(db(), UNTOUCHED_TABLES);
  });
  afterAll(() => test.dispose());

  async function personalClinics(): Promise<Map<string, string>> {
    const rows = await db()
      .selectFrom('organization')
      .innerJoin('member', 'member.organizationId', 'organization.id')
      .select(['organization.id', 'organization.personalOwnerId', 'member.userId', 'member.role'])
      .execute();
    const byOwner = new Map<string, string>();
    for (const row of rows) {
      expect(row).toMatchObject({ userId: row.personalOwnerId, role: OWNER_ROLE });
      expect(byOwner.has(row.userId)).toBe(false);
      byOwner.set(row.userId, row.id);
    }
    return byOwner;
  }

  it('starts from a populated database with no clinic', async () => {
    expect(await db().selectFrom('organization').select('id').execute()).toEqual([]);
    for (const table of CLINIC_OWNED_TABLES) {
      expect({ table, rows: before[table]!.length > 0 }).toEqual({ table, rows: true });
      expect(Object.keys(before[table]![0]!)).not.toContain('clinic_id');
    }
  });

  it('gives every account its clinic and every row its owner, twice over the same', async () => {
    expect(await migrateToLatest(db())).toEqual([MIGRATION]);
    const clinics = await personalClinics();
    expect([...clinics.keys()].sort()).toEqual([...userIds].sort());
    const after = await snapshot(db(), CLINIC_OWNED_TABLES);
    for (const table of CLINIC_OWNED_TABLES) {
      for (const row of after[table]!) {
        expect({ table, clinic: row.clinic_id }).toEqual({
          table,
          clinic: clinics.get(row.user_id as string),
        });
      }
      expect({ table, rows: withoutClinic(after[table]!) }).toEqual({ table, rows: before[table] });
    }
    expect(await snapshot(db(), UNTOUCHED_TABLES)).toEqual(untouchedBefore);
    const sessions = await db()
      .selectFrom('session')
      .select(['userId', 'activeOrganizationId'])
      .execute();
    expect(sessions.length).toBeGreaterThan(0);
    for (const session of sessions) {
      expect(session.activeOrganizationId).toBe(clinics.get(session.userId));
    }

    // Run again (a retried start, a restored copy): nothing changes.
    await clinicWorkspaces.up(db() as unknown as Kysely<unknown>);
    expect(await personalClinics()).toEqual(clinics);
    expect(await snapshot(db(), CLINIC_OWNED_TABLES)).toEqual(after);
    expect(await snapshot(db(), UNTOUCHED_TABLES)).toEqual(untouchedBefore);
  });

  it('leaves clinic_id required, tied to the clinic and indexed on every owned table', async () => {
    // audit_events.clinic_id (20261127030000) is nullable by design: an event of no clinic.
    const columns = await sql<{ table_name: string; is_nullable: string }>`
      select table_name, is_nullable from information_schema.columns
      where column_name = 'clinic_id' and table_schema = current_schema()
        and table_name <> 'audit_events'`.execute(db());
    expect(columns.rows.map((c) => c.table_name).sort()).toEqual([...CLINIC_OWNED_TABLES].sort());
    expect(columns.rows.every((c) => c.is_nullable === 'NO')).toBe(true);
    const indexes = await sql<{ tablename: string }>`
      select tablename from pg_indexes
      where indexname like '%clinic_id_idx' and tablename <> 'audit_events'`.execute(db());
    expect(indexes.rows.map((i) => i.tablename).sort()).toEqual([...CLINIC_OWNED_TABLES].sort());
    await expect(
      sql`update profiles set clinic_id = 'no-such-clinic' where user_id = ${userIds[0]}`.execute(
        db(),
      ),
    ).rejects.toThrow();
  });

  it('keeps the ledger append-only after recording its owners', async () => {
    await expect(
      sql`update credit_ledger set note = 'changed' where user_id = ${userIds[0]}`.execute(db()),
    ).rejects.toThrow(/append-only/);
  });

  it('gives the rows written after it the account personal clinic', async () => {
    const clinics = await personalClinics();
    const userId = userIds[1]!;
    await insertVideoRow(test.runtime, userId);
    const videos = await db()
      .selectFrom('videos')
      .select('clinic_id')
      .where('user_id', '=', userId)
      .execute();
    expect(new Set(videos.map((v) => v.clinic_id))).toEqual(new Set([clinics.get(userId)]));
  });
});
