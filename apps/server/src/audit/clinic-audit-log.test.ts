import { auditLogPageSchema, type AuditEvent, type AuditEventKind } from '@glowreel/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openDataRights, type DataRights } from '../data-rights/open-data-rights.ts';
import { insertConsent } from '../db/consent-records.repository.ts';
import { engineImageInspector } from '../engine/engine-image-inspector.ts';
import { addClinicMember, personalClinicOf, setActiveClinic } from '../testing/clinic-members.ts';
import { FakeRenderer } from '../testing/fake-renderer.ts';
import { signUpForCookie } from '../testing/session-cookie.ts';
import { coreDependencies } from '../testing/test-app.ts';
import { DATABASE_KINDS, openTestRuntime, type TestRuntime } from '../testing/test-runtime.ts';
import { insertVideoRow } from '../testing/video-rows.ts';
import { openVideoPipeline, type VideoPipeline } from '../video-pipeline.ts';

// Issue #21: the audit log is the clinic's. An owner or admin deletes and revokes for the
// clinic whoever made the video, the log names the member who did it, team changes are in
// it, staff cannot read it and another clinic never sees a line of it.

const ORIGIN = 'http://localhost:3999';

interface Person {
  cookie: string;
  userId: string;
  email: string;
}

describe.each(DATABASE_KINDS)("a clinic's audit log on %s", (kind) => {
  let test: TestRuntime;
  let pipeline: VideoPipeline;
  let dataRights: DataRights;
  let app: FastifyInstance;

  beforeAll(async () => {
    test = await openTestRuntime(kind);
    const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
    pipeline = await openVideoPipeline(test.config, test.runtime, {
      renderer: new FakeRenderer(),
      inspector: engineImageInspector,
      log: quiet,
    });
    // The real audit log, so a deletion's event is read back through GET /api/audit-log.
    dataRights = openDataRights(test.config, test.runtime, pipeline, {
      audit: test.runtime.audit,
      readAuditLog: (accountId) => test.runtime.audit.all(accountId),
      log: quiet,
    });
    app = await buildApp({ ...coreDependencies(test), videoPipeline: pipeline, dataRights });
    await app.ready();
  }, 180_000);
  afterAll(async () => {
    await app.close();
    await dataRights.close();
    await pipeline.close();
    await test.dispose();
  });

  const db = () => test.runtime.database.db;

  function call(
    person: Person,
    method: 'GET' | 'POST' | 'DELETE' | 'PATCH',
    url: string,
    payload?: object,
  ) {
    return app.inject({
      method,
      url,
      headers: { origin: ORIGIN, cookie: person.cookie },
      ...(payload ? { payload } : {}),
    });
  }

  async function logOf(person: Person, kind?: AuditEventKind): Promise<AuditEvent[]> {
    const response = await call(
      person,
      'GET',
      `/api/audit-log?limit=100${kind ? `&kind=${kind}` : ''}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return auditLogPageSchema.parse(response.json()).events;
  }

  /** An owner on the Pro plan (5 seats) and their clinic. */
  async function owner(): Promise<Person & { clinicId: string }> {
    const person = await signUpForCookie(app, ORIGIN);
    await db()
      .updateTable('profiles')
      .set({ plan: 'pro' })
      .where('user_id', '=', person.userId)
      .execute();
    return { ...person, clinicId: await personalClinicOf(db(), person.userId) };
  }

  /** A new account that is a member of `clinicId` with `role`, acting for it. */
  async function member(clinicId: string, role: 'admin' | 'staff'): Promise<Person> {
    const person = await signUpForCookie(app, ORIGIN);
    await addClinicMember(db(), clinicId, person.userId, role);
    await setActiveClinic(db(), person.userId, clinicId);
    return person;
  }

  /** A finished video `maker` made for `clinicId`, with the consent they attested. */
  async function videoBy(maker: Person, clinicId: string): Promise<string> {
    const videoId = await insertVideoRow(test.runtime, maker.userId, { clinic_id: clinicId });
    await insertConsent(db(), {
      id: crypto.randomUUID(),
      videoId,
      userId: maker.userId,
      attestedByUserId: maker.userId,
      attestedByName: 'Staff Member',
      ipAddress: null,
      userAgent: null,
      patientReference: null,
      channels: ['website'],
      expiresAt: null,
    });
    return videoId;
  }

  it("lets an admin delete a staff member's video and revoke another's consent, and names the admin in the clinic's log", async () => {
    const boss = await owner();
    const admin = await member(boss.clinicId, 'admin');
    const staff = await member(boss.clinicId, 'staff');
    const deleted = await videoBy(staff, boss.clinicId);
    const revoked = await videoBy(staff, boss.clinicId);

    expect((await call(admin, 'DELETE', `/api/videos/${deleted}`)).statusCode).toBe(204);
    const revocation = await call(admin, 'POST', `/api/videos/${revoked}/consent/revoke`, {
      reason: 'Patient asked.',
    });
    expect(revocation.statusCode, revocation.body).toBe(200);

    const video = await db()
      .selectFrom('videos')
      .select('status')
      .where('id', '=', deleted)
      .executeTakeFirstOrThrow();
    expect(video.status).toBe('deleted');
    const consent = await db()
      .selectFrom('consent_records')
      .select(['revoked_at', 'revoked_by_user_id'])
      .where('video_id', '=', revoked)
      .executeTakeFirstOrThrow();
    expect(consent.revoked_at).not.toBeNull();
    expect(consent.revoked_by_user_id).toBe(admin.userId);

    for (const reader of [boss, admin]) {
      const events = (await logOf(reader)).filter((event) =>
        ['video.deleted', 'consent.revoked'].includes(event.kind),
      );
      expect(events.map((event) => [event.kind, event.actor.userId])).toEqual([
        ['consent.revoked', admin.userId],
        ['video.deleted', admin.userId],
      ]);
      for (const event of events) expect(event.actor.label).toContain(admin.email);
      expect(events[1]!.target).toEqual({ type: 'video', id: deleted });
      expect(events[0]!.details).toMatchObject({ videoId: revoked });
    }
    // Nothing of it lands in the admin's or the staff member's personal clinic's log.
    for (const person of [admin, staff]) {
      await setActiveClinic(db(), person.userId, await personalClinicOf(db(), person.userId));
      const own = await logOf(person);
      expect(own.map((event) => event.kind)).not.toContain('video.deleted');
      expect(own.map((event) => event.kind)).not.toContain('consent.revoked');
      await setActiveClinic(db(), person.userId, boss.clinicId);
    }
  });

  it('keeps staff from the log, from deleting and from revoking (403), and changes nothing', async () => {
    const boss = await owner();
    const staff = await member(boss.clinicId, 'staff');
    const videoId = await videoBy(boss, boss.clinicId);
    for (const [method, url, payload] of [
      ['GET', '/api/audit-log', undefined],
      ['DELETE', `/api/videos/${videoId}`, undefined],
      ['POST', `/api/videos/${videoId}/consent/revoke`, { reason: 'No.' }],
    ] as const) {
      const response = await call(staff, method, url, payload);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 403 });
    }
    const video = await db()
      .selectFrom('videos')
      .select('status')
      .where('id', '=', videoId)
      .executeTakeFirstOrThrow();
    expect(video.status).toBe('completed');
  });

  it("gives another clinic 404 for the clinic's videos and none of its events", async () => {
    const boss = await owner();
    const admin = await member(boss.clinicId, 'admin');
    const staff = await member(boss.clinicId, 'staff');
    const stranger = await owner();
    // The stranger's own clinic has an event of its own, so an empty log proves nothing.
    const theirVideo = await videoBy(stranger, stranger.clinicId);
    expect((await call(stranger, 'DELETE', `/api/videos/${theirVideo}`)).statusCode).toBe(204);
    const videoId = await videoBy(staff, boss.clinicId);
    expect((await call(stranger, 'DELETE', `/api/videos/${videoId}`)).statusCode).toBe(404);
    const refused = await call(stranger, 'POST', `/api/videos/${videoId}/consent/revoke`, {
      reason: 'No.',
    });
    expect(refused.statusCode).toBe(404);
    expect((await call(admin, 'DELETE', `/api/videos/${videoId}`)).statusCode).toBe(204);

    const theirs = await logOf(stranger);
    expect(theirs.map((event) => event.target)).toEqual([{ type: 'video', id: theirVideo }]);
    for (const event of theirs) {
      expect(event.actor.userId).toBe(stranger.userId);
      expect(JSON.stringify(event)).not.toContain(videoId);
    }
  });

  it('records every team change once, naming who did it and the member it concerns', async () => {
    const boss = await owner();
    const admin = await member(boss.clinicId, 'admin');
    const invitee = await signUpForCookie(app, ORIGIN);
    const leaver = await signUpForCookie(app, ORIGIN);

    const invite = async (email: string) => {
      const response = await call(admin, 'POST', '/api/clinics/invitations', {
        email,
        role: 'staff',
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: string }>().id;
    };
    const cancelled = await invite('nobody@clinic.example');
    expect((await call(admin, 'DELETE', `/api/clinics/invitations/${cancelled}`)).statusCode).toBe(
      204,
    );
    const accepted = await invite(invitee.email);
    expect(
      (await call(invitee, 'POST', `/api/clinics/invitations/${accepted}/accept`)).statusCode,
    ).toBe(200);
    const left = await invite(leaver.email);
    expect((await call(leaver, 'POST', `/api/clinics/invitations/${left}/accept`)).statusCode).toBe(
      200,
    );

    const memberIdOf = async (userId: string) =>
      (
        await db()
          .selectFrom('member')
          .select('id')
          .where('organizationId', '=', boss.clinicId)
          .where('userId', '=', userId)
          .executeTakeFirstOrThrow()
      ).id;
    const inviteeMember = await memberIdOf(invitee.userId);
    const adminMember = await memberIdOf(admin.userId);
    const roleChange = await call(admin, 'PATCH', `/api/clinics/members/${inviteeMember}`, {
      role: 'admin',
    });
    expect(roleChange.statusCode).toBe(200);
    expect((await call(admin, 'DELETE', `/api/clinics/members/${inviteeMember}`)).statusCode).toBe(
      204,
    );
    const leaverMember = await memberIdOf(leaver.userId);
    expect((await call(leaver, 'POST', '/api/clinics/leave')).statusCode).toBe(204);
    const transfer = await call(boss, 'POST', '/api/clinics/transfer', { memberId: adminMember });
    expect(transfer.statusCode).toBe(204);

    const team = (await logOf(boss)).filter((event) => event.kind.startsWith('team.'));
    const seen = team
      .map((event) => ({
        kind: event.kind,
        by: event.actor.userId,
        target: event.target,
        member: event.details.memberUserId ?? event.details.email,
      }))
      .reverse();
    expect(seen).toEqual([
      {
        kind: 'team.invitation_sent',
        by: admin.userId,
        target: { type: 'invitation', id: cancelled },
        member: 'nobody@clinic.example',
      },
      {
        kind: 'team.invitation_cancelled',
        by: admin.userId,
        target: { type: 'invitation', id: cancelled },
        member: 'nobody@clinic.example',
      },
      {
        kind: 'team.invitation_sent',
        by: admin.userId,
        target: { type: 'invitation', id: accepted },
        member: invitee.email.toLowerCase(),
      },
      {
        kind: 'team.invitation_accepted',
        by: invitee.userId,
        target: { type: 'member', id: inviteeMember },
        member: invitee.userId,
      },
      {
        kind: 'team.invitation_sent',
        by: admin.userId,
        target: { type: 'invitation', id: left },
        member: leaver.email.toLowerCase(),
      },
      {
        kind: 'team.invitation_accepted',
        by: leaver.userId,
        target: { type: 'member', id: leaverMember },
        member: leaver.userId,
      },
      {
        kind: 'team.role_changed',
        by: admin.userId,
        target: { type: 'member', id: inviteeMember },
        member: invitee.userId,
      },
      {
        kind: 'team.member_removed',
        by: admin.userId,
        target: { type: 'member', id: inviteeMember },
        member: invitee.userId,
      },
      {
        kind: 'team.member_left',
        by: leaver.userId,
        target: { type: 'member', id: leaverMember },
        member: leaver.userId,
      },
      {
        kind: 'team.ownership_transferred',
        by: boss.userId,
        target: { type: 'member', id: adminMember },
        member: admin.userId,
      },
    ]);
    const roleChanged = team.find((event) => event.kind === 'team.role_changed')!;
    expect(roleChanged.details).toMatchObject({
      from: 'staff',
      to: 'admin',
      memberEmail: invitee.email,
    });
    expect(roleChanged.actor.label).toContain(admin.email);
    // The invited people's own clinics saw none of it, and a refused change writes nothing.
    expect((await logOf(invitee)).filter((event) => event.kind.startsWith('team.'))).toEqual([]);
    const staff = await member(boss.clinicId, 'staff');
    const refused = await call(staff, 'POST', '/api/clinics/invitations', {
      email: 'someone@clinic.example',
      role: 'staff',
    });
    expect(refused.statusCode).toBe(403);
    expect((await logOf(boss, 'team.invitation_sent')).length).toBe(3);
  });

  it("keeps the account's sign-ins and failed sign-ins in its personal clinic's log only", async () => {
    const boss = await owner();
    const admin = await member(boss.clinicId, 'admin');
    const signIn = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: ORIGIN },
        remoteAddress: '198.51.100.77',
        payload: { email: admin.email, password },
      });
    expect((await signIn('not-the-password')).statusCode).toBe(401);
    expect((await signIn('radiant2024')).statusCode).toBe(200);
    await setActiveClinic(db(), admin.userId, await personalClinicOf(db(), admin.userId));
    // The failed sign-in is recorded after the answer (its timing must not tell addresses apart).
    await expect
      .poll(async () => (await logOf(admin)).map((event) => event.kind).sort())
      .toEqual(['account.sign_in_failed', 'account.signed_in']);
    expect((await logOf(boss)).filter((event) => event.kind.startsWith('account.'))).toEqual([]);
  });
});
