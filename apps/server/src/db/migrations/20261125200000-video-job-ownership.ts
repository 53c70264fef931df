import { sql, type Kysely } from 'kysely';

// Issue 15: every processing video belongs to the process running it. The owner renews
// lease_expires_at while it lives; recovery only touches rows whose lease has run out, so a
// second server on the same database never fails the first one's jobs. Rows from before
// this migration have no owner and count as expired.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('videos')
    .addColumn('owner_id', 'text')
    .addColumn('lease_expires_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('videos_processing_lease_idx')
    .on('videos')
    .columns(['lease_expires_at'])
    .where(sql.ref('status'), '=', 'processing')
    .execute();
  // Finding a reservation's video (the abandoned-reservation sweep) must not scan every video.
  await db.schema
    .createIndex('videos_reservation_idx')
    .on('videos')
    .column('reservation_id')
    .execute();
  // The sweep reads the few reservations still open, not the whole history.
  await db.schema
    .createIndex('credit_reservations_reserved_idx')
    .on('credit_reservations')
    .column('created_at')
    .where(sql.ref('status'), '=', 'reserved')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('credit_reservations_reserved_idx').execute();
  await db.schema.dropIndex('videos_reservation_idx').execute();
  await db.schema.dropIndex('videos_processing_lease_idx').execute();
  await db.schema
    .alterTable('videos')
    .dropColumn('lease_expires_at')
    .dropColumn('owner_id')
    .execute();
}
