import { NEW_PROFILE_DEFAULTS } from '@glowreel/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { signUpForCookie } from '../testing/session-cookie.ts';
import { coreDependencies } from '../testing/test-app.ts';
import { DATABASE_KINDS, openTestRuntime, type TestRuntime } from '../testing/test-runtime.ts';

const ORIGIN = 'http://localhost:3999';
const PROVIDERS = {
  GOOGLE_CLIENT_ID: 'google-client-id',
  GOOGLE_CLIENT_SECRET: 'google-client-secret',
  // Nothing listens here: the discovery is fetched lazily and no test reaches it.
  OIDC_ISSUER: 'http://127.0.0.1:9/issuer',
  OIDC_CLIENT_ID: 'glowreel',
  OIDC_CLIENT_SECRET: 'oidc-client-secret',
  OIDC_NAME: 'Clinic Group',
};

describe('sign-in providers without configuration', () => {
  let test: TestRuntime;
  let app: FastifyInstance;
  beforeAll(async () => {
    test = await openTestRuntime('pglite');
    app = await buildApp(coreDependencies(test));
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  it('lists no provider, and Better Auth knows none', async () => {
    const listed = await app.inject({ method: 'GET', url: '/api/sign-in-providers' });
    expect(listed.json()).toEqual({ providers: [] });
    const started = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: ORIGIN },
      payload: { provider: 'google', callbackURL: '/dashboard' },
    });
    expect(started.statusCode).toBe(404);
  });
});

describe.each(DATABASE_KINDS)('sign-in providers on %s', (kind) => {
  let test: TestRuntime;
  let app: FastifyInstance;
  beforeAll(async () => {
    test = await openTestRuntime(kind, PROVIDERS);
    app = await buildApp(coreDependencies(test));
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  it('tells the sign-in pages which buttons to show, without any secret', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/sign-in-providers' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      providers: [
        { id: 'google', name: 'Google' },
        { id: 'oidc', name: 'Clinic Group' },
      ],
    });
    expect(response.body).not.toContain('secret');
  });

  it('sends "Continue with Google" to Google with this client, PKCE and a state', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: ORIGIN },
      payload: { provider: 'google', callbackURL: '/dashboard', errorCallbackURL: '/login' },
    });
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json<{ url: string }>().url);
    expect(url.origin).toBe('https://accounts.google.com');
    expect(url.searchParams.get('client_id')).toBe('google-client-id');
    expect(url.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/api/auth/callback/google`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/.{16,}/);
    expect(url.searchParams.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['openid', 'email', 'profile']),
    );
  });

  it("brings Google's refusal back to the page that started it, creating nothing", async () => {
    const started = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: ORIGIN },
      payload: {
        provider: 'google',
        callbackURL: '/dashboard',
        errorCallbackURL: '/register?provider=google',
      },
    });
    const state = new URL(started.json<{ url: string }>().url).searchParams.get('state') ?? '';
    const cookie = started.cookies.map((entry) => `${entry.name}=${entry.value}`).join('; ');
    const users = await test.runtime.database.db.selectFrom('user').select('id').execute();

    // What Google sends back when the person presses Cancel on its consent screen.
    const refused = await app.inject({
      method: 'GET',
      url: `/api/auth/callback/google?error=access_denied&state=${encodeURIComponent(state)}`,
      headers: { cookie },
    });
    expect(refused.statusCode).toBe(302);
    expect(refused.headers.location).toBe('/register?provider=google&error=access_denied');
    expect(await test.runtime.database.db.selectFrom('user').select('id').execute()).toEqual(users);

    // The same answer again: the state was used up, so it lands on the sign-in page's message.
    const replayed = await app.inject({
      method: 'GET',
      url: `/api/auth/callback/google?error=access_denied&state=${encodeURIComponent(state)}`,
      headers: { cookie },
    });
    expect(replayed.statusCode).toBe(302);
    expect(replayed.headers.location).toMatch(/^http:\/\/localhost:3999\/login\?error=state_/);
  });

  it('gives an account created by a provider sign-in the SPEC §3 profile', async () => {
    // The same call Better Auth makes when a provider's first sign-in creates the account.
    const context = await test.runtime.auth.$context;
    const user = await context.internalAdapter.createUser(
      {
        name: 'Provider Clinic',
        email: `provider-${crypto.randomUUID().slice(0, 8)}@spa.example`,
        emailVerified: true,
      },
      { method: 'oauth', oauth: { providerId: 'oidc' } },
    );
    // Read straight from the table: getProfile would create a missing profile itself.
    const stored = await test.runtime.database.db
      .selectFrom('profiles')
      .select(['plan', 'credits_free'])
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    expect(stored).toEqual({ plan: 'free', credits_free: 3 });
    const profile = await test.runtime.profiles.getProfile(user.id);
    expect(profile.subscription).toMatchObject({
      plan: NEW_PROFILE_DEFAULTS.plan,
      status: NEW_PROFILE_DEFAULTS.status,
      videosRemaining: NEW_PROFILE_DEFAULTS.videosRemaining,
      videosTotal: NEW_PROFILE_DEFAULTS.videosTotal,
    });
    expect(profile.credits).toEqual({ free: 3, bonus: 0, total: 5 });
    const ledger = await test.runtime.database.db
      .selectFrom('credit_ledger')
      .select(['bucket', 'delta'])
      .where('user_id', '=', user.id)
      .execute();
    expect(ledger).toHaveLength(2);
  });

  it('refuses to unlink the only way an account signs in', async () => {
    const { cookie } = await signUpForCookie(app, ORIGIN);
    const listed = await app.inject({
      method: 'GET',
      url: '/api/auth/list-accounts',
      headers: { cookie },
    });
    const accounts = listed.json<{ id: string; providerId: string }[]>();
    expect(accounts.map((account) => account.providerId)).toEqual(['credential']);
    const unlink = await app.inject({
      method: 'POST',
      url: '/api/auth/unlink-account',
      headers: { origin: ORIGIN, cookie },
      payload: { accountId: accounts[0]?.id },
    });
    expect(unlink.statusCode).toBe(400);
    expect(unlink.json<{ error: { code: string } }>().error.code).toBe(
      'FAILED_TO_UNLINK_LAST_ACCOUNT',
    );
    const after = await app.inject({
      method: 'GET',
      url: '/api/auth/list-accounts',
      headers: { cookie },
    });
    expect(after.json()).toHaveLength(1);
  });
});
