import { sql, type Kysely } from 'kysely';

// Billing state beside the SPEC profile, processed webhook events (idempotency), demo
// requests, the mail outbox and video feedback (issue 6, DESIGN.md D8 and D10).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('billing_subscriptions')
    .addColumn('user_id', 'text', (column) =>
      column.primaryKey().references('user.id').onDelete('cascade'),
    )
    .addColumn('subscription_id', 'text', (column) => column.notNull())
    .addColumn('plan', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('cancel_at_period_end', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('current_period_start', 'timestamptz')
    .addColumn('current_period_end', 'timestamptz')
    // The period whose plan videos were granted: a renewal grants again only for a later one.
    .addColumn('videos_period_start', 'timestamptz')
    .addColumn('payment_error', 'text')
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('billing_events')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('type', 'text', (column) => column.notNull())
    .addColumn('processed_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('demo_requests')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('phone', 'text')
    .addColumn('company', 'text')
    .addColumn('message', 'text')
    .addColumn('client_ip', 'text')
    .addColumn('delivery', 'text', (column) =>
      column.notNull().check(sql`delivery in ('smtp', 'outbox')`),
    )
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('to_address', 'text', (column) => column.notNull())
    .addColumn('reply_to', 'text')
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('body', 'text', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('video_feedback')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) =>
      column.notNull().references('user.id').onDelete('cascade'),
    )
    .addColumn('video_id', 'text', (column) =>
      column.notNull().references('videos.id').onDelete('cascade'),
    )
    .addColumn('rating', 'text', (column) => column.notNull().check(sql`rating in ('good', 'bad')`))
    .addColumn('category', 'text')
    .addColumn('text', 'text')
    .addColumn('composite_image_hash', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('prompt', 'text')
    .addColumn('client_timestamp', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('video_feedback_user_video_unique', ['user_id', 'video_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('video_feedback').execute();
  await db.schema.dropTable('mail_outbox').execute();
  await db.schema.dropTable('demo_requests').execute();
  await db.schema.dropTable('billing_events').execute();
  await db.schema.dropTable('billing_subscriptions').execute();
}
