import { sql, type Kysely } from 'kysely';

// Issue 18 §6: a failed video keeps a stable failure code; the message users see is made
// from it. Failures recorded before this kept the renderer's own text (file paths, ffmpeg's
// output), so those rows are given a code and a plain message here. The texts are copied,
// not imported: a landed migration never changes.
const RESTARTED = 'The server restarted before this video finished%';
const REPEATED = 'This video stopped the server each of the%';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('videos').addColumn('error_code', 'text').execute();
  await sql`UPDATE videos SET error_code = 'photo_unavailable'
    WHERE status = 'failed' AND error_message LIKE ${RESTARTED}`.execute(db);
  await sql`UPDATE videos SET error_code = 'repeated_crash'
    WHERE status = 'failed' AND error_message LIKE ${REPEATED}`.execute(db);
  await sql`UPDATE videos SET error_code = 'render_failed',
      error_message = 'An error occurred: the video could not be rendered. Please try again. Your credit was refunded.'
    WHERE status = 'failed' AND error_code IS NULL`.execute(db);
  // The render-time estimate reads the latest completed renders of one size (issue 18 §5).
  await db.schema
    .createIndex('videos_completed_by_size')
    .on('videos')
    .columns(['width', 'height', 'completed_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('videos_completed_by_size').execute();
  await db.schema.alterTable('videos').dropColumn('error_code').execute();
}
