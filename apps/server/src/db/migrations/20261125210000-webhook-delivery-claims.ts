import type { Kysely } from 'kysely';

// A delivery is claimed by the server that sends it until `claimed_until` (issue #15 item 2):
// two servers on one database no longer send the same webhook twice, and a claim left by a
// server that died mid-send expires so another server retries it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('webhook_deliveries')
    .addColumn('claimed_until', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_deliveries').dropColumn('claimed_until').execute();
}
