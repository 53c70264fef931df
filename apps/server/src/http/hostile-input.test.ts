import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openFullTestApp,
  signUpClinicWithKey,
  type FullTestApp,
} from '../testing/full-test-app.ts';
import { multipart } from '../testing/multipart.ts';
import { DATABASE_KINDS } from '../testing/test-runtime.ts';

const ORIGIN = 'http://localhost:3999';
const NUL = '\u0000';

describe.each(DATABASE_KINDS)('bad input gets a 4xx, never a 500, on %s', (kind) => {
  let full: FullTestApp;
  let app: FastifyInstance;
  let cookie = '';
  let key = '';
  let userId = '';
  let address = 0;

  beforeAll(async () => {
    full = await openFullTestApp(kind);
    app = full.app;
    ({ cookie, key, userId } = await signUpClinicWithKey(full, ORIGIN));
  });
  afterAll(async () => {
    await full.dispose();
  });

  const asUser = () => ({ cookie, origin: ORIGIN });
  const asKey = () => ({ authorization: `Bearer ${key}` });

  it.each([
    ['GET', '/api/videos/%00'],
    ['GET', '/api/videos/x%00'],
    ['GET', '/api/videos/not-a-video-id'],
    ['GET', '/api/videos/x%00/events'],
    ['GET', '/api/videos/x%00/download'],
    ['GET', '/api/videos/x%00/thumbnail'],
    ['DELETE', '/api/keys/x%00'],
    ['DELETE', '/api/keys/%00'],
  ] as const)('answers %s %s (a malformed id) with 404 not_found', async (method, url) => {
    const response = await app.inject({ method, url, headers: asUser() });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('answers a malformed id on API v1 with the same 404 as a missing video', async () => {
    const missing = await app.inject({
      method: 'GET',
      url: `/api/v1/videos/${crypto.randomUUID()}`,
      headers: asKey(),
    });
    for (const url of ['/api/v1/videos/x%00', '/api/v1/videos/%00', '/api/v1/videos/%01abc']) {
      const response = await app.inject({ method: 'GET', url, headers: asKey() });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual(missing.json());
    }
  });

  it('answers feedback on a malformed video id with 404', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers: asUser(),
      payload: { rating: 'good', videoId: `x${NUL}` },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('refuses a key name with a control character with 422 naming the field', async () => {
    for (const name of [`Zap${NUL}ier`, 'Zap\u0007ier', 'Zap\nier']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/keys',
        headers: asUser(),
        payload: { name },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        error: { code: 'validation_failed', details: { field: 'name' } },
      });
    }
  });

  it('refuses a demo request whose name holds a NUL with 422 naming Full Name', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/schedule-demo',
      remoteAddress: `10.7.0.${++address}`,
      payload: { name: `Dr${NUL} Who`, email: 'who@clinic.example', message: 'Line one\nline two' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ error: string }>().error).toMatch(/Full Name/);
  });

  it('accepts line breaks in a demo message but refuses a NUL there', async () => {
    const post = (message: string) =>
      app.inject({
        method: 'POST',
        url: '/api/schedule-demo',
        remoteAddress: `10.7.0.${++address}`,
        payload: { name: 'Dr Who', email: 'who@clinic.example', message },
      });
    expect((await post('Line one\r\nline two\tend')).statusCode).toBe(200);
    const refused = await post(`Line one${NUL}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ error: string }>().error).toMatch(/Message/);
  });

  it('refuses an upload title with a NUL with 422 naming the field', async () => {
    const body = multipart({ consent: 'true', title: `Before${NUL}after` }, Buffer.from('x'));
    const response = await app.inject({
      method: 'POST',
      url: '/api/videos',
      headers: { ...body.headers, ...asUser() },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      error: { code: 'validation_failed', details: { field: 'title' } },
    });
  });

  it('refuses an API v1 title with a NUL with 422 naming the field', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/generate',
      headers: asKey(),
      payload: { composite_image: 'AAAA', consent_attested: true, title: `T${NUL}` },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      error: { code: 'validation_failed', details: { field: 'title' } },
    });
  });

  it('refuses a webhook_url holding a NUL with 422, and no credit moves', async () => {
    const photo = await sharp({
      create: { width: 800, height: 800, channels: 3, background: { r: 200, g: 120, b: 90 } },
    })
      .png()
      .toBuffer();
    const before = await full.test.runtime.credits.getBalance(userId);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/generate',
      headers: asKey(),
      payload: {
        composite_image: photo.toString('base64'),
        consent_attested: true,
        webhook_url: `https://1.1.1.1/hook${NUL}`,
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      error: { code: 'validation_failed', details: { field: 'webhook_url' } },
    });
    expect(await full.test.runtime.credits.getBalance(userId)).toEqual(before);
  });

  it.each([
    ['a NUL', `Glow${NUL}Clinic`],
    ['an empty name', ''],
    ['only spaces', '   '],
    ['5,000 characters', 'x'.repeat(5000)],
  ])('refuses a display name with %s on update-user and sign-up', async (_label, name) => {
    const update = await app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: asUser(),
      payload: { name },
    });
    expect(update.statusCode).toBe(422);
    expect(update.json()).toHaveProperty(['error', 'details', 'fields', 'name']);
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      remoteAddress: `10.7.1.${++address}`,
      payload: { name, email: `n${address}@clinic.example`, password: 'radiant2024' },
    });
    expect(signUp.statusCode).toBe(422);
  });

  it('still renames the signed-in user with a good name', async () => {
    const update = await app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: asUser(),
      payload: { name: '  Glow Clinic Two ' },
    });
    expect(update.statusCode).toBe(200);
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: asUser() });
    expect(me.json()).toMatchObject({ displayName: 'Glow Clinic Two' });
  });

  it.each([
    ['an image that is not text', { image: { url: 'x' } }, 'image'],
    ['a NUL in the image', { image: `https://x.example/a${NUL}.png` }, 'image'],
  ])('refuses update-user with %s with 422 naming the field', async (_label, payload, field) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: asUser(),
      payload,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toHaveProperty(['error', 'details', 'fields', field]);
  });

  it('refuses a NUL in the e-mail of sign-in with 422 before the database sees it', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN },
      remoteAddress: `10.7.2.${++address}`,
      payload: { email: `a${NUL}@clinic.example`, password: 'radiant2024' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toHaveProperty(['error', 'details', 'fields', 'email']);
  });

  it('answers verify-email with an unparsable callbackURL with 400', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/auth/verify-email?token=nonsense&callbackURL=%25zz',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'INVALID_CALLBACK_URL' } });
  });

  it.each([
    ['objects', `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`],
    ['arrays', `${'['.repeat(20000)}${']'.repeat(20000)}`],
  ])('refuses JSON of %s nested thousands deep with 400 invalid_json', async (_label, payload) => {
    for (const url of [
      '/api/auth/sign-in/email',
      '/api/auth/request-password-reset',
      '/api/keys',
    ]) {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { ...asUser(), 'content-type': 'application/json' },
        remoteAddress: `10.7.3.${++address}`,
        payload,
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'invalid_json' } });
    }
  });

  const good = multipart({ consent: 'true' }, Buffer.from('png'));
  const goodType = good.headers['content-type'];
  it.each([
    ['no boundary', 'multipart/form-data', good.payload],
    ['a wrong boundary', 'multipart/form-data; boundary=other', good.payload],
    ['no closing boundary', goodType, good.payload.subarray(0, good.payload.length - 8)],
    ['a body cut mid-part', goodType, good.payload.subarray(0, 60)],
  ])('answers a multipart body with %s with 400 bad_request', async (_label, type, payload) => {
    for (const [url, headers] of [
      ['/api/videos', asUser()],
      ['/api/v1/generate', asKey()],
    ] as const) {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { ...headers, 'content-type': type },
        payload,
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'bad_request' } });
      expect(response.json<{ error: { message: string } }>().error.message).toMatch(/multipart/i);
    }
  });
});
