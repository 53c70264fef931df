import { sql, type Kysely } from 'kysely';

// Issue 17 gates API keys and plan purchases on a verified e-mail. Accounts made before
// verification existed never received a link, so they are counted as verified rather than
// locked out of what they already used; only accounts made from now on are asked to confirm.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update "user" set "emailVerified" = true where "emailVerified" = false`.execute(db);
}

export async function down(): Promise<void> {
  // Which accounts were unverified before is not kept; nothing to undo.
}
