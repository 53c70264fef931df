import { sql, type Kysely } from 'kysely';

// Video records (SPEC §3) with their render job state: the embedded queue keeps its
// state here, so a restart can find work a dead process left behind.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('videos')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) =>
      column.notNull().references('user.id').onDelete('cascade'),
    )
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('prompt', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) =>
      column.notNull().check(sql`status in ('processing', 'completed', 'failed')`),
    )
    .addColumn('options', 'jsonb', (column) => column.notNull())
    .addColumn('width', 'integer', (column) => column.notNull())
    .addColumn('height', 'integer', (column) => column.notNull())
    .addColumn('stage', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('progress', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('reservation_id', 'text', (column) =>
      column.notNull().references('credit_reservations.id'),
    )
    .addColumn('input_path', 'text')
    .addColumn('video_key', 'text')
    .addColumn('thumbnail_key', 'text')
    .addColumn('processing_time_ms', 'integer')
    .addColumn('file_size', 'bigint')
    .addColumn('duration', 'double precision')
    .addColumn('error_message', 'text')
    .addColumn('warnings', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('provenance', 'jsonb')
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('videos_user_created_idx')
    .on('videos')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('videos_status_idx').on('videos').column('status').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('videos').execute();
}
