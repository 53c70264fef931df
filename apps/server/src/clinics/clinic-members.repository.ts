import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { findPersonalClinicId } from './clinics.repository.ts';

export interface Membership {
  id: string;
  clinicId: string;
  userId: string;
  role: string;
  /** The member's e-mail address, as the audit log names them. */
  email: string;
}

export interface InvitationRow {
  id: string;
  clinicId: string;
  clinicName: string;
  email: string;
  role: string;
  status: string;
  expiresAt: Date;
  inviterName: string;
}

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Members and invitations of clinics (Better Auth's "member" and "invitation" tables, read and
 * written with Kysely so every rule and every error stays Glowreel's own).
 */
export class ClinicMembersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Runs `work` in one transaction; writes inside it (and the audit event given `trx`) see
   * each other and fail together.
   */
  transaction<T>(
    work: (repository: ClinicMembersRepository, trx: Transaction<Database>) => Promise<T>,
  ): Promise<T> {
    return this.db
      .transaction()
      .execute((trx) => work(new ClinicMembersRepository(trx as unknown as Kysely<Database>), trx));
  }

  listClinicsOf(userId: string) {
    return this.db
      .selectFrom('member')
      .innerJoin('organization', 'organization.id', 'member.organizationId')
      .select([
        'organization.id',
        'organization.name',
        'member.role',
        'organization.personalOwnerId',
      ])
      .where('member.userId', '=', userId)
      .orderBy('member.createdAt')
      .execute();
  }

  findMembership(userId: string, clinicId: string): Promise<Membership | undefined> {
    return this.memberships()
      .where('member.userId', '=', userId)
      .where('member.organizationId', '=', clinicId)
      .executeTakeFirst();
  }

  findMember(memberId: string): Promise<Membership | undefined> {
    return this.memberships().where('member.id', '=', memberId).executeTakeFirst();
  }

  private memberships(executor: Executor = this.db) {
    return executor
      .selectFrom('member')
      .innerJoin('user', 'user.id', 'member.userId')
      .select([
        'member.id',
        'member.organizationId as clinicId',
        'member.userId',
        'member.role',
        'user.email',
      ]);
  }

  listMembers(clinicId: string) {
    return this.db
      .selectFrom('member')
      .innerJoin('user', 'user.id', 'member.userId')
      .select([
        'member.id',
        'member.userId',
        'member.role',
        'member.createdAt',
        'user.name',
        'user.email',
      ])
      .where('member.organizationId', '=', clinicId)
      .orderBy('member.createdAt')
      .execute();
  }

  countOwners(clinicId: string): Promise<number> {
    return this.db
      .selectFrom('member')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('organizationId', '=', clinicId)
      .where('role', '=', 'owner')
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.count));
  }

  countMembers(clinicId: string): Promise<number> {
    return this.db
      .selectFrom('member')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('organizationId', '=', clinicId)
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.count));
  }

  /** Invitations still waiting for an answer and not yet expired. */
  listPendingInvitations(clinicId: string, now: Date) {
    return this.db
      .selectFrom('invitation')
      .select(['id', 'email', 'role', 'expiresAt'])
      .where('organizationId', '=', clinicId)
      .where('status', '=', 'pending')
      .where('expiresAt', '>', now)
      .orderBy('createdAt')
      .execute();
  }

  findClinic(clinicId: string) {
    return this.db
      .selectFrom('organization')
      .select(['id', 'name', 'personalOwnerId'])
      .where('id', '=', clinicId)
      .executeTakeFirst();
  }

  /**
   * The plan of a clinic: the plan of the profile that belongs to it (the personal owner's
   * profile until billing moves to the clinic); a clinic without one is on the free plan.
   */
  async findPlan(clinicId: string): Promise<string> {
    const row = await this.db
      .selectFrom('profiles')
      .select('plan')
      .where('clinic_id', '=', clinicId)
      .orderBy('created_at')
      .executeTakeFirst();
    return row?.plan ?? 'free';
  }

  findInvitation(invitationId: string): Promise<InvitationRow | undefined> {
    return this.db
      .selectFrom('invitation')
      .innerJoin('organization', 'organization.id', 'invitation.organizationId')
      .innerJoin('user', 'user.id', 'invitation.inviterId')
      .select([
        'invitation.id',
        'invitation.organizationId as clinicId',
        'organization.name as clinicName',
        'invitation.email',
        'invitation.status',
        'invitation.expiresAt',
        'user.name as inviterName',
      ])
      .select((eb) => eb.fn.coalesce('invitation.role', eb.val('staff')).as('role'))
      .where('invitation.id', '=', invitationId)
      .executeTakeFirst();
  }

  async hasPendingInvitation(clinicId: string, email: string, now: Date): Promise<boolean> {
    const row = await this.db
      .selectFrom('invitation')
      .select('id')
      .where('organizationId', '=', clinicId)
      .where('email', '=', email)
      .where('status', '=', 'pending')
      .where('expiresAt', '>', now)
      .executeTakeFirst();
    return row !== undefined;
  }

  async isMemberByEmail(clinicId: string, email: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('member')
      .innerJoin('user', 'user.id', 'member.userId')
      .select('member.id')
      .where('member.organizationId', '=', clinicId)
      .where('user.email', '=', email)
      .executeTakeFirst();
    return row !== undefined;
  }

  async createInvitation(input: {
    clinicId: string;
    email: string;
    role: string;
    inviterId: string;
    expiresAt: Date;
    now: Date;
  }): Promise<string> {
    const id = crypto.randomUUID();
    await this.db
      .insertInto('invitation')
      .values({
        id,
        organizationId: input.clinicId,
        email: input.email,
        role: input.role,
        status: 'pending',
        expiresAt: input.expiresAt,
        createdAt: input.now,
        inviterId: input.inviterId,
      })
      .execute();
    return id;
  }

  /** Moves a pending invitation to `status`; false when it was no longer pending (a race). */
  async closeInvitation(invitationId: string, status: 'accepted' | 'canceled'): Promise<boolean> {
    const result = await this.db
      .updateTable('invitation')
      .set({ status })
      .where('id', '=', invitationId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async addMember(input: { clinicId: string; userId: string; role: string; now: Date }) {
    const id = crypto.randomUUID();
    await this.db
      .insertInto('member')
      .values({
        id,
        organizationId: input.clinicId,
        userId: input.userId,
        role: input.role,
        createdAt: input.now,
      })
      .execute();
    return id;
  }

  async removeMember(memberId: string): Promise<void> {
    await this.db.deleteFrom('member').where('id', '=', memberId).execute();
  }

  async setRole(memberId: string, role: string): Promise<void> {
    await this.db.updateTable('member').set({ role }).where('id', '=', memberId).execute();
  }

  /**
   * A personal clinic given to a new owner is no longer anyone's personal clinic: its first
   * owner's account deletion must not count it among the account's own.
   */
  async releasePersonalClinic(clinicId: string): Promise<void> {
    await this.db
      .updateTable('organization')
      .set({ personalOwnerId: null })
      .where('id', '=', clinicId)
      .execute();
  }

  async setActiveClinic(sessionId: string, clinicId: string): Promise<void> {
    await this.db
      .updateTable('session')
      .set({ activeOrganizationId: clinicId })
      .where('id', '=', sessionId)
      .execute();
  }

  /** Every session of `userId` acting for `fromClinicId` acts for `toClinicId` instead. */
  async moveSessions(input: { userId: string; fromClinicId: string; toClinicId: string | null }) {
    await this.db
      .updateTable('session')
      .set({ activeOrganizationId: input.toClinicId })
      .where('userId', '=', input.userId)
      .where('activeOrganizationId', '=', input.fromClinicId)
      .execute();
  }

  findPersonalClinicId(userId: string): Promise<string | undefined> {
    return findPersonalClinicId(this.db, userId);
  }
}
