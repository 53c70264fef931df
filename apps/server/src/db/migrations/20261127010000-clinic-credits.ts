import { sql, type Kysely } from 'kysely';

// Issue #21: credits, plan and subscription belong to the clinic. A clinic has one profile (its
// balance and plan) and one billing subscription, found by clinic_id, which becomes their
// primary key; user_id stays as the account that opened them. The first slice gave every
// existing row its account's personal clinic, one per account, so clinic_id is already unique.
//
// `up` may run again (a retried start, a restored copy) and changes nothing the second time.

/** The tables keyed by their clinic from now on, with the account index kept for reads by user. */
const KEYED_BY_CLINIC = ['profiles', 'billing_subscriptions'] as const;

/** The columns of `table`'s primary key, in order. */
async function primaryKeyOf(db: Kysely<unknown>, table: string): Promise<string[]> {
  const found = await sql<{ column_name: string }>`
    select a.attname as column_name
    from pg_index i
    join pg_class c on c.oid = i.indrelid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
    where i.indisprimary and c.relname = ${table} and n.nspname = current_schema()
    order by a.attnum`.execute(db);
  return found.rows.map((row) => row.column_name);
}

async function keyBy(db: Kysely<unknown>, table: string, column: string): Promise<void> {
  const key = await primaryKeyOf(db, table);
  if (key.length === 1 && key[0] === column) return;
  const pkey = sql.id(`${table}_pkey`);
  if (key.length > 0)
    await sql`alter table ${sql.table(table)} drop constraint ${pkey}`.execute(db);
  await sql`alter table ${sql.table(table)} add constraint ${pkey} primary key (${sql.ref(column)})`.execute(
    db,
  );
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of KEYED_BY_CLINIC) {
    await keyBy(db, table, 'clinic_id');
    // Reads by account (an account's export, its deletion, retention) keep their index.
    await sql`
      create index if not exists ${sql.id(`${table}_user_id_idx`)}
      on ${sql.table(table)} (user_id)`.execute(db);
  }
}

/** Possible while every account opened at most one clinic's profile and subscription. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of KEYED_BY_CLINIC) {
    await sql`drop index if exists ${sql.id(`${table}_user_id_idx`)}`.execute(db);
    await keyBy(db, table, 'user_id');
  }
}
