import { sql, type Kysely } from 'kysely';

// Issue #18 §3: the retention the terms promise. `canceled_at` is when a subscription that
// had granted a paid period ended (never set for one that was never paid); the account is
// deleted 90 days later, and at least 7 days after `deletion_warned_at`, the warning e-mail.
// A new subscription clears both. Videos removed by VIDEO_RETENTION_DAYS are remembered in
// retention_video_deletions so each is deleted once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('billing_subscriptions')
    .addColumn('canceled_at', 'timestamptz')
    .addColumn('deletion_warned_at', 'timestamptz')
    .execute();
  // Subscriptions that ended before this column: their last change is when they ended, and a
  // plan_start in the ledger shows a paid period was granted.
  await sql`
    update billing_subscriptions
    set canceled_at = updated_at
    where status = 'canceled'
      and exists (
        select 1 from credit_ledger
        where credit_ledger.user_id = billing_subscriptions.user_id
          and credit_ledger.reason = 'plan_start'
      )
  `.execute(db);
  await db.schema
    .createTable('retention_video_deletions')
    .addColumn('video_id', 'text', (column) =>
      column.primaryKey().references('videos.id').onDelete('cascade'),
    )
    .addColumn('deleted_at', 'timestamptz', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('retention_video_deletions').execute();
  await db.schema.alterTable('billing_subscriptions').dropColumn('deletion_warned_at').execute();
  await db.schema.alterTable('billing_subscriptions').dropColumn('canceled_at').execute();
}
