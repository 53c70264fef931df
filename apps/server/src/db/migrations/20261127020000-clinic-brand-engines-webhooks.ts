import { sql, type Kysely } from 'kysely';

// Issue #21: the brand kit, the engine opt-ins, the webhook signing secret and the API's
// idempotency records are the clinic's. Until now each was found by the account's user id
// (its primary key); the clinic workspace migration recorded the owning clinic in clinic_id,
// one row per personal clinic, so the same rows become keyed by clinic_id without any merge.
//
// user_id stays as the member who last wrote the row. It no longer decides whether the row
// exists: a member who deletes their account leaves the clinic's kit, opt-in and secret in
// place (the reference is cleared) instead of taking them with them.
//
// `up` may run again on a database it already changed and changes nothing the second time.

interface ClinicKey {
  table: string;
  /** The primary key by account this migration replaces. */
  userKey: { name: string; columns: string[] };
  /** The primary key by clinic it puts in its place. */
  clinicKey: { name: string; columns: string[] };
  /** Whether user_id becomes "who last wrote it" (kept on account deletion). */
  keepsRowWithoutUser: boolean;
}

export const CLINIC_KEYS: readonly ClinicKey[] = [
  {
    table: 'brand_kits',
    userKey: { name: 'brand_kits_pkey', columns: ['user_id'] },
    clinicKey: { name: 'brand_kits_clinic_pkey', columns: ['clinic_id'] },
    keepsRowWithoutUser: true,
  },
  {
    table: 'engine_opt_ins',
    userKey: { name: 'engine_opt_ins_pkey', columns: ['user_id', 'engine'] },
    clinicKey: { name: 'engine_opt_ins_clinic_pkey', columns: ['clinic_id', 'engine'] },
    keepsRowWithoutUser: true,
  },
  {
    table: 'api_webhook_secrets',
    userKey: { name: 'api_webhook_secrets_pkey', columns: ['user_id'] },
    clinicKey: { name: 'api_webhook_secrets_clinic_pkey', columns: ['clinic_id'] },
    keepsRowWithoutUser: true,
  },
  {
    // A record of one request by one key; it may go with the account that made the key.
    table: 'api_idempotency_keys',
    userKey: { name: 'api_idempotency_keys_pk', columns: ['user_id', 'key'] },
    clinicKey: { name: 'api_idempotency_keys_clinic_pkey', columns: ['clinic_id', 'key'] },
    keepsRowWithoutUser: false,
  },
];

async function constraintExists(db: Kysely<unknown>, name: string): Promise<boolean> {
  const found = await sql<{
    conname: string;
  }>`select conname from pg_constraint where conname = ${name}`.execute(db);
  return found.rows.length > 0;
}

function columnList(columns: string[]) {
  return sql.join(columns.map((column) => sql.id(column)));
}

async function swapPrimaryKey(
  db: Kysely<unknown>,
  table: string,
  from: ClinicKey['userKey'],
  to: ClinicKey['userKey'],
): Promise<void> {
  if (await constraintExists(db, to.name)) return;
  const t = sql.table(table);
  await sql`alter table ${t} drop constraint if exists ${sql.id(from.name)}`.execute(db);
  await sql`
    alter table ${t} add constraint ${sql.id(to.name)} primary key (${columnList(to.columns)})`.execute(
    db,
  );
}

/** user_id: optional, cleared (not cascaded) when the member's account goes. */
async function keepRowWithoutUser(db: Kysely<unknown>, table: string): Promise<void> {
  const t = sql.table(table);
  const foreignKey = sql.id(`${table}_user_id_fkey`);
  await sql`alter table ${t} alter column user_id drop not null`.execute(db);
  await sql`alter table ${t} drop constraint if exists ${foreignKey}`.execute(db);
  await sql`
    alter table ${t} add constraint ${foreignKey}
    foreign key (user_id) references "user" ("id") on delete set null`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const key of CLINIC_KEYS) {
    await swapPrimaryKey(db, key.table, key.userKey, key.clinicKey);
    if (key.keepsRowWithoutUser) await keepRowWithoutUser(db, key.table);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const key of CLINIC_KEYS) {
    const t = sql.table(key.table);
    if (key.keepsRowWithoutUser) {
      // Rows of a member who left have no account to go back to.
      await sql`delete from ${t} where user_id is null`.execute(db);
      const foreignKey = sql.id(`${key.table}_user_id_fkey`);
      await sql`alter table ${t} drop constraint if exists ${foreignKey}`.execute(db);
      await sql`
        alter table ${t} add constraint ${foreignKey}
        foreign key (user_id) references "user" ("id") on delete cascade`.execute(db);
      await sql`alter table ${t} alter column user_id set not null`.execute(db);
    }
    if (await constraintExists(db, key.userKey.name)) continue;
    await sql`alter table ${t} drop constraint if exists ${sql.id(key.clinicKey.name)}`.execute(db);
    await sql`
      alter table ${t} add constraint ${sql.id(key.userKey.name)}
      primary key (${columnList(key.userKey.columns)})`.execute(db);
  }
}
