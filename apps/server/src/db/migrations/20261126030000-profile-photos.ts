import { sql, type Kysely } from 'kysely';

// Issue #17 §4: a member's own profile photo (the SPEC's photoURL). Its bytes live in the data
// folder (profile-photos/<photo_key>.photo); a replaced photo is a new file and the row switches
// to it in one update. Kept apart from user.image, which a social sign-in may fill in.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('profile_photos')
    .addColumn('user_id', 'text', (column) =>
      column.primaryKey().references('user.id').onDelete('cascade'),
    )
    .addColumn('photo_key', 'text', (column) => column.notNull())
    .addColumn('content_type', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('profile_photos').execute();
}
