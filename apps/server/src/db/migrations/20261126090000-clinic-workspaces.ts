import { sql, type Kysely } from 'kysely';

// Issue #21, first slice: the clinic workspace. Every account gets its personal clinic (a
// Better Auth organization, marked by "personalOwnerId") with itself as owner, and the rows
// the clinic will own record it in clinic_id, backfilled from the owner's user id, NOT NULL
// and indexed. Reads and writes still go by user_id; new rows carry the personal clinic.
//
// Better Auth's own migration (getMigrations, run first at every start) creates the
// "organization", "member" and "invitation" tables and session."activeOrganizationId".
//
// `up` may run again on a database it already changed (a copy restored mid-way, a retried
// start) and changes nothing the second time.

/** The tables whose rows a clinic owns (issue #21 "Make the clinic the owner of ..."). */
export const CLINIC_OWNED_TABLES = [
  // Credits and plan: the balance, its reservations and its append-only ledger.
  'profiles',
  'credit_reservations',
  'credit_ledger',
  'billing_subscriptions',
  // What the clinic makes and how it is made.
  'videos',
  'brand_kits',
  'engine_opt_ins',
  // The public API: keys, their idempotency records, webhook signing and deliveries.
  'api_keys',
  'api_idempotency_keys',
  'api_webhook_secrets',
  'webhook_deliveries',
] as const;

const OWNER_ROLE = 'owner';

async function createPersonalClinics(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into "organization" ("id", "name", "slug", "createdAt", "personalOwnerId")
    select clinic.id, clinic.name, 'clinic-' || clinic.id, now(), clinic.owner_id
    from (
      select gen_random_uuid()::text as id, u."name" as name, u."id" as owner_id
      from "user" u
      where not exists (select 1 from "organization" o where o."personalOwnerId" = u."id")
    ) clinic
    on conflict ("personalOwnerId") do nothing`.execute(db);
  await sql`
    insert into "member" ("id", "organizationId", "userId", "role", "createdAt")
    select gen_random_uuid()::text, o."id", o."personalOwnerId", ${OWNER_ROLE}, now()
    from "organization" o
    where o."personalOwnerId" is not null
      and not exists (
        select 1 from "member" m
        where m."organizationId" = o."id" and m."userId" = o."personalOwnerId"
      )`.execute(db);
}

async function constraintExists(db: Kysely<unknown>, name: string): Promise<boolean> {
  const found = await sql<{
    conname: string;
  }>`select conname from pg_constraint where conname = ${name}`.execute(db);
  return found.rows.length > 0;
}

async function recordOwningClinic(db: Kysely<unknown>, table: string): Promise<void> {
  const t = sql.table(table);
  await sql`alter table ${t} add column if not exists clinic_id text`.execute(db);
  // The ledger refuses updates (history is append-only); recording the owner of each row
  // changes no figure in it. The table is locked by the alter above until commit, so no other
  // writer can slip an update through while the guard is off.
  const guarded = table === 'credit_ledger';
  if (guarded) {
    await sql`alter table credit_ledger disable trigger credit_ledger_append_only`.execute(db);
  }
  await sql`
    update ${t} as owned set clinic_id = o."id"
    from "organization" o
    where o."personalOwnerId" = owned.user_id and owned.clinic_id is null`.execute(db);
  if (guarded) {
    await sql`alter table credit_ledger enable trigger credit_ledger_append_only`.execute(db);
  }
  await sql`alter table ${t} alter column clinic_id set not null`.execute(db);
  const foreignKey = `${table}_clinic_id_fkey`;
  if (!(await constraintExists(db, foreignKey))) {
    // A clinic's deletion takes its rows with it, as an account's does today.
    await sql`
      alter table ${t} add constraint ${sql.id(foreignKey)}
      foreign key (clinic_id) references "organization" ("id") on delete cascade`.execute(db);
  }
  await sql`
    create index if not exists ${sql.id(`${table}_clinic_id_idx`)} on ${t} (clinic_id)`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await createPersonalClinics(db);
  for (const table of CLINIC_OWNED_TABLES) await recordOwningClinic(db, table);
  // Sessions already signed in act for the personal clinic, as new ones do.
  await sql`
    update "session" s set "activeOrganizationId" = o."id"
    from "organization" o
    where o."personalOwnerId" = s."userId" and s."activeOrganizationId" is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of CLINIC_OWNED_TABLES) {
    await sql`alter table ${sql.table(table)} drop column if exists clinic_id`.execute(db);
  }
  await sql`update "session" set "activeOrganizationId" = null`.execute(db);
  // Members go with their clinic by Better Auth's cascade.
  await sql`delete from "organization" where "personalOwnerId" is not null`.execute(db);
}
