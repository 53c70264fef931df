import { sql, type Kysely } from 'kysely';

// Issue #18 §1: the daily sweep marks each consent whose expiry passed, once, in the same
// transaction as its audit entry and its webhook, so each is announced exactly once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('consent_records')
    .addColumn('expiry_handled_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('consent_records_expiry_unhandled')
    .on('consent_records')
    .column('expires_at')
    .where(sql.ref('expiry_handled_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('consent_records_expiry_unhandled').execute();
  await db.schema.alterTable('consent_records').dropColumn('expiry_handled_at').execute();
}
