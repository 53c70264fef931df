import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, openTestRuntime, type TestRuntime } from '../testing/test-runtime.ts';
import { purgeAccountAuditEvents } from './audit-events.repository.ts';

// Issue #18 §4: the database itself keeps the log append-only. Only the purge of an account
// deleted for good (account deletion, retention) may remove rows, and only its own.

describe.each(DATABASE_KINDS)('the audit_events table on %s', (kind) => {
  let test: TestRuntime;

  beforeAll(async () => {
    test = await openTestRuntime(kind);
  });
  afterAll(async () => {
    await test.dispose();
  });

  const db = () => test.runtime.database.db;

  async function accountWithEvents(count: number): Promise<string> {
    const accountId = `account_${crypto.randomUUID()}`;
    for (let index = 0; index < count; index += 1) {
      await test.runtime.audit.record({
        kind: 'account.signed_in',
        accountId,
        actor: { kind: 'user', userId: accountId, ipAddress: '203.0.113.9', userAgent: 'Test' },
      });
    }
    return accountId;
  }
  const countOf = async (accountId: string) =>
    Number(
      (
        await db()
          .selectFrom('audit_events')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('account_id', '=', accountId)
          .executeTakeFirstOrThrow()
      ).count,
    );

  it('reads every event of one account, newest first, for its data export', async () => {
    const accountId = await accountWithEvents(3);
    await accountWithEvents(2);
    const events = await test.runtime.audit.all(accountId);
    expect(events).toHaveLength(3);
    expect(events.map((event) => event.kind)).toEqual(Array(3).fill('account.signed_in'));
    const ids = events.map((event) => Number(event.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('refuses to change an event', async () => {
    const accountId = await accountWithEvents(1);
    await expect(
      db()
        .updateTable('audit_events')
        .set({ ip_address: '198.51.100.1' })
        .where('account_id', '=', accountId)
        .execute(),
    ).rejects.toThrow(/append-only/);
    const [row] = await db()
      .selectFrom('audit_events')
      .select('ip_address')
      .where('account_id', '=', accountId)
      .execute();
    expect(row?.ip_address).toBe('203.0.113.9');
  });

  it('refuses to delete or truncate events', async () => {
    const accountId = await accountWithEvents(2);
    await expect(
      db().deleteFrom('audit_events').where('account_id', '=', accountId).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(sql`truncate audit_events`.execute(db())).rejects.toThrow(/append-only/);
    expect(await countOf(accountId)).toBe(2);
  });

  it('refuses an update even inside a purge transaction', async () => {
    const accountId = await accountWithEvents(1);
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await sql`set local glowreel.audit_purge = 'on'`.execute(trx);
          await trx
            .updateTable('audit_events')
            .set({ kind: 'plan.changed' })
            .where('account_id', '=', accountId)
            .execute();
        }),
    ).rejects.toThrow(/append-only/);
  });

  it('lets the purge path remove one account’s events, and only in its transaction', async () => {
    const purged = await accountWithEvents(3);
    const kept = await accountWithEvents(2);
    const { count, settingAfter } = await db()
      .transaction()
      .execute(async (trx) => {
        const removed = await purgeAccountAuditEvents(trx, purged, []);
        // Switched off again at once: the rest of the transaction is as guarded as ever.
        const setting = await sql<{
          value: string;
        }>`select current_setting('glowreel.audit_purge', true) as value`.execute(trx);
        return { count: removed, settingAfter: setting.rows[0]?.value };
      });
    expect(count).toBe(3);
    expect(settingAfter).toBe('off');
    expect(await countOf(purged)).toBe(0);
    expect(await countOf(kept)).toBe(2);
    // The setting ended with the transaction: the next delete is refused.
    await expect(
      db().deleteFrom('audit_events').where('account_id', '=', kept).execute(),
    ).rejects.toThrow(/append-only/);
  });
});
