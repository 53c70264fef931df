import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { multipart } from '../testing/multipart.ts';
import { signUpForCookie } from '../testing/session-cookie.ts';
import { coreDependencies, openFakeVideoServices } from '../testing/test-app.ts';
import { openTestRuntime, type TestRuntime } from '../testing/test-runtime.ts';

const ORIGIN = 'http://localhost:3999';
const EVIL = 'http://evil.example';
/** Same site as the app (cookies are not isolated by port), another origin. */
const SAME_SITE_OTHER_PORT = 'http://localhost:3299';

describe('cookie-authenticated state changes from another origin', () => {
  let test: TestRuntime;
  let app: FastifyInstance;
  let services: Awaited<ReturnType<typeof openFakeVideoServices>>;
  let cookie = '';
  let userId = '';

  beforeAll(async () => {
    test = await openTestRuntime('pglite');
    services = await openFakeVideoServices(test);
    app = await buildApp({
      ...coreDependencies(test),
      videoPipeline: services.videoPipeline,
      publicApi: services.publicApi,
      business: test.runtime.business,
    });
    ({ cookie, userId } = await signUpForCookie(app, ORIGIN));
  });
  afterAll(async () => {
    await app.close();
    await services.close();
    await test.dispose();
  });

  const keyCount = async () =>
    (await app.inject({ method: 'GET', url: '/api/keys', headers: { cookie } })).json<{
      keys: unknown[];
    }>().keys.length;
  const webhookSecret = async () =>
    (await app.inject({ method: 'GET', url: '/api/webhook-secret', headers: { cookie } })).json<{
      secret: string;
    }>().secret;
  const profile = () => test.runtime.profiles.getProfile(userId);

  function expectRefused(response: { statusCode: number; json: () => unknown }) {
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: 'cross_origin_refused' } });
  }

  async function createKey(headers: Record<string, string>) {
    return app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: { cookie, ...headers },
      payload: { name: 'Zapier' },
    });
  }

  it.each([EVIL, SAME_SITE_OTHER_PORT, 'null'])(
    'refuses creating an API key with Origin %s',
    async (origin) => {
      const before = await keyCount();
      expectRefused(await createKey({ origin }));
      expect(await keyCount()).toBe(before);
    },
  );

  it('refuses revoking a key, rotating the webhook secret and switching plan from evil.example', async () => {
    const created = await createKey({ origin: ORIGIN });
    expect(created.statusCode).toBe(201);
    const keys = await keyCount();
    const { id } = created.json<{ id: string }>();
    expectRefused(
      await app.inject({
        method: 'DELETE',
        url: `/api/keys/${id}`,
        headers: { cookie, origin: EVIL },
      }),
    );
    expect(await keyCount()).toBe(keys);

    const secret = await webhookSecret();
    expectRefused(
      await app.inject({
        method: 'POST',
        url: '/api/webhook-secret/rotate',
        headers: { cookie, origin: SAME_SITE_OTHER_PORT },
        payload: {},
      }),
    );
    expect(await webhookSecret()).toBe(secret);

    const plan = (await profile()).subscription.plan;
    expectRefused(
      await app.inject({
        method: 'POST',
        url: '/api/billing/demo/checkout',
        headers: { cookie, origin: EVIL },
        payload: { planId: 'pro' },
      }),
    );
    expect((await profile()).subscription.plan).toBe(plan);
  });

  it('refuses feedback and a multipart upload from evil.example; no credit moves', async () => {
    expectRefused(
      await app.inject({
        method: 'POST',
        url: '/api/feedback',
        headers: { cookie, origin: EVIL },
        payload: { rating: 'good', videoId: 'any' },
      }),
    );
    const credits = (await test.runtime.credits.getBalance(userId)).total;
    const body = multipart({ consent: 'true', title: 'Glow' }, Buffer.from('photo'));
    expectRefused(
      await app.inject({
        method: 'POST',
        url: '/api/videos',
        headers: { ...body.headers, cookie, origin: EVIL },
        payload: body.payload,
      }),
    );
    expect((await test.runtime.credits.getBalance(userId)).total).toBe(credits);
  });

  it('judges by Referer when there is no Origin', async () => {
    expectRefused(await createKey({ referer: `${EVIL}/page` }));
    expect((await createKey({ referer: `${ORIGIN}/dashboard` })).statusCode).toBe(201);
  });

  it('lets a request with neither Origin nor Referer through (not a browser; see origin-check.ts)', async () => {
    expect((await createKey({})).statusCode).toBe(201);
  });

  it('accepts the app itself, reached as localhost or 127.0.0.1 on its port', async () => {
    expect((await createKey({ origin: ORIGIN })).statusCode).toBe(201);
    expect((await createKey({ origin: 'http://127.0.0.1:3999' })).statusCode).toBe(201);
  });

  it('leaves safe methods, API v1 bearer calls and the Stripe webhook alone', async () => {
    const list = await app.inject({
      method: 'GET',
      url: '/api/keys',
      headers: { cookie, origin: EVIL },
    });
    expect(list.statusCode).toBe(200);
    const key = (await createKey({ origin: ORIGIN })).json<{ key: string }>().key;
    const v1 = await app.inject({
      method: 'POST',
      url: '/api/v1/generate',
      headers: { authorization: `Bearer ${key}`, cookie, origin: EVIL },
      payload: {},
    });
    expect(v1.statusCode).toBe(400);
    const stripe = await app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { cookie, origin: EVIL, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(stripe.json()).not.toMatchObject({ error: { code: 'cross_origin_refused' } });
  });

  const rotate = (headers: Record<string, string>, payload?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/webhook-secret/rotate',
      headers: { cookie, origin: ORIGIN, ...headers },
      ...(payload === undefined ? {} : { payload }),
    });

  it('refuses rotating the webhook secret with a text/plain or an empty body, like every JSON route', async () => {
    const plain = await rotate({ 'content-type': 'text/plain' }, '{}');
    expect(plain.statusCode).toBe(415);
    const empty = await rotate({});
    expect(empty.statusCode).toBe(415);
    expect(empty.json()).toMatchObject({ error: { code: 'unsupported_media_type' } });
  });

  it('rotates the webhook secret with a JSON object', async () => {
    const first = await rotate({ 'content-type': 'application/json' }, '{}');
    const second = await rotate({ 'content-type': 'application/json' }, '{}');
    expect(first.statusCode).toBe(200);
    expect(second.json<{ secret: string }>().secret).not.toBe(
      first.json<{ secret: string }>().secret,
    );
  });
});
