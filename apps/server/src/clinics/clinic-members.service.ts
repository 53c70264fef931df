import {
  INVITATION_DAYS,
  seatsForPlan,
  findPlan,
  type ClinicRoleName,
  type ClinicsOverview,
  type InvitableRole,
  type InvitationPreview,
} from '@glowreel/contracts';
import type { Transaction } from 'kysely';
import type { AuditActor, AuditEntry, AuditTrail } from '../audit/audit-trail.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { OWNER_ROLE } from './clinics.repository.ts';
import { isClinicRole, roleAllows, type ClinicPermission } from './clinic-roles.ts';
import type { ClinicMembersRepository, Membership } from './clinic-members.repository.ts';

/**
 * The signed-in person acting for their clinic (requireActor: the active clinic, or the one it
 * falls back to), with the session they act through and where the request came from.
 */
export interface TeamActor {
  userId: string;
  clinicId: string;
  role: string;
  sessionId: string;
  email: string;
  emailVerified: boolean;
  /** The person as the audit log records them (their request's IP and browser). */
  audit: AuditActor;
}

export interface InvitationMail {
  sendClinicInvitation(
    to: string,
    invitation: { clinicName: string; inviterName: string; role: string; link: string },
  ): void;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function planName(planId: string): string {
  return planId === 'free' ? 'Free' : (findPlan(planId)?.name ?? planId);
}

function roleName(role: string): ClinicRoleName {
  return isClinicRole(role) ? role : 'staff';
}

const NO_MEMBER = 'No such member in your clinic.';
const NO_INVITATION = 'This invitation does not exist.';

/** A team event of `actor`'s clinic about `member` (the member it concerns, by id and e-mail). */
function teamEvent(
  actor: TeamActor,
  kind: AuditEntry['kind'],
  member: { id: string; userId: string; email: string },
  details: Record<string, string> = {},
): AuditEntry {
  return {
    kind,
    accountId: actor.userId,
    clinicId: actor.clinicId,
    actor: actor.audit,
    target: { type: 'member', id: member.id },
    details: { memberUserId: member.userId, memberEmail: member.email, ...details },
  };
}

/**
 * A clinic's team (issue #21): members, roles, invitations and seats, and which clinic a
 * session acts for. The actor comes from requireActor; every method starts with the access
 * check of `membershipOf`, and every change is in the clinic's audit log with who made it.
 */
export class ClinicMembersService {
  constructor(
    private readonly members: ClinicMembersRepository,
    private readonly mail: InvitationMail,
    private readonly audit: AuditTrail,
    private readonly options: { publicUrl: string; requireVerifiedEmail: boolean },
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The person's role in a clinic, or undefined when they are not a member. */
  async roleOf(userId: string, clinicId: string): Promise<ClinicRoleName | undefined> {
    const membership = await this.members.findMembership(userId, clinicId);
    return membership ? roleName(membership.role) : undefined;
  }

  /**
   * The actor's membership of the clinic they act for, checked for `permission`: 403 when the
   * role does not allow it; 404 only when the membership ended since requireActor read it.
   */
  private async membershipOf(actor: TeamActor, permission?: ClinicPermission): Promise<Membership> {
    const membership = await this.members.findMembership(actor.userId, actor.clinicId);
    if (!membership) throw new AppError('not_found', 'You are not a member of this clinic.');
    if (permission && !roleAllows(membership.role, permission)) {
      throw new AppError('forbidden', 'Your role in this clinic does not allow this.');
    }
    return membership;
  }

  async overview(actor: TeamActor): Promise<ClinicsOverview> {
    const membership = await this.membershipOf(actor);
    const clinicId = membership.clinicId;
    const now = this.now();
    const [clinics, clinic, members, invitations, plan] = await Promise.all([
      this.members.listClinicsOf(actor.userId),
      this.members.findClinic(clinicId),
      this.members.listMembers(clinicId),
      this.members.listPendingInvitations(clinicId, now),
      this.members.findPlan(clinicId),
    ]);
    return {
      clinics: clinics.map((row) => ({
        id: row.id,
        name: row.name,
        role: roleName(row.role),
        isActive: row.id === clinicId,
      })),
      active: {
        id: clinicId,
        name: clinic?.name ?? '',
        role: roleName(membership.role),
        plan,
        members: members.map((row) => ({
          id: row.id,
          userId: row.userId,
          name: row.name,
          email: row.email,
          role: roleName(row.role),
          joinedAt: new Date(row.createdAt).toISOString(),
        })),
        invitations: invitations.map((row) => ({
          id: row.id,
          email: row.email,
          role: row.role === 'admin' ? 'admin' : 'staff',
          expiresAt: new Date(row.expiresAt).toISOString(),
        })),
        seats: { used: members.length + invitations.length, total: seatsForPlan(plan) },
      },
    };
  }

  async switchClinic(actor: TeamActor, clinicId: string): Promise<void> {
    const membership = await this.members.findMembership(actor.userId, clinicId);
    if (!membership) throw new AppError('not_found', 'You are not a member of this clinic.');
    await this.members.setActiveClinic(actor.sessionId, clinicId);
  }

  async invite(
    actor: TeamActor,
    input: { email: string; role: InvitableRole },
  ): Promise<{ id: string }> {
    const { clinicId } = await this.membershipOf(actor, { invitation: 'create' });
    const now = this.now();
    const email = input.email.toLowerCase();
    if (await this.members.isMemberByEmail(clinicId, email)) {
      throw new AppError('conflict', `${email} is already a member of this clinic.`);
    }
    if (await this.members.hasPendingInvitation(clinicId, email, now)) {
      throw new AppError(
        'conflict',
        `${email} already has a pending invitation; cancel it first to send a new one.`,
      );
    }
    const plan = await this.members.findPlan(clinicId);
    const total = seatsForPlan(plan);
    const used =
      (await this.members.countMembers(clinicId)) +
      (await this.members.listPendingInvitations(clinicId, now)).length;
    if (used >= total) throw this.seatsFull(plan, total);
    const [clinic, inviter] = await Promise.all([
      this.members.findClinic(clinicId),
      this.members
        .listMembers(clinicId)
        .then((rows) => rows.find((row) => row.userId === actor.userId)),
    ]);
    const id = await this.members.transaction(async (members, trx) => {
      const created = await members.createInvitation({
        clinicId,
        email,
        role: input.role,
        inviterId: actor.userId,
        expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS),
        now,
      });
      await this.recordInvitation(actor, 'team.invitation_sent', { id: created, email }, trx, {
        role: input.role,
      });
      return created;
    });
    this.mail.sendClinicInvitation(email, {
      clinicName: clinic?.name ?? 'a clinic',
      inviterName: inviter?.name ?? 'A colleague',
      role: input.role,
      link: `${this.options.publicUrl.replace(/\/$/, '')}/invitations/${id}`,
    });
    return { id };
  }

