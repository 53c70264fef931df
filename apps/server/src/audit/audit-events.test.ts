import type { AuditEventKind } from '@glowreel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFullTestApp, type FullTestApp } from '../testing/full-test-app.ts';
import { multipart } from '../testing/multipart.ts';
import { linkIn, outboxFor } from '../testing/outbox-mail.ts';
import { signUpForCookie } from '../testing/session-cookie.ts';
import { compositePhoto } from '../testing/test-photos.ts';
import { DATABASE_KINDS } from '../testing/test-runtime.ts';

// Issue #18 §4: each audited action, done through the app as a clinic does it, leaves one
// event in the account's log with who acted, from which address and browser, and on what.

const ORIGIN = 'http://localhost:3999';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';
const PASSWORD = 'radiant2024';

let addressCount = 0;
/** Each request from its own address, so the auth rate limit stays out of the way. */
function nextAddress(): string {
  addressCount += 1;
  return `192.0.2.${addressCount % 250}`;
}

describe.each(DATABASE_KINDS)('audited actions on %s', (kind) => {
  let full: FullTestApp;
  let photo: Buffer;

  beforeAll(async () => {
    full = await openFullTestApp(kind);
    photo = await compositePhoto();
  });
  afterAll(async () => {
    await full.dispose();
  });

  const eventsOf = (accountId: string, eventKind?: AuditEventKind) => {
    let query = full.test.runtime.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('account_id', '=', accountId);
    if (eventKind) query = query.where('kind', '=', eventKind);
    return query.orderBy('id', 'asc').execute();
  };

  const inject = (options: {
    method: 'GET' | 'POST' | 'DELETE';
    url: string;
    cookie?: string;
    payload?: object;
    address: string;
    userAgent?: string;
    headers?: Record<string, string>;
  }) =>
    full.app.inject({
      method: options.method,
      url: options.url,
      headers: {
        origin: ORIGIN,
        'user-agent': options.userAgent ?? BROWSER,
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...options.headers,
      },
      remoteAddress: options.address,
      ...(options.payload ? { payload: options.payload } : {}),
    });

  const signIn = (email: string, password: string, address: string) =>
    inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password },
      address,
    });

  it('records a sign-in with the address and browser it came from', async () => {
    const { userId, email } = await signUpForCookie(full.app, ORIGIN);
    const address = nextAddress();
    expect((await signIn(email, PASSWORD, address)).statusCode).toBe(200);
    const [event, ...more] = await eventsOf(userId, 'account.signed_in');
    expect(more).toHaveLength(0);
    expect(event).toMatchObject({
      actor_kind: 'user',
      actor_user_id: userId,
      ip_address: address,
      user_agent: BROWSER,
    });
    expect(JSON.parse(event?.details ?? '{}')).toEqual({ method: 'password' });
  });

  it('records a failed sign-in for an existing account, and nothing for an unknown address', async () => {
    const { userId, email } = await signUpForCookie(full.app, ORIGIN);
    const address = nextAddress();
    expect((await signIn(email, 'wrong-password-1', address)).statusCode).toBe(401);
    // Written after the answer, so a known address answers as fast as an unknown one.
    await expect
      .poll(() => eventsOf(userId, 'account.sign_in_failed'))
      .toEqual([
        expect.objectContaining({ actor_user_id: null, ip_address: address, user_agent: BROWSER }),
      ]);
    expect(await eventsOf(userId, 'account.signed_in')).toHaveLength(0);

    const count = async () =>
      (
        await full.test.runtime.database.db
          .selectFrom('audit_events')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .executeTakeFirstOrThrow()
      ).count;
    const before = await count();
    const unknown = `nobody-${crypto.randomUUID().slice(0, 8)}@spa.example`;
    expect((await signIn(unknown, 'wrong-password-1', nextAddress())).statusCode).toBe(401);
    // A later failed sign-in of a known account lands after it: nothing came in between.
    expect((await signIn(email, 'wrong-password-2', nextAddress())).statusCode).toBe(401);
    await expect.poll(() => eventsOf(userId, 'account.sign_in_failed')).toHaveLength(2);
    expect(Number(await count())).toBe(Number(before) + 1);
  });

  it('records a password change and a password reset', async () => {
    const { cookie, userId, email } = await signUpForCookie(full.app, ORIGIN);
    const address = nextAddress();
    const changed = await inject({
      method: 'POST',
      url: '/api/auth/change-password',
      cookie,
      payload: { currentPassword: PASSWORD, newPassword: 'luminous2025' },
      address,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await eventsOf(userId, 'account.password_changed')).toEqual([
      expect.objectContaining({ actor_user_id: userId, ip_address: address, target_id: userId }),
    ]);

    const asked = await inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email },
      address: nextAddress(),
    });
    expect(asked.statusCode).toBe(200);
    const link = linkIn(
      (await outboxFor(full.test.runtime, email)).at(-1),
      `${ORIGIN}/reset-password`,
    );
    const token = new URL(link).searchParams.get('token') ?? '';
    const resetAddress = nextAddress();
    const reset = await inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'glowing2026' },
      address: resetAddress,
      userAgent: 'Safari/18',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await eventsOf(userId, 'account.password_reset')).toEqual([
      expect.objectContaining({ ip_address: resetAddress, user_agent: 'Safari/18' }),
    ]);
  });

  it('records an e-mail change once the link to the new address is opened', async () => {
    const { cookie, userId } = await signUpForCookie(full.app, ORIGIN);
    const newEmail = `moved-${crypto.randomUUID().slice(0, 8)}@spa.example`;
    const asked = await inject({
      method: 'POST',
      url: '/api/auth/change-email',
      cookie,
      payload: { newEmail, callbackURL: '/account' },
      address: nextAddress(),
    });
    expect(asked.statusCode).toBe(200);
    expect(await eventsOf(userId, 'account.email_changed')).toHaveLength(0);
    const link = linkIn(
      (await outboxFor(full.test.runtime, newEmail))[0],
      `${ORIGIN}/api/auth/verify-email`,
    );
    const address = nextAddress();
    const opened = await inject({ method: 'GET', url: link.slice(ORIGIN.length), cookie, address });
    expect(opened.statusCode).toBe(302);
    const events = await eventsOf(userId, 'account.email_changed');
    expect(events).toEqual([expect.objectContaining({ ip_address: address, user_agent: BROWSER })]);
    expect(JSON.parse(events[0]?.details ?? '{}')).toEqual({ email: newEmail });
  });

  it('records each session signed out from the account page', async () => {
    const { cookie, userId, email } = await signUpForCookie(full.app, ORIGIN);
    await signIn(email, PASSWORD, nextAddress());
    await signIn(email, PASSWORD, nextAddress());
    const sessions = (
      await inject({ method: 'GET', url: '/api/account/sessions', cookie, address: nextAddress() })
    ).json<{ sessions: { id: string; isCurrent: boolean }[] }>().sessions;
    const others = sessions.filter((session) => !session.isCurrent);
    expect(others).toHaveLength(2);
    const address = nextAddress();
    const one = await inject({
      method: 'DELETE',
      url: `/api/account/sessions/${others[0]?.id ?? ''}`,
      cookie,
      address,
    });
    expect(one.statusCode).toBe(200);
    const rest = await inject({
      method: 'POST',
      url: '/api/account/sessions/revoke-others',
      cookie,
      address,
    });
    expect(rest.json()).toEqual({ revoked: 1 });
    const events = await eventsOf(userId, 'account.session_revoked');
    expect(events.map((event) => event.target_id)).toEqual(others.map((session) => session.id));
    expect(events.every((event) => event.ip_address === address)).toBe(true);
  });

  it('records API keys created and revoked, with the key as target', async () => {
    const { cookie, userId } = await signUpForCookie(full.app, ORIGIN);
    const address = nextAddress();
    const created = await inject({
      method: 'POST',
      url: '/api/keys',
      cookie,
      payload: { name: 'Zapier' },
      address,
    });
    const keyId = created.json<{ id: string }>().id;
    const revoked = await inject({ method: 'DELETE', url: `/api/keys/${keyId}`, cookie, address });
    expect(revoked.statusCode).toBe(204);
    // A second revocation is a 404 and records nothing more.
    expect(
      (await inject({ method: 'DELETE', url: `/api/keys/${keyId}`, cookie, address })).statusCode,
    ).toBe(404);
    const events = await eventsOf(userId);
    expect(
      events
        .filter((event) => event.kind.startsWith('api_key.'))
        .map((event) => [event.kind, event.target_type, event.target_id, event.ip_address]),
    ).toEqual([
      ['api_key.created', 'api_key', keyId, address],
      ['api_key.revoked', 'api_key', keyId, address],
    ]);
  });

  it('records videos created from the web and the API, downloads, signed links and consent revoked', async () => {
    const { cookie, userId } = await signUpForCookie(full.app, ORIGIN);
    const key = (
      await inject({
        method: 'POST',
        url: '/api/keys',
        cookie,
        payload: { name: 'Zapier' },
        address: nextAddress(),
      })
    ).json<{ id: string; key: string }>();
    const webAddress = nextAddress();
    const form = multipart({ consent: 'true' }, photo);
    const web = await full.app.inject({
      method: 'POST',
      url: '/api/videos',
      headers: { ...form.headers, cookie, origin: ORIGIN, 'user-agent': BROWSER },
      payload: form.payload,
      remoteAddress: webAddress,
    });
    expect(web.statusCode, web.body).toBe(202);
    const webId = web.json<{ id: string }>().id;
    const apiAddress = nextAddress();
    const api = await full.app.inject({
      method: 'POST',
      url: '/api/v1/generate',
      headers: { authorization: `Bearer ${key.key}`, 'user-agent': 'Zapier/1.0' },
      payload: { composite_image: photo.toString('base64'), consent_attested: true },
      remoteAddress: apiAddress,
    });
    expect(api.statusCode, api.body).toBe(202);
    const apiId = api.json<{ id: string }>().id;
    expect(
      (await eventsOf(userId, 'video.created')).map((event) => ({
        target: event.target_id,
        actor: [event.actor_kind, event.actor_user_id, event.actor_api_key_id],
        from: [event.ip_address, event.user_agent],
      })),
    ).toEqual([
      { target: webId, actor: ['user', userId, null], from: [webAddress, BROWSER] },
      { target: apiId, actor: ['api_key', userId, key.id], from: [apiAddress, 'Zapier/1.0'] },
    ]);

    for (const id of [webId, apiId]) {
      await expect
        .poll(
          async () =>
            (
              await inject({
                method: 'GET',
                url: `/api/videos/${id}`,
                cookie,
                address: nextAddress(),
              })
            ).json<{ status: string }>().status,
        )
        .toBe('completed');
    }
    // The player's inline streaming and later ranges are not downloads; saving the file is.
    const downloadAddress = nextAddress();
    const fetchWeb = (query: string, headers: Record<string, string> = {}) =>
      inject({
        method: 'GET',
        url: `/api/videos/${webId}/download${query}`,
        cookie,
        address: downloadAddress,
        headers,
      });
    expect((await fetchWeb('?inline=1')).statusCode).toBe(200);
    expect((await fetchWeb('', { range: 'bytes=1-' })).statusCode).toBe(206);
    expect((await fetchWeb('')).statusCode).toBe(200);
    const view = (
      await full.app.inject({
        method: 'GET',
        url: `/api/v1/videos/${apiId}`,
        headers: { authorization: `Bearer ${key.key}` },
      })
    ).json<{ download_url: string }>();
    const signedAddress = nextAddress();
    const signed = await full.app.inject({
      method: 'GET',
      url: new URL(view.download_url).pathname + new URL(view.download_url).search,
      headers: { 'user-agent': 'curl/8.5' },
      remoteAddress: signedAddress,
    });
    expect(signed.statusCode).toBe(200);
    expect(
      (await eventsOf(userId, 'video.downloaded')).map((event) => [
        event.target_id,
        event.actor_kind,
        event.actor_user_id,
        event.ip_address,
      ]),
    ).toEqual([
      [webId, 'user', userId, downloadAddress],
      [apiId, 'api_key', null, signedAddress],
    ]);

    const revokeAddress = nextAddress();
    const revoked = await inject({
      method: 'POST',
      url: `/api/videos/${webId}/consent/revoke`,
      cookie,
      payload: { reason: 'Patient asked' },
      address: revokeAddress,
    });
    expect(revoked.statusCode).toBe(200);
    const consentId = revoked.json<{ consent: { id: string } }>().consent.id;
    const apiRevoked = await full.app.inject({
      method: 'POST',
      url: `/api/v1/videos/${apiId}/consent/revoke`,
      headers: { authorization: `Bearer ${key.key}`, 'user-agent': 'Zapier/1.0' },
      payload: { reason: 'Patient asked' },
      remoteAddress: apiAddress,
    });
    expect(apiRevoked.statusCode).toBe(200);
    const events = await eventsOf(userId, 'consent.revoked');
    expect(events.map((event) => [event.target_type, event.actor_kind, event.ip_address])).toEqual([
      ['consent', 'user', revokeAddress],
      ['consent', 'api_key', apiAddress],
    ]);
    expect(events[0]?.target_id).toBe(consentId);
    // The reason is the clinic's free text and may name the patient: it stays off the log.
    expect(JSON.parse(events[0]?.details ?? '{}')).toEqual({ videoId: webId });
  });

  it('records plan changes made on the demo billing pages, by the member', async () => {
    const { cookie, userId } = await signUpForCookie(full.app, ORIGIN);
    const address = nextAddress();
    const post = (url: string, payload: object) =>
      inject({ method: 'POST', url, cookie, payload, address });
    expect((await post('/api/billing/demo/checkout', { planId: 'pro' })).statusCode).toBe(200);
    expect(
      (await post('/api/billing/demo/portal', { action: 'change_plan', planId: 'enterprise' }))
        .statusCode,
    ).toBe(200);
    // Cancelling at period end changes no plan yet.
    await post('/api/billing/demo/portal', { action: 'cancel_at_period_end' });
    await post('/api/billing/demo/portal', { action: 'simulate_renewal' });
    const events = await eventsOf(userId, 'plan.changed');
    expect(events.map((event) => JSON.parse(event.details) as unknown)).toEqual([
      { from: 'free', to: 'pro' },
      { from: 'pro', to: 'enterprise' },
      { from: 'enterprise', to: 'free' },
    ]);
    expect(events.every((e) => e.actor_user_id === userId && e.ip_address === address)).toBe(true);
    expect(events.every((e) => e.target_type === 'subscription')).toBe(true);
  });
});
