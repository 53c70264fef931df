import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { signUpForCookie } from '../testing/session-cookie.ts';
import { coreDependencies } from '../testing/test-app.ts';
import {
  DATABASE_KINDS,
  createTestUser,
  openTestRuntime,
  type TestRuntime,
} from '../testing/test-runtime.ts';
import { OWNER_ROLE } from './clinics.repository.ts';
import { unservedClinicPaths } from './clinics-plugin.ts';

const ORIGIN = 'http://localhost:3999';

describe.each(DATABASE_KINDS)('personal clinics on %s', (kind) => {
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

  async function clinicsOf(userId: string) {
    return db()
      .selectFrom('member')
      .innerJoin('organization', 'organization.id', 'member.organizationId')
      .select(['organization.id', 'organization.name', 'organization.personalOwnerId', 'role'])
      .where('member.userId', '=', userId)
      .execute();
  }

  it('gives an e-mail sign-up its own clinic, named after it, owned by it and active', async () => {
    const { cookie, userId } = await signUpForCookie(app, ORIGIN);
    const clinics = await clinicsOf(userId);
    expect(clinics).toHaveLength(1);
    expect(clinics[0]).toMatchObject({
      name: 'Test Clinic',
      personalOwnerId: userId,
      role: OWNER_ROLE,
    });
    const session = await app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie, origin: ORIGIN },
    });
    expect(session.json<{ session: { activeOrganizationId: string } }>().session).toMatchObject({
      activeOrganizationId: clinics[0]!.id,
    });
  });

  it.each(['google', 'oidc'])(
    'gives an account a %s sign-in creates its own clinic, and its sessions act for it',
    async (providerId) => {
      // The calls Better Auth makes when a provider's first sign-in creates the account.
      const context = await test.runtime.auth.$context;
      const user = await context.internalAdapter.createUser(
        {
          name: 'Provider Spa',
          email: `provider-${crypto.randomUUID().slice(0, 8)}@spa.example`,
          emailVerified: true,
        },
        { method: 'oauth', oauth: { providerId } },
      );
      const [clinic] = await clinicsOf(user.id);
      expect(clinic).toMatchObject({ name: 'Provider Spa', role: OWNER_ROLE });
      const session = await context.internalAdapter.createSession(user.id);
      const stored = await db()
        .selectFrom('session')
        .select('activeOrganizationId')
        .where('id', '=', session.id)
        .executeTakeFirstOrThrow();
      expect(stored.activeOrganizationId).toBe(clinic!.id);
    },
  );

  it('writes the new rows of an account in its personal clinic', async () => {
    const { userId } = await signUpForCookie(app, ORIGIN);
    const [clinic] = await clinicsOf(userId);
    await test.runtime.credits.reserve(userId);
    const owners = await Promise.all(
      (['profiles', 'credit_ledger', 'credit_reservations'] as const).map((table) =>
        db().selectFrom(table).select('clinic_id').where('user_id', '=', userId).execute(),
      ),
    );
    const clinicIds = owners.flat().map((row) => row.clinic_id);
    // The profile, two sign-up ledger rows, the reservation and its ledger row.
    expect(clinicIds).toHaveLength(5);
    expect(new Set(clinicIds)).toEqual(new Set([clinic!.id]));
  });

  it('makes the personal clinic once however often it is asked', async () => {
    const { userId } = await signUpForCookie(app, ORIGIN);
    const first = await test.runtime.clinics.findPersonalClinic(userId);
    const again = await test.runtime.clinics.createPersonalClinic({ id: userId, name: 'Renamed' });
    expect(again).toEqual(first);
    expect(await clinicsOf(userId)).toHaveLength(1);
  });

  it('makes a missing personal clinic when the account first loads its profile', async () => {
    // An account whose sign-up hook failed before its clinic was made.
    const user = await createTestUser(test.runtime, { name: 'Late Spa', withProfile: false });
    await db().deleteFrom('organization').where('personalOwnerId', '=', user.id).execute();
    const profile = await test.runtime.profiles.getProfile(user.id);
    expect(profile.credits.total).toBe(5);
    const [clinic] = await clinicsOf(user.id);
    expect(clinic).toMatchObject({ name: 'Late Spa', role: OWNER_ROLE });
    const stored = await db()
      .selectFrom('profiles')
      .select('clinic_id')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored.clinic_id).toBe(clinic!.id);
  });

  it('serves none of the organization endpoints before their access rules exist', async () => {
    const { cookie } = await signUpForCookie(app, ORIGIN);
    const paths = unservedClinicPaths();
    expect(paths).toEqual(
      expect.arrayContaining(['/organization/create', '/organization/invite-member']),
    );
    for (const path of paths) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/auth${path}`,
        headers: { cookie, origin: ORIGIN },
        payload: { name: 'Second Clinic', slug: 'second-clinic', email: 'x@spa.example' },
      });
      expect({ path, status: response.statusCode }).toEqual({ path, status: 404 });
    }
  });
});