  /** An invitation event of the actor's clinic, naming the address it was sent to. */
  private recordInvitation(
    actor: TeamActor,
    kind: AuditEntry['kind'],
    invitation: { id: string; email: string },
    trx: Transaction<Database>,
    details: Record<string, string> = {},
  ): Promise<void> {
    return this.audit.record(
      {
        kind,
        accountId: actor.userId,
        clinicId: actor.clinicId,
        actor: actor.audit,
        target: { type: 'invitation', id: invitation.id },
        details: { email: invitation.email, ...details },
      },
      trx,
    );
  }

  private seatsFull(plan: string, total: number): AppError {
    const seats = total === 1 ? '1 seat' : `${total} seats`;
    return new AppError(
      'seats_full',
      `Every seat is taken: the ${planName(plan)} plan includes ${seats} (members and pending invitations count). Upgrade the plan or remove someone first.`,
      { plan, seats: total },
    );
  }

  async cancelInvitation(actor: TeamActor, invitationId: string): Promise<void> {
    const { clinicId } = await this.membershipOf(actor, { invitation: 'cancel' });
    const invitation = await this.members.findInvitation(invitationId);
    // Another clinic's invitation is as unknown as one that does not exist.
    if (!invitation || invitation.clinicId !== clinicId) {
      throw new AppError('not_found', NO_INVITATION);
    }
    await this.members.transaction(async (members, trx) => {
      if (!(await members.closeInvitation(invitationId, 'canceled'))) {
        throw new AppError('conflict', 'This invitation was already accepted or cancelled.');
      }
      await this.recordInvitation(actor, 'team.invitation_cancelled', invitation, trx);
    });
  }

  /** What the accept page shows; only to the invited address. */
  async previewInvitation(actor: TeamActor, invitationId: string): Promise<InvitationPreview> {
    const invitation = await this.members.findInvitation(invitationId);
    if (!invitation || invitation.email.toLowerCase() !== actor.email.toLowerCase()) {
      throw new AppError('not_found', NO_INVITATION);
    }
    const expired = invitation.status === 'pending' && invitation.expiresAt <= this.now();
    return {
      id: invitation.id,
      clinicName: invitation.clinicName,
      inviterName: invitation.inviterName,
      email: invitation.email,
      role: invitation.role === 'admin' ? 'admin' : 'staff',
      expiresAt: new Date(invitation.expiresAt).toISOString(),
      status: expired
        ? 'expired'
        : invitation.status === 'accepted'
          ? 'accepted'
          : invitation.status === 'pending'
            ? 'pending'
            : 'canceled',
    };
  }

