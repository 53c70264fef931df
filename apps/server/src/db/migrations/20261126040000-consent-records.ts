import { sql, type Kysely } from 'kysely';

// Issue #18 §1: the consent the clinic attested for each video, as its evidence: who, when,
// from where, for which channels, until when, and whether it was revoked. Written in the
// transaction that creates the video, so a video never exists without its record. Videos
// made before this table have none.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('consent_records')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('video_id', 'text', (column) =>
      column.notNull().unique().references('videos.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (column) => column.notNull())
    .addColumn('attested_by_user_id', 'text', (column) => column.notNull())
    .addColumn('attested_by_name', 'text', (column) => column.notNull())
    .addColumn('attested_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('patient_reference', 'text')
    // The channels as a JSON array of names, e.g. ["website","social"].
    .addColumn('channels', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoked_reason', 'text')
    .addColumn('revoked_by_user_id', 'text')
    .execute();
  await db.schema
    .createIndex('consent_records_user_id')
    .on('consent_records')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('consent_records').execute();
}
