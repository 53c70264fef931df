import { sql, type Kysely } from 'kysely';

// Profiles, credit reservations and the append-only credit ledger (DESIGN.md D5).
// Runs after Better Auth's own tables exist, so profiles can reference "user".
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('profiles')
    .addColumn('user_id', 'text', (column) =>
      column.primaryKey().references('user.id').onDelete('cascade'),
    )
    .addColumn('plan', 'text', (column) => column.notNull().defaultTo('free'))
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('active'))
    .addColumn('videos_remaining', 'integer', (column) =>
      column.notNull().check(sql`videos_remaining >= 0`),
    )
    .addColumn('videos_total', 'integer', (column) =>
      column.notNull().check(sql`videos_total >= 0`),
    )
    .addColumn('customer_id', 'text')
    .addColumn('credits_free', 'integer', (column) => column.check(sql`credits_free >= 0`))
    .addColumn('credits_bonus', 'integer', (column) => column.check(sql`credits_bonus >= 0`))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('profiles_customer_id_idx')
    .on('profiles')
    .column('customer_id')
    .execute();

  await db.schema
    .createTable('credit_reservations')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) =>
      column.notNull().references('user.id').onDelete('cascade'),
    )
    .addColumn('bucket', 'text', (column) =>
      column.notNull().check(sql`bucket in ('free', 'bonus', 'plan')`),
    )
    .addColumn('status', 'text', (column) =>
      column.notNull().check(sql`status in ('reserved', 'committed', 'refunded')`),
    )
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('settled_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('credit_ledger')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) =>
      column.notNull().references('user.id').onDelete('cascade'),
    )
    .addColumn('bucket', 'text', (column) =>
      column.notNull().check(sql`bucket in ('free', 'bonus', 'plan')`),
    )
    .addColumn('delta', 'integer', (column) => column.notNull())
    .addColumn('reason', 'text', (column) => column.notNull())
    .addColumn('reservation_id', 'text', (column) => column.references('credit_reservations.id'))
    .addColumn('note', 'text')
    .addColumn('balance_after', 'integer', (column) =>
      column.notNull().check(sql`balance_after >= 0`),
    )
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('credit_ledger_user_id_idx')
    .on('credit_ledger')
    .columns(['user_id', 'id'])
    .execute();

  // The ledger is history: rows are only ever added. Deleting a user may still cascade.
  await sql`
    create function credit_ledger_refuse_update() returns trigger language plpgsql as $$
    begin
      raise exception 'credit_ledger is append-only';
    end;
    $$`.execute(db);
  await sql`
    create trigger credit_ledger_append_only before update on credit_ledger
    for each row execute function credit_ledger_refuse_update()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('credit_ledger').execute();
  await sql`drop function if exists credit_ledger_refuse_update()`.execute(db);
  await db.schema.dropTable('credit_reservations').execute();
  await db.schema.dropTable('profiles').execute();
}
