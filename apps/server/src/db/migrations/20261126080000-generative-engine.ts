import { sql, type Kysely } from 'kysely';

// Issue #20: the optional generative engine.
// - videos.engine: which engine made the video ('builtin' for every video before this).
// - videos.safety_category: the reason category of a safety refusal, named in its message.
// - videos.cancel_requested_at: the clinic asked to stop a generative video; the job that runs
//   it (in any process) sees this at its next poll, ends it failed and refunds it.
// - credit_reservations.buckets: a generative video costs several credits, possibly from
//   several buckets; null is the one credit from `bucket` every reservation before this held.
// - engine_opt_ins: who accepted which engine's notice, when, and which version of it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('videos')
    .addColumn('engine', 'text', (column) => column.notNull().defaultTo('builtin'))
    .addColumn('safety_category', 'text')
    .addColumn('cancel_requested_at', 'timestamptz')
    .execute();
  await db.schema.alterTable('credit_reservations').addColumn('buckets', 'text').execute();
  await db.schema
    .createTable('engine_opt_ins')
    .addColumn('user_id', 'text', (column) =>
      column.notNull().references('user.id').onDelete('cascade'),
    )
    .addColumn('engine', 'text', (column) => column.notNull())
    .addColumn('notice_version', 'text', (column) => column.notNull())
    .addColumn('accepted_by', 'text', (column) => column.notNull())
    .addColumn('accepted_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('engine_opt_ins_pkey', ['user_id', 'engine'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('engine_opt_ins').execute();
  await db.schema.alterTable('credit_reservations').dropColumn('buckets').execute();
  await db.schema
    .alterTable('videos')
    .dropColumn('cancel_requested_at')
    .dropColumn('safety_category')
    .dropColumn('engine')
    .execute();
}
