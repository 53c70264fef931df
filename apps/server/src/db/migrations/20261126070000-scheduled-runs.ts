import { sql, type Kysely } from 'kysely';

// Issue #18 §3: the database lock of the scheduled jobs. One row per job and period: the
// server whose INSERT made the row runs the job for that period; the others see the conflict
// and do nothing. The claimer renews `lease_expires_at` while it works, so a period claimed by
// a server that died is taken over once the lease has passed; `finished_at` ends the period.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scheduled_runs')
    .addColumn('job', 'text', (column) => column.notNull())
    .addColumn('period', 'text', (column) => column.notNull())
    .addColumn('owner_id', 'text', (column) => column.notNull())
    .addColumn('claimed_at', 'timestamptz', (column) => column.notNull())
    .addColumn('lease_expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('finished_at', 'timestamptz')
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('scheduled_runs_pkey', ['job', 'period'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('scheduled_runs').execute();
}
