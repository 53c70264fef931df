import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The role of the person a clinic belongs to: billing, deletion, everything (issue #21). */
export const OWNER_ROLE = 'owner';

/** A person's membership of one clinic: the clinic and their role in it. */
export interface ClinicMembership {
  clinicId: string;
  role: string;
}

export interface PersonalClinic {
  id: string;
  name: string;
}

/**
 * The id of `userId`'s personal clinic, as an expression a write can store in its clinic_id:
 * every row written in this slice belongs to its account's personal clinic. When the clinic
 * is missing the value is null and the NOT NULL column refuses the write rather than store an
 * orphan.
 */
export function personalClinicIdOf(userId: string): RawBuilder<string> {
  return sql<string>`(select "id" from "organization" where "personalOwnerId" = ${userId})`;
}

/** The id of the account's personal clinic (organization."personalOwnerId"), if it has one. */
export async function findPersonalClinicId(
  db: Kysely<Database>,
  userId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('organization')
    .select('id')
    .where('personalOwnerId', '=', userId)
    .executeTakeFirst();
  return row?.id;
}

/**
 * A new clinic (organization) with `userId` as its owner, in the caller's transaction.
 * Undefined when `personalOwnerId` already has its personal clinic (nothing is inserted).
 */
async function insertClinicOwnedBy(
  trx: Transaction<Database>,
  input: { userId: string; name: string; personalOwnerId: string | null },
): Promise<PersonalClinic | undefined> {
  const id = crypto.randomUUID();
  const now = new Date();
  const created = await trx
    .insertInto('organization')
    .values({
      id,
      name: input.name,
      // Slugs are unique and will appear in links; the id keeps them so without a lookup.
      slug: `clinic-${id}`,
      logo: null,
      metadata: null,
      createdAt: now,
      personalOwnerId: input.personalOwnerId,
    })
    .onConflict((conflict) => conflict.column('personalOwnerId').doNothing())
    .returning(['id', 'name'])
    .executeTakeFirst();
  if (!created) return undefined;
  await trx
    .insertInto('member')
    .values({
      id: crypto.randomUUID(),
      organizationId: created.id,
      userId: input.userId,
      role: OWNER_ROLE,
      createdAt: now,
    })
    .execute();
  return created;
}

/** Clinics (Better Auth organizations) and their members, read and written with Kysely. */
export class ClinicsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findPersonalClinic(userId: string): Promise<PersonalClinic | undefined> {
    return this.db
      .selectFrom('organization')
      .select(['id', 'name'])
      .where('personalOwnerId', '=', userId)
      .executeTakeFirst();
  }

  /**
   * The account's personal clinic with the account as its owner, made once: a second call
   * (a retried hook, the migration having run first) finds the one already there.
   */
  async createPersonalClinic(input: { userId: string; name: string }): Promise<PersonalClinic> {
    return this.db.transaction().execute(async (trx) => {
      const created = await insertClinicOwnedBy(trx, { ...input, personalOwnerId: input.userId });
      return (
        created ??
        trx
          .selectFrom('organization')
          .select(['id', 'name'])
          .where('personalOwnerId', '=', input.userId)
          .executeTakeFirstOrThrow()
      );
    });
  }

  findAccountName(userId: string): Promise<string | undefined> {
    return this.db
      .selectFrom('user')
      .select('name')
      .where('id', '=', userId)
      .executeTakeFirst()
      .then((row) => row?.name);
  }

  /** Points a session that acts for no clinic yet at `clinicId`; a chosen one is kept. */
  async activateClinicIfNone(sessionId: string, clinicId: string): Promise<void> {
    await this.db
      .updateTable('session')
      .set({ activeOrganizationId: clinicId })
      .where('id', '=', sessionId)
      .where('activeOrganizationId', 'is', null)
      .execute();
  }

  /**
   * The clinic a signed-in request acts for, read fresh from the database on every request:
   * the session's active clinic while the account is still a member of it, else its personal
   * clinic, else the clinic it joined first. None when the account belongs to no clinic.
   */
  async findActingMembership(
    userId: string,
    sessionToken: string | undefined,
  ): Promise<ClinicMembership | undefined> {
    const result = await sql<ClinicMembership>`
      select m."organizationId" as "clinicId", m."role" as "role"
      from "member" m
      join "organization" o on o."id" = m."organizationId"
      where m."userId" = ${userId}
      order by
        case
          when m."organizationId" = (
            select s."activeOrganizationId" from "session" s
            where s."token" = ${sessionToken ?? null} and s."userId" = ${userId}
          ) then 0
          when o."personalOwnerId" = ${userId} then 1
          else 2
        end,
        m."createdAt", m."id"
      limit 1`.execute(this.db);
    return result.rows[0];
  }

  /**
   * A new personal clinic for an account that belongs to none any more (its own was
   * deleted or handed over): the account as its owner, no personal-owner link kept when the
   * old one still points at another clinic.
   */
  async createReplacementClinic(input: { userId: string; name: string }): Promise<PersonalClinic> {
    const existing = await this.findPersonalClinic(input.userId);
    if (!existing) return this.createPersonalClinic(input);
    return this.db.transaction().execute(async (trx) => {
      const created = await insertClinicOwnedBy(trx, { ...input, personalOwnerId: null });
      if (!created) throw new Error('A clinic without a personal owner was not inserted.');
      return created;
    });
  }

  listMembers(clinicId: string) {
    return this.db
      .selectFrom('member')
      .select(['userId', 'role'])
      .where('organizationId', '=', clinicId)
      .orderBy('createdAt')
      .execute();
  }
}
