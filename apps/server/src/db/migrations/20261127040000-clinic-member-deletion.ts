import { sql, type Kysely } from 'kysely';
import { CLINIC_OWNED_TABLES } from './20261126090000-clinic-workspaces.ts';

// Issue #21 with issue #18 §2: deleting an account deletes the account's own clinics, not
// what it made in someone else's. Until now every clinic-owned row cascaded from "user" by
// user_id, so a staff member deleting their account took the videos and ledger rows they had
// made in the owner's clinic with them, and the personal clinic cascaded from its
// "personalOwnerId" even after it had been transferred to another owner.
//
// - Clinic-owned rows go with their clinic (clinic_id cascades from "organization"); user_id
//   stays as a plain id naming the member who made the row. The person's name and e-mail go
//   with the user row.
// - "personalOwnerId" is set null when the account goes, so a clinic is deleted only when the
//   account deletion deletes it (AccountDeletionService: the clinics the account is the only
//   member of). "personalOwnerId" stays unique, so an account still has at most one personal
//   clinic.
//
// `up` may run again and then changes nothing.

const PERSONAL_OWNER_FOREIGN_KEY = 'organization_personalOwnerId_fkey';

/** The foreign keys of `table` that point at "user" (by any name), with their delete rule. */
async function foreignKeysToUsers(
  db: Kysely<unknown>,
  table: string,
): Promise<{ name: string; onDelete: string }[]> {
  const found = await sql<{ conname: string; confdeltype: string }>`
    select c.conname, c.confdeltype
    from pg_constraint c
    where c.contype = 'f'
      and c.conrelid = ${table}::regclass
      and c.confrelid = '"user"'::regclass`.execute(db);
  return found.rows.map((row) => ({ name: row.conname, onDelete: row.confdeltype }));
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of CLINIC_OWNED_TABLES) {
    for (const key of await foreignKeysToUsers(db, table)) {
      await sql`alter table ${sql.table(table)} drop constraint ${sql.id(key.name)}`.execute(db);
    }
  }
  const personal = await foreignKeysToUsers(db, 'organization');
  // 'n' is ON DELETE SET NULL in pg_constraint.confdeltype.
  if (personal.length === 1 && personal[0]?.onDelete === 'n') return;
  for (const key of personal) {
    await sql`alter table "organization" drop constraint ${sql.id(key.name)}`.execute(db);
  }
  await sql`
    alter table "organization" add constraint ${sql.id(PERSONAL_OWNER_FOREIGN_KEY)}
    foreign key ("personalOwnerId") references "user" ("id") on delete set null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Rows whose member is gone cannot point at "user" again; they stay, without the key.
  for (const table of CLINIC_OWNED_TABLES) {
    const key = sql.id(`${table}_user_id_fkey`);
    if ((await foreignKeysToUsers(db, table)).length > 0) continue;
    await sql`
      alter table ${sql.table(table)} add constraint ${key}
      foreign key (user_id) references "user" ("id") on delete cascade not valid`.execute(db);
  }
  await sql`
    alter table "organization" drop constraint if exists ${sql.id(PERSONAL_OWNER_FOREIGN_KEY)}`.execute(
    db,
  );
  await sql`
    alter table "organization" add constraint ${sql.id(PERSONAL_OWNER_FOREIGN_KEY)}
    foreign key ("personalOwnerId") references "user" ("id") on delete cascade not valid`.execute(
    db,
  );
}
