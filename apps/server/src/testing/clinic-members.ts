import type { Kysely } from 'kysely';
import type { ClinicRole } from '../clinics/clinic-roles.ts';
import type { Database } from '../db/schema.ts';

/**
 * Makes `userId` a member of `clinicId` with `role`, as an accepted invitation will: test
 * setup for several members of one clinic.
 */
export async function addClinicMember(
  db: Kysely<Database>,
  clinicId: string,
  userId: string,
  role: ClinicRole,
): Promise<void> {
  await db
    .insertInto('member')
    .values({
      id: crypto.randomUUID(),
      organizationId: clinicId,
      userId,
      role,
      createdAt: new Date(),
    })
    .execute();
}

/** Points every session of `userId` at `clinicId`, as switching clinics will. */
export async function setActiveClinic(
  db: Kysely<Database>,
  userId: string,
  clinicId: string,
): Promise<void> {
  await db
    .updateTable('session')
    .set({ activeOrganizationId: clinicId })
    .where('userId', '=', userId)
    .execute();
}

/** The personal clinic of `userId`. */
export async function personalClinicOf(db: Kysely<Database>, userId: string): Promise<string> {
  const row = await db
    .selectFrom('organization')
    .select('id')
    .where('personalOwnerId', '=', userId)
    .executeTakeFirstOrThrow();
  return row.id;
}
