import { sql, type Kysely } from 'kysely';

// Issue #21: the audit log belongs to a clinic. Each event records the clinic it was done for
// in clinic_id; an event of no clinic (a failed sign-in) keeps it null. Existing events were
// all written for one account acting alone, so each goes to that account's personal clinic.
// No foreign key: the log outlives a deleted clinic until it is purged deliberately, like
// the account_id it sits beside (20261126050000-audit-log.ts).
//
// `up` may run again on a database it already changed and changes nothing the second time.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table audit_events add column if not exists clinic_id text`.execute(db);
  // The log refuses updates (history is append-only); naming the clinic of each event changes
  // nothing it says. The alter above holds the table's lock until commit, so no other writer
  // can slip an update through while the guard is off.
  await sql`alter table audit_events disable trigger audit_events_append_only`.execute(db);
  await sql`
    update audit_events as event set clinic_id = o."id"
    from "organization" o
    where o."personalOwnerId" = event.account_id and event.clinic_id is null`.execute(db);
  await sql`alter table audit_events enable trigger audit_events_append_only`.execute(db);
  await sql`
    create index if not exists audit_events_clinic_id_idx on audit_events (clinic_id, id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists audit_events_clinic_id_idx`.execute(db);
  await sql`alter table audit_events drop column if exists clinic_id`.execute(db);
}
