import type { ClinicsOverview, ErrorBody } from '@glowreel/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { linkIn, outboxFor } from '../testing/outbox-mail.ts';
import { signUpForCookie } from '../testing/session-cookie.ts';
import { coreDependencies } from '../testing/test-app.ts';
import { DATABASE_KINDS, openTestRuntime, type TestRuntime } from '../testing/test-runtime.ts';

const ORIGIN = 'http://localhost:3999';

function errorOf(response: LightMyRequestResponse): ErrorBody['error'] {
  return response.json<ErrorBody>().error;
}

interface Person {
  cookie: string;
  userId: string;
  email: string;
}

describe.each(DATABASE_KINDS)('clinic teams on %s', (kind) => {
  let test: TestRuntime;
  let app: FastifyInstance;

  beforeAll(async () => {
    test = await openTestRuntime(kind);
    app = await buildApp(coreDependencies(test));
  });

  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  const db = () => test.runtime.database.db;

  function call(
    person: Person | null,
    method: 'GET' | 'POST' | 'DELETE' | 'PATCH',
    url: string,
    payload?: object,
  ) {
    return app.inject({
      method,
      url,
      headers: { origin: ORIGIN, ...(person ? { cookie: person.cookie } : {}) },
      ...(payload ? { payload } : {}),
    });
  }

  async function overview(person: Person): Promise<ClinicsOverview> {
    const response = await call(person, 'GET', '/api/clinics');
    expect(response.statusCode).toBe(200);
    return response.json<ClinicsOverview>();
  }

  /** An owner whose clinic is on `plan`. */
  async function owner(plan = 'pro'): Promise<Person & { clinicId: string }> {
    const person = await signUpForCookie(app, ORIGIN);
    await db().updateTable('profiles').set({ plan }).where('user_id', '=', person.userId).execute();
    return { ...person, clinicId: (await overview(person)).active.id };
  }

  async function invite(inviter: Person, email: string, role = 'staff') {
    return call(inviter, 'POST', '/api/clinics/invitations', { email, role });
  }

  /** A new account invited by `inviter` that accepted: a member of the inviter's clinic. */
  async function teammate(inviter: Person, role = 'staff') {
    const person = await signUpForCookie(app, ORIGIN);
    const invited = await invite(inviter, person.email, role);
    expect(invited.statusCode).toBe(201);
    const { id } = invited.json<{ id: string }>();
    expect((await call(person, 'POST', `/api/clinics/invitations/${id}/accept`)).statusCode).toBe(
      200,
    );
    const member = (await overview(inviter)).active.members.find(
      (row) => row.userId === person.userId,
    );
    return { ...person, memberId: member!.id };
  }

  /** The rows of a clinic's team, to show that a refused request changed nothing. */
  async function teamRows(clinicId: string) {
    const [members, invitations] = await Promise.all([
      db()
        .selectFrom('member')
        .select(['id', 'userId', 'role'])
        .where('organizationId', '=', clinicId)
        .orderBy('id')
        .execute(),
      db()
        .selectFrom('invitation')
        .select(['id', 'email', 'status', 'role'])
        .where('organizationId', '=', clinicId)
        .orderBy('id')
        .execute(),
    ]);
    return { members, invitations };
  }

  async function activeClinicOfSessions(userId: string) {
    const rows = await db()
      .selectFrom('session')
      .select('activeOrganizationId')
      .where('userId', '=', userId)
      .execute();
    return rows.map((row) => row.activeOrganizationId);
  }

  it('asks for a session', async () => {
    const response = await call(null, 'GET', '/api/clinics');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { code: 'unauthorized' } });
  });

  it('shows a new account its personal clinic, its owner and one seat of the free plan', async () => {
    const person = await signUpForCookie(app, ORIGIN);
    const { clinics, active } = await overview(person);
    expect(clinics).toEqual([
      { id: active.id, name: 'Test Clinic', role: 'owner', isActive: true },
    ]);
    expect(active).toMatchObject({
      role: 'owner',
      plan: 'free',
      invitations: [],
      seats: { used: 1, total: 1 },
    });
    expect(active.members).toEqual([
      expect.objectContaining({ userId: person.userId, email: person.email, role: 'owner' }),
    ]);
  });

  it('mails an invitation whose link the invited person accepts, joining and acting for the clinic', async () => {
    const boss = await owner('starter');
    const invitee = await signUpForCookie(app, ORIGIN);
    const invited = await invite(boss, invitee.email.toUpperCase(), 'staff');
    expect(invited.statusCode).toBe(201);
    const { id } = invited.json<{ id: string }>();

    const mail = (await outboxFor(test.runtime, invitee.email)).find((kept) =>
      kept.subject.includes('invited you'),
    );
    expect(mail?.subject).toContain('invited you to Test Clinic');
    expect(linkIn(mail, test.config.publicUrl)).toBe(`${test.config.publicUrl}/invitations/${id}`);

    const pending = await overview(boss);
    expect(pending.active.invitations).toEqual([
      expect.objectContaining({ id, email: invitee.email, role: 'staff' }),
    ]);
    const expires = Date.parse(pending.active.invitations[0]!.expiresAt) - Date.now();
    expect(expires).toBeGreaterThan(6.9 * 24 * 3600_000);
    expect(expires).toBeLessThanOrEqual(7 * 24 * 3600_000);
    expect(pending.active.seats).toEqual({ used: 2, total: 2 });

    const preview = await call(invitee, 'GET', `/api/clinics/invitations/${id}`);
    expect(preview.json()).toMatchObject({
      clinicName: 'Test Clinic',
      inviterName: 'Test Clinic',
      status: 'pending',
    });

    const accepted = await call(invitee, 'POST', `/api/clinics/invitations/${id}/accept`);
    expect(accepted.json()).toEqual({ clinicId: boss.clinicId });
    const joined = await overview(invitee);
    expect(joined.active).toMatchObject({
      id: boss.clinicId,
      role: 'staff',
      seats: { used: 2, total: 2 },
    });
    expect(joined.clinics).toHaveLength(2);
    expect(await activeClinicOfSessions(invitee.userId)).toEqual([boss.clinicId]);
    expect((await overview(boss)).active.invitations).toEqual([]);
  });

  it('refuses an invitation from staff with a 403 and keeps the team as it was', async () => {
    const boss = await owner();
    const staff = await teammate(boss);
    const before = await teamRows(boss.clinicId);
    const response = await invite(staff, 'someone@spa.example');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: 'forbidden' } });
    expect(await teamRows(boss.clinicId)).toEqual(before);
  });

  it('lets an admin invite', async () => {
    const boss = await owner();
    const admin = await teammate(boss, 'admin');
    expect((await invite(admin, 'new-hire@spa.example')).statusCode).toBe(201);
  });

  it('refuses an invitation beyond the seats of the plan, naming the plan and its seats', async () => {
    const free = await owner('free');
    const refused = await invite(free, 'x@spa.example');
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({
      code: 'seats_full',
      details: { plan: 'free', seats: 1 },
    });
    expect(errorOf(refused).message).toContain('Free plan includes 1 seat');

    const starter = await owner('starter');
    expect((await invite(starter, 'first@spa.example')).statusCode).toBe(201);
    const before = await teamRows(starter.clinicId);
    const second = await invite(starter, 'second@spa.example');
    expect(second.statusCode).toBe(409);
    expect(errorOf(second).message).toContain('Starter plan includes 2 seats');
    expect(await teamRows(starter.clinicId)).toEqual(before);
    expect(await outboxFor(test.runtime, 'second@spa.example')).toEqual([]);
  });

  it('refuses a second pending invitation and an invitation of a member', async () => {
    const boss = await owner();
    const staff = await teammate(boss);
    expect((await invite(boss, 'twice@spa.example')).statusCode).toBe(201);
    const before = await teamRows(boss.clinicId);
    const again = await invite(boss, 'twice@spa.example', 'admin');
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toContain('already has a pending invitation');
    const member = await invite(boss, staff.email);
    expect(member.statusCode).toBe(409);
    expect(errorOf(member).message).toContain('already a member');
    expect(await teamRows(boss.clinicId)).toEqual(before);
  });

  it('refuses bad input with the field named', async () => {
    const boss = await owner();
    const badEmail = await invite(boss, 'not-an-address');
    expect(badEmail.statusCode).toBe(400);
    expect(errorOf(badEmail).details).toEqual({ field: 'email' });
    const ownerRole = await invite(boss, 'x@spa.example', 'owner');
    expect(ownerRole.statusCode).toBe(400);
    expect(errorOf(ownerRole).message).toContain('role must be "admin" or "staff"');
    // An id no row could have (a NUL byte the database would refuse) is simply not found.
    const nul = await call(boss, 'DELETE', '/api/clinics/members/a%00b');
    expect(nul.statusCode).toBe(404);
    const badClinic = await call(boss, 'POST', '/api/clinics/active', { clinicId: 'a\u0000b' });
    expect(badClinic.statusCode).toBe(400);
    expect(errorOf(badClinic).details).toEqual({ field: 'clinicId' });
  });

  it('refuses an expired invitation with a 410 and adds nobody', async () => {
    const boss = await owner();
    const invitee = await signUpForCookie(app, ORIGIN);
    const { id } = (await invite(boss, invitee.email)).json<{ id: string }>();
    await db()
      .updateTable('invitation')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    const before = await teamRows(boss.clinicId);
    const response = await call(invitee, 'POST', `/api/clinics/invitations/${id}/accept`);
    expect(response.statusCode).toBe(410);
    expect(errorOf(response)).toMatchObject({ code: 'invitation_expired' });
    expect(errorOf(response).message).toContain('expired');
    expect(await teamRows(boss.clinicId)).toEqual(before);
    expect(await activeClinicOfSessions(invitee.userId)).not.toContain(boss.clinicId);
  });

  it('refuses a used or a cancelled invitation', async () => {
    const boss = await owner();
    const invitee = await signUpForCookie(app, ORIGIN);
    const { id } = (await invite(boss, invitee.email)).json<{ id: string }>();
    expect((await call(invitee, 'POST', `/api/clinics/invitations/${id}/accept`)).statusCode).toBe(
      200,
    );
    const reused = await call(invitee, 'POST', `/api/clinics/invitations/${id}/accept`);
    expect(reused.statusCode).toBe(409);
    expect(errorOf(reused).message).toBe('This invitation was already used.');

    const other = await signUpForCookie(app, ORIGIN);
    const second = (await invite(boss, other.email)).json<{ id: string }>();
    expect((await call(boss, 'DELETE', `/api/clinics/invitations/${second.id}`)).statusCode).toBe(
      204,
    );
    const before = await teamRows(boss.clinicId);
    const cancelled = await call(other, 'POST', `/api/clinics/invitations/${second.id}/accept`);
    expect(cancelled.statusCode).toBe(409);
    expect(errorOf(cancelled).message).toContain('cancelled');
    expect(await teamRows(boss.clinicId)).toEqual(before);
  });

  it("does not let anyone accept or see someone else's invitation", async () => {
    const boss = await owner();
    const { id } = (await invite(boss, 'intended@spa.example')).json<{ id: string }>();
    const stranger = await signUpForCookie(app, ORIGIN);
    const before = await teamRows(boss.clinicId);
    expect((await call(stranger, 'GET', `/api/clinics/invitations/${id}`)).statusCode).toBe(404);
    const response = await call(stranger, 'POST', `/api/clinics/invitations/${id}/accept`);
    expect(response.statusCode).toBe(404);
    expect(await teamRows(boss.clinicId)).toEqual(before);
  });

  it('refuses to accept when the seats filled up after the invitation', async () => {
    const boss = await owner('pro');
    const invitee = await signUpForCookie(app, ORIGIN);
    const { id } = (await invite(boss, invitee.email)).json<{ id: string }>();
    await db()
      .updateTable('profiles')
      .set({ plan: 'free' })
      .where('user_id', '=', boss.userId)
      .execute();
    const before = await teamRows(boss.clinicId);
    const response = await call(invitee, 'POST', `/api/clinics/invitations/${id}/accept`);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe('seats_full');
    expect(await teamRows(boss.clinicId)).toEqual(before);
  });

  it('does not let an admin of another clinic cancel an invitation', async () => {
    const boss = await owner();
    const { id } = (await invite(boss, 'kept@spa.example')).json<{ id: string }>();
    const otherBoss = await owner();
    const otherAdmin = await teammate(otherBoss, 'admin');
    const before = await teamRows(boss.clinicId);
    for (const person of [otherBoss, otherAdmin]) {
      const response = await call(person, 'DELETE', `/api/clinics/invitations/${id}`);
      expect(response.statusCode).toBe(404);
    }
    expect(await teamRows(boss.clinicId)).toEqual(before);
  });

  it("removes a member and points the member's sessions back at their own clinic", async () => {
    const boss = await owner();
    const staff = await teammate(boss);
    const personal = (await overview(staff)).clinics.find((clinic) => clinic.id !== boss.clinicId)!;
    expect((await call(boss, 'DELETE', `/api/clinics/members/${staff.memberId}`)).statusCode).toBe(
      204,
    );
    expect(await activeClinicOfSessions(staff.userId)).toEqual([personal.id]);
    const after = await overview(staff);
    expect(after.active.id).toBe(personal.id);
    expect(after.clinics.map((clinic) => clinic.id)).toEqual([personal.id]);
    const back = await call(staff, 'POST', '/api/clinics/active', { clinicId: boss.clinicId });
    expect(back.statusCode).toBe(404);
  });

  it('never removes the owner, and keeps staff from removing anyone', async () => {
    const boss = await owner();
    const admin = await teammate(boss, 'admin');
    const staff = await teammate(boss);
    const ownerMemberId = (await overview(boss)).active.members.find(
      (row) => row.role === 'owner',
    )!.id;
    const before = await teamRows(boss.clinicId);
    for (const [person, memberId] of [
      [admin, ownerMemberId],
      [boss, ownerMemberId],
      [staff, admin.memberId],
    ] as const) {
      expect((await call(person, 'DELETE', `/api/clinics/members/${memberId}`)).statusCode).toBe(
        403,
      );
    }
    expect(await teamRows(boss.clinicId)).toEqual(before);
  });

  it('lets a member leave but not the only owner', async () => {
    const boss = await owner();
    const staff = await teammate(boss);
    const only = await call(boss, 'POST', '/api/clinics/leave');
    expect(only.statusCode).toBe(409);
    expect(errorOf(only).message).toContain('own clinic');
    expect((await call(staff, 'POST', '/api/clinics/leave')).statusCode).toBe(204);
    expect((await overview(boss)).active.members).toHaveLength(1);
    expect((await overview(staff)).active.id).not.toBe(boss.clinicId);
  });

  it('transfers the clinic: the member becomes owner, the owner an admin', async () => {
    const boss = await owner();
    const staff = await teammate(boss);
    const refused = await call(staff, 'POST', '/api/clinics/transfer', {
      memberId: staff.memberId,
    });
    expect(refused.statusCode).toBe(403);
    expect(
      (await call(boss, 'POST', '/api/clinics/transfer', { memberId: staff.memberId })).statusCode,
    ).toBe(204);
    const roles = Object.fromEntries(
      (await overview(boss)).active.members.map((row) => [row.userId, row.role]),
    );
    expect(roles).toEqual({ [boss.userId]: 'admin', [staff.userId]: 'owner' });
    // It is no longer the first owner's personal clinic: they may leave it, and it stays.
    const clinic = await test.runtime.database.db
      .selectFrom('organization')
      .select('personalOwnerId')
      .where('id', '=', boss.clinicId)
      .executeTakeFirstOrThrow();
    expect(clinic.personalOwnerId).toBeNull();
    expect((await call(boss, 'POST', '/api/clinics/leave')).statusCode).toBe(204);
    expect((await overview(boss)).active.id).not.toBe(boss.clinicId);
    expect((await overview(staff)).active.members.map((row) => row.userId)).toEqual([staff.userId]);
  });

  it('changes roles between admin and staff only, for admins and owners', async () => {
    const boss = await owner();
    const staff = await teammate(boss);
    const admin = await teammate(boss, 'admin');
    expect(
      (await call(staff, 'PATCH', `/api/clinics/members/${admin.memberId}`, { role: 'staff' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(admin, 'PATCH', `/api/clinics/members/${staff.memberId}`, { role: 'owner' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call(admin, 'PATCH', `/api/clinics/members/${staff.memberId}`, { role: 'admin' }))
        .statusCode,
    ).toBe(200);
    const roles = (await overview(boss)).active.members.map((row) => row.role);
    expect(roles).toEqual(['owner', 'admin', 'admin']);
  });

  it('gives a person who belongs to no clinic any more a new clinic of their own, not a 404', async () => {
    const person = await signUpForCookie(app, ORIGIN);
    const before = await overview(person);
    await db().deleteFrom('member').where('userId', '=', person.userId).execute();
    const after = await overview(person);
    expect(after.active).toMatchObject({ role: 'owner', plan: 'free' });
    expect(after.active.id).not.toBe(before.active.id);
    expect(after.clinics).toEqual([
      { id: after.active.id, name: 'Test Clinic', role: 'owner', isActive: true },
    ]);
  });

  it('switches only to a clinic the person belongs to', async () => {
    const boss = await owner();
    const staff = await teammate(boss);
    const personal = (await overview(staff)).clinics.find((clinic) => clinic.id !== boss.clinicId)!;
    expect(
      (await call(staff, 'POST', '/api/clinics/active', { clinicId: personal.id })).statusCode,
    ).toBe(200);
    expect((await overview(staff)).active).toMatchObject({ id: personal.id, role: 'owner' });
    const stranger = await owner();
    const refused = await call(staff, 'POST', '/api/clinics/active', {
      clinicId: stranger.clinicId,
    });
    expect(refused.statusCode).toBe(404);
    expect((await overview(staff)).active.id).toBe(personal.id);
  });
});

describe('accepting an invitation where e-mail verification is required', () => {
  let test: TestRuntime;
  let app: FastifyInstance;

  beforeAll(async () => {
    test = await openTestRuntime('pglite', { REQUIRE_EMAIL_VERIFICATION: 'true' });
    app = await buildApp(coreDependencies(test));
  });

  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  it('asks for a confirmed address first, then lets the same invitation be accepted', async () => {
    const boss = await signUpForCookie(app, ORIGIN);
    const db = test.runtime.database.db;
    await db
      .updateTable('profiles')
      .set({ plan: 'pro' })
      .where('user_id', '=', boss.userId)
      .execute();
    const invitee = await signUpForCookie(app, ORIGIN);
    const headers = (person: Person) => ({ origin: ORIGIN, cookie: person.cookie });
    const invited = await app.inject({
      method: 'POST',
      url: '/api/clinics/invitations',
      headers: headers(boss),
      payload: { email: invitee.email, role: 'staff' },
    });
    const { id } = invited.json<{ id: string }>();
    const accept = () =>
      app.inject({
        method: 'POST',
        url: `/api/clinics/invitations/${id}/accept`,
        headers: headers(invitee),
      });
    const refused = await accept();
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('email_not_verified');
    await db
      .updateTable('user')
      .set({ emailVerified: true })
      .where('id', '=', invitee.userId)
      .execute();
    expect((await accept()).statusCode).toBe(200);
  });
});
