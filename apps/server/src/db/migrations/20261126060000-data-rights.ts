import { sql, type Kysely } from 'kysely';

// Issue #18 §2: deleting a video, deleting an account, exporting an account's data.
// - A deleted video keeps a bare row (id, owner, reservation, dates, status 'deleted') so the
//   credit ledger's reservation and the audit log's target still resolve; its files are gone
//   and every field that described it (title, options, provenance, paths) is cleared.
// - A deleted account's credit ledger goes with its user row; the totals the books need are
//   kept first in deleted_account_ledger_totals under a random id that leads back to nobody.
// - data_exports: one zip per request, built in the background and offered for 24 hours; at
//   most one building per account (a partial unique index, so two servers agree).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table videos drop constraint if exists videos_status_check`.execute(db);
  await sql`alter table videos add constraint videos_status_check
    check (status in ('processing', 'completed', 'failed', 'deleted'))`.execute(db);
  await db.schema.alterTable('videos').addColumn('deleted_at', 'timestamptz').execute();

  await db.schema
    .createTable('deleted_account_ledger_totals')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('anonymous_account_id', 'text', (column) => column.notNull())
    .addColumn('account_deleted_at', 'timestamptz', (column) => column.notNull())
    .addColumn('bucket', 'text', (column) => column.notNull())
    .addColumn('reason', 'text', (column) => column.notNull())
    .addColumn('entries', 'integer', (column) => column.notNull())
    .addColumn('total_delta', 'integer', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('data_exports')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) =>
      column.notNull().references('user.id').onDelete('cascade'),
    )
    .addColumn('status', 'text', (column) =>
      column.notNull().check(sql`status in ('building', 'ready', 'failed', 'expired')`),
    )
    .addColumn('progress', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('file_key', 'text')
    .addColumn('file_size', 'bigint')
    .addColumn('error_message', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('ready_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('data_exports_one_building_per_account')
    .on('data_exports')
    .column('user_id')
    .unique()
    .where(sql.ref('status'), '=', 'building')
    .execute();
  await db.schema
    .createIndex('data_exports_user_id_created_at')
    .on('data_exports')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('data_exports').execute();
  await db.schema.dropTable('deleted_account_ledger_totals').execute();
  await db.schema.alterTable('videos').dropColumn('deleted_at').execute();
  await sql`alter table videos drop constraint if exists videos_status_check`.execute(db);
  await sql`alter table videos add constraint videos_status_check
    check (status in ('processing', 'completed', 'failed'))`.execute(db);
}
