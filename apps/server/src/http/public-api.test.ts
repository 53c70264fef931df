import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { probeVideo } from '@glowreel/engine/node';
import { encodeHeic } from '@glowreel/engine/testing';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { compositeOf, paintedPhoto } from '../testing/test-photos.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { engineImageInspector } from '../engine/engine-image-inspector.ts';
import { WorkerRenderer } from '../jobs/worker-renderer.ts';
import { openPublicApi, type PublicApi } from '../public-api.ts';
import { signUpForCookie } from '../testing/session-cookie.ts';
import { openTestRuntime, type TestRuntime } from '../testing/test-runtime.ts';
import { WebhookReceiver } from '../testing/webhook-receiver.ts';
import { openVideoPipeline, type VideoPipeline } from '../video-pipeline.ts';

const ORIGIN = 'http://localhost:3999';

type OpenApi = {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>
  >;
  components: { schemas: Record<string, unknown> };
};

describe('public API v1', () => {
  let test: TestRuntime;
  let app: FastifyInstance;
  let pipeline: VideoPipeline;
  let publicApi: PublicApi;
  const receiver = new WebhookReceiver();
  let receiverUrl = '';
  let cookie = '';
  let userId = '';
  let key = '';
  let before: Buffer;
  let after: Buffer;
  let openApi: OpenApi;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);

  /** Every JSON answer of the API must match its OpenAPI description. */
  function expectContract(response: LightMyRequestResponse, route: string, method: string) {
    const operation = openApi.paths[route]?.[method];
    const described = operation?.responses[String(response.statusCode)];
    expect(described, `${method} ${route} documents ${response.statusCode}`).toBeDefined();
    const schema = described?.content?.['application/json']?.schema;
    if (!schema) return;
    const validate = ajv.compile({ ...schema, components: openApi.components });
    const body: unknown = response.json();
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  }

  function api(
    method: 'GET' | 'POST',
    url: string,
    options: { key?: string; payload?: object; headers?: Record<string, string> } = {},
  ) {
    return app.inject({
      method,
      url,
      headers: {
        ...(options.key === '' ? {} : { authorization: `Bearer ${options.key ?? key}` }),
        ...options.headers,
      },
      ...(options.payload ? { payload: options.payload } : {}),
    });
  }

  async function createKey(sessionCookie: string, name = 'Zapier'): Promise<string> {
    const response = await app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: { cookie: sessionCookie },
      payload: { name },
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ key: string }>().key;
  }

  async function balance(id = userId): Promise<number> {
    return (await test.runtime.credits.getBalance(id)).total;
  }

  async function waitForStatus(id: string, status: string) {
    // Twice a second stays under Enterprise's 200 calls in any 60 s (a sliding window), so
    // polling through a slow render leaves the next tests' calls room.
    for (let attempt = 0; attempt < 240; attempt += 1) {
      const response = await api('GET', `/api/v1/videos/${id}`);
      if (response.json<{ status: string }>().status === status) return response;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error(`video ${id} never became ${status}`);
  }

  beforeAll(async () => {
    test = await openTestRuntime('pglite', { WEBHOOK_ALLOW_LOOPBACK: 'true' });
    pipeline = await openVideoPipeline(test.config, test.runtime, {
      renderer: new WorkerRenderer(1, { ffmpegPath: null, faceDetection: false }),
      inspector: engineImageInspector,
      log: { info: () => undefined, error: () => undefined },
    });
    publicApi = openPublicApi(test.config, test.runtime, pipeline, {
      log: { warn: () => undefined },
      retryDelaysMs: [150, 150, 150, 150, 150, 150],
    });
    app = await buildApp({
      config: test.config,
      auth: test.runtime.auth,
      profiles: test.runtime.profiles,
      audit: test.runtime.audit,
      isDatabaseReady: test.runtime.database.isReady,
      videoPipeline: pipeline,
      publicApi,
    });
    receiverUrl = await receiver.start();
    ({ cookie, userId } = await signUpForCookie(app, ORIGIN));
    // Enterprise allows 200 requests a minute, so polling below never meets the limit.
    await test.runtime.database.db
      .updateTable('profiles')
      .set({ plan: 'enterprise', videos_remaining: 10, videos_total: 50 })
      .where('user_id', '=', userId)
      .execute();
    key = await createKey(cookie);
    [before, after] = await Promise.all([paintedPhoto(0), paintedPhoto(25)]);
    openApi = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json<OpenApi>();
  });

  afterAll(async () => {
    await receiver.stop();
    await app.close();
    await publicApi.close();
    await pipeline.close();
    await test.dispose();
  });

  it('publishes an OpenAPI 3.1 document with every endpoint, examples and the webhook', () => {
    expect(openApi).toMatchObject({ openapi: '3.1.0' });
    expect(Object.keys(openApi.paths)).toEqual(
      expect.arrayContaining(['/api/v1/generate', '/api/v1/videos', '/api/v1/videos/{id}']),
    );
    const schemas = openApi.components.schemas;
    expect(Object.keys(schemas)).toEqual(
      expect.arrayContaining([
        'GenerateRequest',
        'GenerateOptions',
        'Video',
        'Error',
        'WebhookEvent',
      ]),
    );
    expect(schemas.GenerateRequest).toHaveProperty('example');
    expect(JSON.stringify(schemas.GenerateOptions)).toContain('animate_after_smile');
  });

  it(
    'renders two photos end to end: 202, status to completed, signed webhook, MP4 download',
    {
      timeout: 180_000,
    },
    async () => {
      const credits = await balance();
      const accepted = await api('POST', '/api/v1/generate', {
        payload: {
          before_image: before.toString('base64'),
          after_image: `data:image/jpeg;base64,${after.toString('base64')}`,
          options: { animation: 'animate_after_surprise', effect: 'subtle_zoom', speed: 'fast' },
          treated_area: 'lips',
          aspect: '9:16',
          title: 'Lip filler, week 2',
          webhook_url: `${receiverUrl}/hooks/glowreel`,
          consent_attested: true,
        },
      });
      expect(accepted.statusCode).toBe(202);
      expectContract(accepted, '/api/v1/generate', 'post');
      const { id } = accepted.json<{ id: string }>();

      const done = await waitForStatus(id, 'completed');
      expectContract(done, '/api/v1/videos/{id}', 'get');
      const video = done.json<{ download_url: string; thumbnail_url: string; duration: number }>();
      expect(video.duration).toBeCloseTo(8, 1);
      expect(await balance()).toBe(credits - 1);

      await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBeGreaterThan(0);
      const hook = receiver.received[0];
      const signature = String(hook?.headers['webhook-signature']);
      const [, timestamp, digest] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature) ?? [];
      const secret = (
        await app.inject({ method: 'GET', url: '/api/webhook-secret', headers: { cookie } })
      ).json<{ secret: string }>().secret;
      const expected = createHmac('sha256', secret)
        .update(`${timestamp}.${hook?.body}`)
        .digest('hex');
      expect(digest).toBe(expected);
      const event = JSON.parse(hook?.body ?? '{}') as { type: string; data: { id: string } };
      expect(event).toMatchObject({ type: 'video.completed', data: { id } });

      const fileUrl = new URL(video.download_url);
      const download = await app.inject({
        method: 'GET',
        url: `${fileUrl.pathname}${fileUrl.search}`,
      });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('video/mp4');
      const folder = mkdtempSync(path.join(tmpdir(), 'glowreel-api-'));
      try {
        const file = path.join(folder, 'video.mp4');
        writeFileSync(file, download.rawPayload);
        const probe = await probeVideo(file);
        // Enterprise renders at 1080p (DESIGN.md D3), vertical here.
        expect(probe).toMatchObject({ codec: 'h264', width: 1080, height: 1920 });
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
      // A tampered or expired link is refused. The signature's first digit is changed to
      // another one (set to '0', one link in 16 already began with it and was not tampered).
      const tampered = await app.inject({
        method: 'GET',
        url: `${fileUrl.pathname}${fileUrl.search.replace(
          /signature=(.)/,
          (_, first: string) => `signature=${first === '0' ? '1' : '0'}`,
        )}`,
      });
      expect(tampered.statusCode).toBe(403);
    },
  );

  it('takes multipart uploads with a composite image', { timeout: 180_000 }, async () => {
    const composite = await compositeOf(before, after);
    const boundary = '----api-test';
    const field = (name: string, value: string) =>
      `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const payload = Buffer.concat([
      Buffer.from(field('consent_attested', 'true') + field('options', '{"speed":"slow"}')),
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="composite_image"; filename="c.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`,
      ),
      composite,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/generate',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    expect(response.statusCode).toBe(202);
    expectContract(response, '/api/v1/generate', 'post');
    await waitForStatus(response.json<{ id: string }>().id, 'completed');
  });

  it(
    'answers a repeated Idempotency-Key with the first response and spends one credit',
    {
      timeout: 180_000,
    },
    async () => {
      const payload = {
        composite_image: before.toString('base64'),
        consent_attested: true,
        aspect: '1:1',
      };
      const headers = { 'idempotency-key': `order-${crypto.randomUUID()}` };
      const credits = await balance();
      const first = await api('POST', '/api/v1/generate', { payload, headers });
      const second = await api('POST', '/api/v1/generate', { payload, headers });
      expect(first.statusCode).toBe(202);
      expect(second.statusCode).toBe(202);
      expect(second.json()).toEqual(first.json());
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(await balance()).toBe(credits - 1);

      const conflict = await api('POST', '/api/v1/generate', {
        payload: { ...payload, aspect: '16:9' },
        headers,
      });
      expect(conflict.statusCode).toBe(409);
      expect(conflict.json()).toMatchObject({ error: { code: 'idempotency_conflict' } });
      expectContract(conflict, '/api/v1/generate', 'post');
      expect(await balance()).toBe(credits - 1);
      await waitForStatus(first.json<{ id: string }>().id, 'completed');
    },
  );

  it.each([
    ['no images', { consent_attested: true }, 400, 'missing_image'],
    ['half a pair', { before_image: 'aGVsbG8=', consent_attested: true }, 400, 'missing_image'],
    ['no consent', { composite_image: 'aGVsbG8=' }, 400, 'consent_required'],
    [
      'an unknown animation',
      { composite_image: 'aGVsbG8=', consent_attested: true, options: { animation: 'twirl' } },
      400,
      'invalid_option',
    ],
    [
      'an unknown option',
      { composite_image: 'aGVsbG8=', consent_attested: true, options: { sparkle: true } },
      400,
      'invalid_option',
    ],
    [
      'text instead of a photo',
      { composite_image: 'aGVsbG8=', consent_attested: true },
      400,
      'invalid_image_format',
    ],
    [
      'a private webhook address',
      {
        composite_image: 'PLACEHOLDER',
        consent_attested: true,
        webhook_url: 'https://10.0.0.7/hook',
      },
      400,
      'invalid_webhook_url',
    ],
    [
      'a plain-http webhook',
      {
        composite_image: 'PLACEHOLDER',
        consent_attested: true,
        webhook_url: 'http://example.com/hook',
      },
      400,
      'invalid_webhook_url',
    ],
  ])('refuses %s with its code and spends nothing', async (_label, body, status, code) => {
    const credits = await balance();
    const payload =
      'composite_image' in body && body.composite_image === 'PLACEHOLDER'
        ? { ...body, composite_image: before.toString('base64') }
        : body;
    const response = await api('POST', '/api/v1/generate', { payload });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ error: { code } });
    expectContract(response, '/api/v1/generate', 'post');
    expect(await balance()).toBe(credits);
  });

  it(
    'takes HEIC photos (the iPhone default) as before_image/after_image and renders them',
    { timeout: 180_000 },
    async () => {
      const heic = (lift: number) => paintedPhoto(lift).then((jpeg) => encodeHeic(jpeg));
      const credits = await balance();
      const cutOff = (await heic(0)).subarray(0, 700);
      const refused = await api('POST', '/api/v1/generate', {
        payload: {
          before_image: (await heic(0)).toString('base64'),
          after_image: cutOff.toString('base64'),
          consent_attested: true,
        },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: { code: 'truncated_image' } });
      expect(await balance()).toBe(credits);

      const accepted = await api('POST', '/api/v1/generate', {
        payload: {
          before_image: (await heic(0)).toString('base64'),
          after_image: (await heic(30)).toString('base64'),
          consent_attested: true,
        },
      });
      expect(accepted.statusCode).toBe(202);
      await waitForStatus(accepted.json<{ id: string }>().id, 'completed');
      expect(await balance()).toBe(credits - 1);
    },
  );

  it('holds each photo of a pair to 64 px a side, not the 128 a composite needs, and spends nothing', async () => {
    const credits = await balance();
    const square = await paintedPhoto(0, 100, 100);
    const sliver = await paintedPhoto(0, 50, 100);
    const response = await api('POST', '/api/v1/generate', {
      payload: {
        before_image: square.toString('base64'),
        after_image: sliver.toString('base64'),
        consent_attested: true,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: {
        code: 'image_too_small',
        message:
          'The image is 50 × 100 px; a before or after photo must be at least 64 × 64 px. Upload the original, full-size photo.',
      },
    });
    expectContract(response, '/api/v1/generate', 'post');
    expect(await balance()).toBe(credits);
  });

  it('answers 402 insufficient_credits when the account has no credit left', async () => {
    const broke = await signUpForCookie(app, ORIGIN);
    const brokeKey = await createKey(broke.cookie);
    await test.runtime.database.db
      .updateTable('profiles')
      .set({ credits_free: 0, credits_bonus: 0, videos_remaining: 0 })
      .where('user_id', '=', broke.userId)
      .execute();
    const response = await api('POST', '/api/v1/generate', {
      key: brokeKey,
      payload: { composite_image: before.toString('base64'), consent_attested: true },
    });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ error: { code: 'insufficient_credits' } });
    expectContract(response, '/api/v1/generate', 'post');
    const videos = await test.runtime.database.db
      .selectFrom('videos')
      .select('id')
      .where('user_id', '=', broke.userId)
      .execute();
    expect(videos).toEqual([]);
  });

  it('refuses a missing, malformed, unknown or revoked key with 401', async () => {
    const spare = await createKey(cookie, 'to revoke');
    const list = await app.inject({ method: 'GET', url: '/api/keys', headers: { cookie } });
    const listed = list.json<{ keys: { id: string; name: string; prefix: string }[] }>().keys;
    const entry = listed.find((item) => item.name === 'to revoke');
    expect(entry?.prefix).toBe(spare.slice(0, entry?.prefix.length));
    expect(JSON.stringify(list.json())).not.toContain(spare);
    expect((await api('GET', '/api/v1/videos', { key: spare })).statusCode).toBe(200);
    const revoke = await app.inject({
      method: 'DELETE',
      url: `/api/keys/${entry?.id}`,
      headers: { cookie },
    });
    expect(revoke.statusCode).toBe(204);
    for (const candidate of [spare, '', 'not-a-key', 'grk_live_unknownunknownunknown']) {
      const response = await api('GET', '/api/v1/videos', { key: candidate });
      expect(response.statusCode).toBe(401);
      expectContract(response, '/api/v1/videos', 'get');
    }
  });

  it("answers 404 for another account's video, and lists only the caller's", async () => {
    const other = await signUpForCookie(app, ORIGIN);
    const otherKey = await createKey(other.cookie);
    const mine = await api('GET', '/api/v1/videos?limit=1');
    const myId = mine.json<{ data: { id: string }[] }>().data[0]?.id;
    const response = await api('GET', `/api/v1/videos/${myId}`, { key: otherKey });
    expect(response.statusCode).toBe(404);
    expectContract(response, '/api/v1/videos/{id}', 'get');
    const theirs = await api('GET', '/api/v1/videos', { key: otherKey });
    expect(theirs.json()).toEqual({ data: [], has_more: false, next_cursor: null });
  });

  it('pages the list newest first with a cursor', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=1&cursor=${cursor}` : '?limit=1';
      const page = await api('GET', `/api/v1/videos${query}`);
      expectContract(page, '/api/v1/videos', 'get');
      const body = page.json<{
        data: { id: string; created_at: string }[];
        next_cursor: string | null;
      }>();
      seen.push(...body.data.map((video) => video.id));
      cursor = body.next_cursor;
    } while (cursor);
    const all = await api('GET', '/api/v1/videos?limit=100');
    const ids = all.json<{ data: { id: string }[] }>().data.map((video) => video.id);
    expect(seen).toEqual(ids);
    expect(ids.length).toBeGreaterThanOrEqual(3);
    const bad = await api('GET', '/api/v1/videos?cursor=bm9wZQ');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'invalid_cursor' } });
  });

  it('counts requests per plan: headers count down, then 429 with Retry-After', async () => {
    const free = await signUpForCookie(app, ORIGIN);
    const freeKey = await createKey(free.cookie);
    const remaining: number[] = [];
    for (let call = 0; call < 5; call += 1) {
      const response = await api('GET', '/api/v1/videos', { key: freeKey });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-ratelimit-limit']).toBe('5');
      expect(Number(response.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
      remaining.push(Number(response.headers['x-ratelimit-remaining']));
    }
    expect(remaining).toEqual([4, 3, 2, 1, 0]);
    const limited = await api('GET', '/api/v1/videos', { key: freeKey });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    expect(limited.json()).toMatchObject({ error: { code: 'rate_limited' } });
    expectContract(limited, '/api/v1/videos', 'get');
  });

  it(
    'retries a failing webhook receiver and logs every attempt',
    { timeout: 180_000 },
    async () => {
      receiver.received.length = 0;
      receiver.failuresLeft = 2;
      const accepted = await api('POST', '/api/v1/generate', {
        payload: {
          composite_image: before.toString('base64'),
          consent_attested: true,
          webhook_url: `${receiverUrl}/flaky`,
        },
      });
      const { id } = accepted.json<{ id: string }>();
      await waitForStatus(id, 'completed');
      await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(3);
      const deliveries = await app.inject({
        method: 'GET',
        url: '/api/webhook-deliveries',
        headers: { cookie },
      });
      const delivery = deliveries
        .json<{
          deliveries: { video_id: string; status: string; attempts: { status_code: number }[] }[];
        }>()
        .deliveries.find((item) => item.video_id === id);
      await expect
        .poll(async () => {
          const again = await app.inject({
            method: 'GET',
            url: '/api/webhook-deliveries',
            headers: { cookie },
          });
          return again
            .json<{ deliveries: { video_id: string; status: string }[] }>()
            .deliveries.find((item) => item.video_id === id)?.status;
        })
        .toBe('delivered');
      expect(delivery?.attempts.map((attempt) => attempt.status_code).slice(0, 2)).toEqual([
        500, 500,
      ]);
      // The same event id on every try, so a receiver can drop duplicates.
      const eventIds = receiver.received.map(
        (hook) => (JSON.parse(hook.body) as { id: string }).id,
      );
      expect(new Set(eventIds).size).toBe(1);
    },
  );
});
