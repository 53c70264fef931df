import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** A table's row, as a migration test compares it before and after. */
export type Row = Record<string, unknown>;

/** Every row of `table`, in an order that does not depend on the database's. */
export async function rowsOf(db: Kysely<Database>, table: string): Promise<Row[]> {
  const result = await sql<Row>`select * from ${sql.table(table)}`.execute(db);
  return result.rows.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

/** Every row of each of `tables`, by table name. */
export async function snapshotTables(
  db: Kysely<Database>,
  tables: readonly string[],
): Promise<Record<string, Row[]>> {
  const entries = await Promise.all(tables.map(async (t) => [t, await rowsOf(db, t)] as const));
  return Object.fromEntries(entries);
}

/** The primary key's columns of `table`, in order. */
export async function primaryKeyOf(db: Kysely<Database>, table: string): Promise<string[]> {
  const result = await sql<{ attname: string }>`
    select a.attname from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    cross join lateral unnest(c.conkey) with ordinality as k(attnum, position)
    join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum
    where t.relname = ${table} and c.contype = 'p'
    order by k.position`.execute(db);
  return result.rows.map((row) => row.attname);
}
