import { sql, type Kysely } from 'kysely';

// The brand kit (issue #16 §5): one row per account, written the first time it saves one.
// The logo's bytes live in the data folder (brand-logos/<logo_key>); the row names the file,
// so a replaced logo is a new file and the row switches to it in one update.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('brand_kits')
    .addColumn('user_id', 'text', (column) =>
      column.primaryKey().references('user.id').onDelete('cascade'),
    )
    .addColumn('clinic_name', 'text')
    .addColumn('contact', 'text')
    .addColumn('accent_color', 'text', (column) =>
      column.notNull().check(sql`accent_color ~ '^#[0-9a-f]{6}$'`),
    )
    .addColumn('typeface', 'text', (column) => column.notNull())
    .addColumn('logo_key', 'text')
    .addColumn('logo_content_type', 'text')
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('brand_kits').execute();
}
