import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { ClinicPermission } from '../clinics/clinic-roles.ts';
import { registerErrorHandling } from './error-handler.ts';
import { addClinicMember, personalClinicOf, setActiveClinic } from '../testing/clinic-members.ts';
import { signUpForCookie } from '../testing/session-cookie.ts';
import { coreDependencies } from '../testing/test-app.ts';
import { DATABASE_KINDS, openTestRuntime, type TestRuntime } from '../testing/test-runtime.ts';
import { requireActor, requirePermission } from './actor.ts';

const ORIGIN = 'http://localhost:3999';

describe.each(DATABASE_KINDS)('the acting clinic on %s', (kind) => {
  let test: TestRuntime;
  let app: FastifyInstance;
  let probe: FastifyInstance;
  beforeAll(async () => {
    test = await openTestRuntime(kind);
    app = await buildApp(coreDependencies(test));
    // A route that answers with the actor, and one that needs a permission given in the query.
    probe = Fastify();
    registerErrorHandling(probe);
    probe.get('/actor', (request) => requireActor(test.runtime.auth, request));
    probe.get<{ Querystring: { resource: string; action: string } }>(
      '/permitted',
      async (request) => {
        const actor = await requireActor(test.runtime.auth, request);
        const { resource, action } = request.query;
        requirePermission(actor, { [resource]: action } as ClinicPermission);
        return { ok: true };
      },
    );
  });
  afterAll(async () => {
    await probe.close();
    await app.close();
    await test.dispose();
  });

  const db = () => test.runtime.database.db;
  const actorOf = (cookie: string) =>
    probe.inject({ method: 'GET', url: '/actor', headers: { cookie } });

  it('is 401 in the one error shape when signed out', async () => {
    const response = await actorOf('');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { code: 'unauthorized' } });
  });

  it("acts for the account's personal clinic, as its owner, by default", async () => {
    const owner = await signUpForCookie(app, ORIGIN);
    const response = await actorOf(owner.cookie);
    expect(response.json()).toEqual({
      userId: owner.userId,
      clinicId: await personalClinicOf(db(), owner.userId),
      role: 'owner',
    });
  });

  it('acts for the active clinic with the role held there, and stops the moment membership ends', async () => {
    const owner = await signUpForCookie(app, ORIGIN);
    const staff = await signUpForCookie(app, ORIGIN);
    const clinicA = await personalClinicOf(db(), owner.userId);
    await addClinicMember(db(), clinicA, staff.userId, 'staff');
    // A first request fills the session cache before the switch: it must not keep the old clinic.
    expect((await actorOf(staff.cookie)).json()).toMatchObject({ role: 'owner' });
    await setActiveClinic(db(), staff.userId, clinicA);
    expect((await actorOf(staff.cookie)).json()).toEqual({
      userId: staff.userId,
      clinicId: clinicA,
      role: 'staff',
    });

    await db()
      .deleteFrom('member')
      .where('userId', '=', staff.userId)
      .where('organizationId', '=', clinicA)
      .execute();
    // Same session, still cached, still pointing at A: it acts for its own clinic again at once.
    expect((await actorOf(staff.cookie)).json()).toEqual({
      userId: staff.userId,
      clinicId: await personalClinicOf(db(), staff.userId),
      role: 'owner',
    });
  });

  it('gives an account that belongs to no clinic a new one of its own, with no credits granted', async () => {
    const person = await signUpForCookie(app, ORIGIN);
    const before = await db()
      .selectFrom('credit_ledger')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', person.userId)
      .executeTakeFirstOrThrow();
    await db().deleteFrom('member').where('userId', '=', person.userId).execute();
    const actor = (await actorOf(person.cookie)).json<{ clinicId: string; role: string }>();
    expect(actor.role).toBe('owner');
    const members = await db()
      .selectFrom('member')
      .select(['organizationId', 'role'])
      .where('userId', '=', person.userId)
      .execute();
    expect(members).toEqual([{ organizationId: actor.clinicId, role: 'owner' }]);
    const after = await db()
      .selectFrom('credit_ledger')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', person.userId)
      .executeTakeFirstOrThrow();
    expect(Number(after.count)).toBe(Number(before.count));
    // A second request finds the same clinic rather than making another.
    expect((await actorOf(person.cookie)).json()).toMatchObject({ clinicId: actor.clinicId });
  });

  it('refuses what the role does not allow with 403 forbidden and a message saying who may', async () => {
    const owner = await signUpForCookie(app, ORIGIN);
    const staff = await signUpForCookie(app, ORIGIN);
    const admin = await signUpForCookie(app, ORIGIN);
    const clinicA = await personalClinicOf(db(), owner.userId);
    await addClinicMember(db(), clinicA, staff.userId, 'staff');
    await addClinicMember(db(), clinicA, admin.userId, 'admin');
    await setActiveClinic(db(), staff.userId, clinicA);
    await setActiveClinic(db(), admin.userId, clinicA);
    const ask = (cookie: string, resource: string, action: string) =>
      probe.inject({
        method: 'GET',
        url: `/permitted?resource=${resource}&action=${action}`,
        headers: { cookie },
      });

    const refused = await ask(staff.cookie, 'apiKey', 'create');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error: {
        code: 'forbidden',
        message: "Only the clinic's owner or an admin can manage API keys.",
      },
    });
    expect((await ask(staff.cookie, 'video', 'create')).statusCode).toBe(200);
    expect((await ask(admin.cookie, 'apiKey', 'create')).statusCode).toBe(200);
    const billing = await ask(admin.cookie, 'billing', 'manage');
    expect(billing.statusCode).toBe(403);
    expect(billing.json()).toMatchObject({
      error: { code: 'forbidden', message: "Only the clinic's owner can manage billing." },
    });
    expect((await ask(owner.cookie, 'billing', 'manage')).statusCode).toBe(200);
  });
});
