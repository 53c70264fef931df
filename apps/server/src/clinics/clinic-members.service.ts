import {
  INVITATION_DAYS,
  seatsForPlan,
  findPlan,
  type ClinicRoleName,
  type ClinicsOverview,
  type InvitableRole,
  type InvitationPreview,
} from '@glowreel/contracts';
import { AppError } from '../errors.ts';
import { OWNER_ROLE } from './clinics.repository.ts';
import { isClinicRole, roleAllows, type ClinicPermission } from './clinic-roles.ts';
import type { ClinicMembersRepository, Membership } from './clinic-members.repository.ts';

/** The signed-in person and the session they act through. */
export interface ClinicSession {
  userId: string;
  sessionId: string;
  email: string;
  emailVerified: boolean;
  activeClinicId: string | null;
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

/**
 * A clinic's team (issue #21): members, roles, invitations and seats, and which clinic a
 * session acts for. Every method starts with the access check of `actorIn`; when the actor of
 * the whole app (requireActor) lands, that one function is where it plugs in.
 */
export class ClinicMembersService {
  constructor(
    private readonly members: ClinicMembersRepository,
    private readonly mail: InvitationMail,
    private readonly options: { publicUrl: string; requireVerifiedEmail: boolean },
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The person's role in a clinic, or undefined when they are not a member. */
  async roleOf(userId: string, clinicId: string): Promise<ClinicRoleName | undefined> {
    const membership = await this.members.findMembership(userId, clinicId);
    return membership ? roleName(membership.role) : undefined;
  }

  /**
   * The session's membership of its active clinic, checked for `permission`: 404 when the
   * session acts for a clinic it no longer belongs to, 403 when the role does not allow it.
   */
  private async actorIn(
    session: ClinicSession,
    permission?: ClinicPermission,
  ): Promise<Membership> {
    const clinicId = await this.activeClinicId(session);
    const membership = await this.members.findMembership(session.userId, clinicId);
    if (!membership) throw new AppError('not_found', 'You are not a member of this clinic.');
    if (permission && !roleAllows(membership.role, permission)) {
      throw new AppError('forbidden', 'Your role in this clinic does not allow this.');
    }
    return membership;
  }

  /** The active clinic if the person still belongs to it, else their personal clinic. */
  private async activeClinicId(session: ClinicSession): Promise<string> {
    if (session.activeClinicId) {
      const membership = await this.members.findMembership(session.userId, session.activeClinicId);
      if (membership) return session.activeClinicId;
    }
    const personal = await this.members.findPersonalClinicId(session.userId);
    if (!personal) throw new AppError('not_found', 'You do not belong to any clinic yet.');
    await this.members.setActiveClinic(session.sessionId, personal);
    return personal;
  }

  async overview(session: ClinicSession): Promise<ClinicsOverview> {
    const membership = await this.actorIn(session);
    const clinicId = membership.clinicId;
    const now = this.now();
    const [clinics, clinic, members, invitations, plan] = await Promise.all([
      this.members.listClinicsOf(session.userId),
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

  async switchClinic(session: ClinicSession, clinicId: string): Promise<void> {
    const membership = await this.members.findMembership(session.userId, clinicId);
    if (!membership) throw new AppError('not_found', 'You are not a member of this clinic.');
    await this.members.setActiveClinic(session.sessionId, clinicId);
  }

  async invite(
    session: ClinicSession,
    input: { email: string; role: InvitableRole },
  ): Promise<{ id: string }> {
    const actor = await this.actorIn(session, { invitation: 'create' });
    const clinicId = actor.clinicId;
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
        .then((rows) => rows.find((row) => row.userId === session.userId)),
    ]);
    const id = await this.members.createInvitation({
      clinicId,
      email,
      role: input.role,
      inviterId: session.userId,
      expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS),
      now,
    });
    this.mail.sendClinicInvitation(email, {
      clinicName: clinic?.name ?? 'a clinic',
      inviterName: inviter?.name ?? 'A colleague',
      role: input.role,
      link: `${this.options.publicUrl.replace(/\/$/, '')}/invitations/${id}`,
    });
    return { id };
  }

  private seatsFull(plan: string, total: number): AppError {
    const seats = total === 1 ? '1 seat' : `${total} seats`;
    return new AppError(
      'seats_full',
      `Every seat is taken: the ${planName(plan)} plan includes ${seats} (members and pending invitations count). Upgrade the plan or remove someone first.`,
      { plan, seats: total },
    );
  }

  async cancelInvitation(session: ClinicSession, invitationId: string): Promise<void> {
    const actor = await this.actorIn(session, { invitation: 'cancel' });
    const invitation = await this.members.findInvitation(invitationId);
    // Another clinic's invitation is as unknown as one that does not exist.
    if (invitation?.clinicId !== actor.clinicId) throw new AppError('not_found', NO_INVITATION);
    if (!(await this.members.closeInvitation(invitationId, 'canceled'))) {
      throw new AppError('conflict', 'This invitation was already accepted or cancelled.');
    }
  }

  /** What the accept page shows; only to the invited address. */
  async previewInvitation(
    session: ClinicSession,
    invitationId: string,
  ): Promise<InvitationPreview> {
    const invitation = await this.members.findInvitation(invitationId);
    if (!invitation || invitation.email.toLowerCase() !== session.email.toLowerCase()) {
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

  async acceptInvitation(
    session: ClinicSession,
    invitationId: string,
  ): Promise<{ clinicId: string }> {
    const preview = await this.previewInvitation(session, invitationId);
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
    if (this.options.requireVerifiedEmail && !session.emailVerified) {
      throw new AppError(
        'email_not_verified',
        'Confirm your e-mail address first (see the link we sent you), then accept the invitation.',
      );
    }
    const invitation = await this.members.findInvitation(invitationId);
    if (!invitation) throw new AppError('not_found', NO_INVITATION);
    const now = this.now();
    await this.members.transaction(async (members) => {
      if (await members.findMembership(session.userId, invitation.clinicId)) {
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
      await members.addMember({
        clinicId: invitation.clinicId,
        userId: session.userId,
        role: invitation.role === 'admin' ? 'admin' : 'staff',
        now,
      });
      await members.setActiveClinic(session.sessionId, invitation.clinicId);
    });
    return { clinicId: invitation.clinicId };
  }

  async removeMember(session: ClinicSession, memberId: string): Promise<void> {
    const actor = await this.actorIn(session, { member: 'delete' });
    const target = await this.memberOfSameClinic(actor, memberId);
    if (target.role === OWNER_ROLE) {
      throw new AppError(
        'forbidden',
        'The owner cannot be removed. The owner may transfer the clinic first.',
      );
    }
    await this.detach(target);
  }

  async leave(session: ClinicSession): Promise<void> {
    const actor = await this.actorIn(session);
    const clinic = await this.members.findClinic(actor.clinicId);
    if (clinic?.personalOwnerId === session.userId) {
      throw new AppError('conflict', 'This is your own clinic: you cannot leave it.');
    }
    if (actor.role === OWNER_ROLE && (await this.members.countOwners(actor.clinicId)) <= 1) {
      throw new AppError(
        'conflict',
        'You are the only owner: transfer the clinic to another member before leaving.',
      );
    }
    await this.detach(actor);
  }

  async changeRole(session: ClinicSession, memberId: string, role: InvitableRole): Promise<void> {
    const actor = await this.actorIn(session, { member: 'update' });
    const target = await this.memberOfSameClinic(actor, memberId);
    if (target.role === OWNER_ROLE) {
      throw new AppError(
        'forbidden',
        "The owner's role changes only when the owner transfers the clinic.",
      );
    }
    await this.members.setRole(target.id, role);
  }

  async transfer(session: ClinicSession, memberId: string): Promise<void> {
    const actor = await this.actorIn(session, { clinic: 'transfer' });
    const target = await this.memberOfSameClinic(actor, memberId);
    if (target.id === actor.id) throw new AppError('conflict', 'You already own this clinic.');
    await this.members.transaction(async (members) => {
      await members.setRole(target.id, OWNER_ROLE);
      await members.setRole(actor.id, 'admin');
    });
  }

  private async memberOfSameClinic(actor: Membership, memberId: string): Promise<Membership> {
    const target = await this.members.findMember(memberId);
    if (target?.clinicId !== actor.clinicId) throw new AppError('not_found', NO_MEMBER);
    return target;
  }

  /** Ends a membership; the person's sessions that acted for the clinic go back to their own. */
  private async detach(membership: Membership): Promise<void> {
    const personal = await this.members.findPersonalClinicId(membership.userId);
    await this.members.transaction(async (members) => {
      await members.removeMember(membership.id);
      await members.moveSessions({
        userId: membership.userId,
        fromClinicId: membership.clinicId,
        toClinicId: personal ?? null,
      });
    });
  }
}
