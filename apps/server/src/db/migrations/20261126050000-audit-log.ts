import { sql, type Kysely } from 'kysely';

// Issue #18 §4: the account's audit log. Append-only in the database itself, so no code path
// (ours, a library's, a hand-typed SQL session) can rewrite history: UPDATE, DELETE and
// TRUNCATE are refused unless the transaction first ran
// `SET LOCAL glowreel.audit_purge = 'on'`, which only purgeAccountAuditEvents
// (audit/audit-events.repository.ts) does, for an account being deleted for good.
// No foreign key to "user": the log of a deleted account is purged deliberately, never by a
// cascade that the trigger would refuse halfway through an account deletion.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_events')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('account_id', 'text', (column) => column.notNull())
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('actor_kind', 'text', (column) =>
      column.notNull().check(sql`actor_kind in ('user', 'api_key', 'system')`),
    )
    .addColumn('actor_user_id', 'text')
    .addColumn('actor_api_key_id', 'text')
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('target_type', 'text')
    .addColumn('target_id', 'text')
    // A small JSON object of facts (plan names, a reason); never photo data or patient names.
    .addColumn('details', 'text', (column) => column.notNull().defaultTo('{}'))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('audit_events_account_created_idx')
    .on('audit_events')
    .columns(['account_id', 'created_at'])
    .execute();
  await db.schema.createIndex('audit_events_kind_idx').on('audit_events').column('kind').execute();

  await sql`
    create function audit_events_refuse_change() returns trigger language plpgsql as $$
    begin
      if coalesce(current_setting('glowreel.audit_purge', true), '') = 'on' and tg_op = 'DELETE' then
        return old;
      end if;
      raise exception 'audit_events is append-only (% refused)', tg_op
        using errcode = 'insufficient_privilege';
    end;
    $$`.execute(db);
  await sql`
    create trigger audit_events_append_only before update or delete on audit_events
    for each row execute function audit_events_refuse_change()`.execute(db);
  await sql`
    create trigger audit_events_no_truncate before truncate on audit_events
    for each statement execute function audit_events_refuse_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_events').execute();
  await sql`drop function if exists audit_events_refuse_change()`.execute(db);
}