  async acceptInvitation(actor: TeamActor, invitationId: string): Promise<{ clinicId: string }> {
    const preview = await this.previewInvitation(actor, invitationId);
    if (preview.status === 'expired') {
      throw new AppError(
        'invitation_expired',
        `This invitation expired on ${preview.expiresAt.slice(0, 10)}. Ask ${preview.inviterName} to invite you again.`,
      );
    }
    if (preview.status !== 'pending') {
      throw new AppError(
        'conflict',
        preview.status === 'accepted'
          ? 'This invitation was already used.'
          : 'This invitation was cancelled. Ask the clinic to invite you again.',
      );
    }
    if (this.options.requireVerifiedEmail && !actor.emailVerified) {
      throw new AppError(
        'email_not_verified',
        'Confirm your e-mail address first (see the link we sent you), then accept the invitation.',
      );
    }
    const invitation = await this.members.findInvitation(invitationId);
    if (!invitation) throw new AppError('not_found', NO_INVITATION);
    const now = this.now();
    await this.members.transaction(async (members, trx) => {
      if (await members.findMembership(actor.userId, invitation.clinicId)) {
        throw new AppError('conflict', 'You are already a member of this clinic.');
      }
      const plan = await members.findPlan(invitation.clinicId);
      const total = seatsForPlan(plan);
      if ((await members.countMembers(invitation.clinicId)) + 1 > total) {
        throw this.seatsFull(plan, total);
      }
      if (!(await members.closeInvitation(invitationId, 'accepted'))) {
        throw new AppError('conflict', 'This invitation was already used or cancelled.');
      }
      const role = invitation.role === 'admin' ? 'admin' : 'staff';
      const memberId = await members.addMember({
        clinicId: invitation.clinicId,
        userId: actor.userId,
        role,
        now,
      });
      await members.setActiveClinic(actor.sessionId, invitation.clinicId);
      // In the log of the clinic joined, not the one the person acted for until now.
      const joined = { ...actor, clinicId: invitation.clinicId };
      const member = { id: memberId, userId: actor.userId, email: actor.email };
      await this.audit.record(
        teamEvent(joined, 'team.invitation_accepted', member, { invitationId, role }),
        trx,
      );
    });
    return { clinicId: invitation.clinicId };
  }

  async removeMember(actor: TeamActor, memberId: string): Promise<void> {
    const membership = await this.membershipOf(actor, { member: 'delete' });
    const target = await this.memberOfSameClinic(membership, memberId);
    if (target.role === OWNER_ROLE) {
      throw new AppError(
        'forbidden',
        'The owner cannot be removed. The owner may transfer the clinic first.',
      );
    }
    await this.detach(
      target,
      teamEvent(actor, 'team.member_removed', target, { role: target.role }),
    );
  }

  async leave(actor: TeamActor): Promise<void> {
    const membership = await this.membershipOf(actor);
    const clinic = await this.members.findClinic(membership.clinicId);
    if (clinic?.personalOwnerId === actor.userId) {
      throw new AppError('conflict', 'This is your own clinic: you cannot leave it.');
    }
    if (
      membership.role === OWNER_ROLE &&
      (await this.members.countOwners(membership.clinicId)) <= 1
    ) {
      throw new AppError(
        'conflict',
        'You are the only owner: transfer the clinic to another member before leaving.',
      );
    }
    await this.detach(
      membership,
      teamEvent(actor, 'team.member_left', membership, { role: membership.role }),
    );
  }

  async changeRole(actor: TeamActor, memberId: string, role: InvitableRole): Promise<void> {
    const membership = await this.membershipOf(actor, { member: 'update' });
    const target = await this.memberOfSameClinic(membership, memberId);
    if (target.role === OWNER_ROLE) {
      throw new AppError(
        'forbidden',
        "The owner's role changes only when the owner transfers the clinic.",
      );
    }
    await this.members.transaction(async (members, trx) => {
      await members.setRole(target.id, role);
      await this.audit.record(
        teamEvent(actor, 'team.role_changed', target, { from: target.role, to: role }),
        trx,
      );
    });
  }

  async transfer(actor: TeamActor, memberId: string): Promise<void> {
    const membership = await this.membershipOf(actor, { clinic: 'transfer' });
    const target = await this.memberOfSameClinic(membership, memberId);
    if (target.id === membership.id) {
      throw new AppError('conflict', 'You already own this clinic.');
    }
    await this.members.transaction(async (members, trx) => {
      await members.setRole(target.id, OWNER_ROLE);
      await members.setRole(membership.id, 'admin');
      await members.releasePersonalClinic(membership.clinicId);
      await this.audit.record(
        teamEvent(actor, 'team.ownership_transferred', target, { from: target.role }),
        trx,
      );
    });
  }

  private async memberOfSameClinic(actor: Membership, memberId: string): Promise<Membership> {
    const target = await this.members.findMember(memberId);
    if (target?.clinicId !== actor.clinicId) throw new AppError('not_found', NO_MEMBER);
    return target;
  }

  /**
   * Ends a membership, recording `event` with it; the person's sessions that acted for the
   * clinic go back to their own.
   */
  private async detach(membership: Membership, event: AuditEntry): Promise<void> {
    const personal = await this.members.findPersonalClinicId(membership.userId);
    await this.members.transaction(async (members, trx) => {
      await this.audit.record(event, trx);
      await members.removeMember(membership.id);
      await members.moveSessions({
        userId: membership.userId,
        fromClinicId: membership.clinicId,
        toClinicId: personal ?? null,
      });
    });
  }
}
