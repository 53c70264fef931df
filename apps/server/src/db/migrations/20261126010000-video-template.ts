import type { Kysely } from 'kysely';

// Issue 16: each video records the template it is made with. Rows from before templates
// keep null (they were made with the one layout there was), so the column stays nullable.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('videos').addColumn('template', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('videos').dropColumn('template').execute();
}
