import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { PrometheusMetrics } from './prometheus-metrics.ts';
import type { ImageInspector } from '../services/videos.service.ts';
import { FakeRenderer } from '../testing/fake-renderer.ts';
import { multipart } from '../testing/multipart.ts';
import { seriesLabels, seriesValue } from '../testing/prometheus-text.ts';
import { signUpForCookie } from '../testing/session-cookie.ts';
import { coreDependencies } from '../testing/test-app.ts';
import { openTestRuntime, type TestRuntime } from '../testing/test-runtime.ts';
import { openVideoPipeline, type VideoPipeline } from '../video-pipeline.ts';

const ORIGIN = 'http://localhost:3999';
const TOKEN = 'metrics-token-for-tests-0123456789';
const PHOTO = Buffer.from('any bytes: the inspector below accepts them');

/** Any upload is a 1920×1080 photo: the figures around a render are what is tested here. */
const anyPhoto: ImageInspector = {
  inspect: () => Promise.resolve({ width: 1920, height: 1080, warnings: [] }),
  inspectLogo: () => Promise.resolve({ contentType: 'image/png' }),
  inspectProfilePhoto: () => Promise.resolve({ contentType: 'image/png' }),
};

// PGlite only: what is counted does not depend on the database.
describe('GET /metrics', () => {
  let test: TestRuntime;
  let app: FastifyInstance;
  let pipeline: VideoPipeline;
  const renderer = new FakeRenderer();

  beforeAll(async () => {
    // One render at a time, so a second upload waits in the queue.
    test = await openTestRuntime('pglite', { METRICS_TOKEN: TOKEN, RENDER_CONCURRENCY: '1' });
    pipeline = await openVideoPipeline(test.config, test.runtime, {
      renderer,
      inspector: anyPhoto,
      log: { info: () => undefined, error: () => undefined },
    });
    app = await buildApp({
      ...coreDependencies(test),
      videoPipeline: pipeline,
      metrics: test.runtime.metrics,
    });
  });
  afterAll(async () => {
    await app.close();
    await pipeline.close();
    await test.dispose();
  });

  async function scrape(): Promise<string> {
    const response = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    return response.body;
  }

  async function clinicOnPlan(plan: 'free' | 'pro'): Promise<string> {
    const { cookie, userId } = await signUpForCookie(app, ORIGIN);
    if (plan !== 'free')
      await test.runtime.database.db
        .updateTable('profiles')
        .set({ plan, videos_remaining: 20, videos_total: 20 })
        .where('user_id', '=', userId)
        .execute();
    return cookie;
  }

  async function upload(cookie: string): Promise<string> {
    const body = multipart({ consent: 'true', aspect: '16:9' }, PHOTO);
    const response = await app.inject({
      method: 'POST',
      url: '/api/videos',
      headers: { ...body.headers, cookie },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(202);
    return response.json<{ id: string }>().id;
  }

  async function templateOf(videoId: string): Promise<string> {
    const row = await test.runtime.database.db
      .selectFrom('videos')
      .select('template')
      .where('id', '=', videoId)
      .executeTakeFirstOrThrow();
    return row.template ?? 'none';
  }

  it('is not there (404) when METRICS_TOKEN is not set', async () => {
    const withoutToken = await buildApp({
      ...coreDependencies(test),
      config: { ...test.config, metrics: { token: null, workerPort: null } },
    });
    try {
      const response = await withoutToken.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('glowreel_');
    } finally {
      await withoutToken.close();
    }
  });

  it.each([
    ['no Authorization header', undefined],
    ['a wrong token', 'Bearer metrics-token-for-tests-0123456780'],
    ['the token without "Bearer"', TOKEN],
    ['the token as Basic credentials', `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`],
  ])('answers 401 in the one error shape with %s', async (_label, authorization) => {
    const response = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: authorization === undefined ? {} : { authorization },
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toMatch(/^Bearer /);
    const { error } = response.json<{ error: { code: string; message: string } }>();
    expect(Object.keys(response.json<object>())).toEqual(['error']);
    expect(error.code).toBe('unauthorized');
    expect(error.message).toContain('Authorization: Bearer <METRICS_TOKEN>');
    expect(response.body).not.toContain('glowreel_');
  });

  it('answers Prometheus text with the right bearer token', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    for (const [name, type] of [
      ['glowreel_http_request_duration_seconds', 'histogram'],
      ['glowreel_render_duration_seconds', 'histogram'],
      ['glowreel_render_failures_total', 'counter'],
      ['glowreel_webhook_delivery_attempts_total', 'counter'],
      ['glowreel_queue_jobs', 'gauge'],
      ['glowreel_queue_oldest_waiting_seconds', 'gauge'],
    ])
      expect(response.body).toContain(`# TYPE ${name} ${type}`);
  });

  it('times requests under their route pattern and status class, never their URL', async () => {
    const cookie = await clinicOnPlan('free');
    const videoId = await upload(cookie);
    await pipeline.queue.drain();
    const missingId = crypto.randomUUID();
    const series = (route: string, statusClass: string) => ({
      method: 'GET',
      route,
      status_class: statusClass,
    });
    const count = 'glowreel_http_request_duration_seconds_count';
    const before = await scrape();

    for (let index = 0; index < 2; index += 1)
      await app.inject({ method: 'GET', url: `/api/videos/${videoId}`, headers: { cookie } });
    await app.inject({ method: 'GET', url: `/api/videos/${missingId}`, headers: { cookie } });
    await app.inject({ method: 'GET', url: `/api/no-such-thing/${missingId}?id=${videoId}` });
    const after = await scrape();

    const added = (labels: Record<string, string>) =>
      seriesValue(after, count, labels) - seriesValue(before, count, labels);
    expect(added(series('/api/videos/:id', '2xx'))).toBe(2);
    expect(added(series('/api/videos/:id', '4xx'))).toBe(1);
    expect(added(series('unmatched', '4xx'))).toBe(1);
    const routes = seriesLabels(after, count).map((labels) => labels.route ?? '');
    expect(routes.filter((route) => /[0-9a-f]{8}-[0-9a-f]{4}/.test(route))).toEqual([]);
    expect(after).not.toContain(videoId);
    expect(after).not.toContain(missingId);
  });

  it('records each completed render by plan size and template, and the upload request', async () => {
    const before = await scrape();
    const onFree = await upload(await clinicOnPlan('free'));
    const onPro = await upload(await clinicOnPlan('pro'));
    await pipeline.queue.drain();
    const after = await scrape();

    const count = 'glowreel_render_duration_seconds_count';
    const added = (labels: Record<string, string>) =>
      seriesValue(after, count, labels) - seriesValue(before, count, labels);
    expect(added({ size: '720p', template: await templateOf(onFree) })).toBe(1);
    expect(added({ size: '1080p', template: await templateOf(onPro) })).toBe(1);
    const uploads = { method: 'POST', route: '/api/videos', status_class: '2xx' };
    expect(
      seriesValue(after, 'glowreel_http_request_duration_seconds_count', uploads) -
        seriesValue(before, 'glowreel_http_request_duration_seconds_count', uploads),
    ).toBe(2);
  });

  it('counts failed renders by stage and failure code', async () => {
    const cookie = await clinicOnPlan('free');
    const before = await scrape();
    try {
      renderer.failWith = 'the painter gave up';
      await upload(cookie);
      await pipeline.queue.drain();
      renderer.failWith = null;
      renderer.failAt = { stage: 1, error: new Error('not a photo after all') };
      await upload(cookie);
      await pipeline.queue.drain();
    } finally {
      renderer.failWith = null;
      renderer.failAt = null;
    }
    const after = await scrape();

    const failures = 'glowreel_render_failures_total';
    const added = (labels: Record<string, string>) =>
      seriesValue(after, failures, labels) - seriesValue(before, failures, labels);
    expect(added({ stage: 'painting', code: 'painting_failed' })).toBe(1);
    expect(added({ stage: 'decode', code: 'photo_unreadable' })).toBe(1);
  });

  it('reads the render queue’s depth and oldest wait when scraped', async () => {
    const cookie = await clinicOnPlan('free');
    renderer.hold();
    let during: string;
    try {
      await upload(cookie);
      await upload(cookie);
      during = await scrape();
    } finally {
      renderer.release();
    }
    await pipeline.queue.drain();
    const after = await scrape();

    const jobs = 'glowreel_queue_jobs';
    const oldest = 'glowreel_queue_oldest_waiting_seconds';
    expect(seriesValue(during, jobs, { queue: 'render', state: 'active' })).toBe(1);
    expect(seriesValue(during, jobs, { queue: 'render', state: 'waiting' })).toBe(1);
    expect(seriesLabels(during, oldest)).toEqual([{ queue: 'render' }]);
    expect(seriesValue(during, oldest, { queue: 'render' })).toBeGreaterThanOrEqual(0);
    expect(seriesValue(after, jobs, { queue: 'render', state: 'active' })).toBe(0);
    expect(seriesValue(after, jobs, { queue: 'render', state: 'waiting' })).toBe(0);
    expect(seriesValue(after, oldest, { queue: 'render' })).toBe(0);
  });

  it('keeps each registry’s figures apart (tests build many apps in one process)', async () => {
    const [first, second] = [new PrometheusMetrics(), new PrometheusMetrics()];
    first.renderFailed('encoding_failed');
    const count = (metrics: PrometheusMetrics) =>
      metrics.exposition().then(({ body }) =>
        seriesValue(body, 'glowreel_render_failures_total', {
          stage: 'encoding',
          code: 'encoding_failed',
        }),
      );
    expect([await count(first), await count(second)]).toEqual([1, 0]);
  });
});

describe('METRICS_TOKEN', () => {
  const load = (token: string) => loadConfig({ METRICS_TOKEN: token }, '/srv');

  it('is refused when short or spaced, without echoing it', () => {
    for (const token of ['short', 'a token with spaces in it']) {
      expect(() => load(token)).toThrow(ConfigError);
      try {
        load(token);
      } catch (error) {
        expect((error as ConfigError).message).toMatch(/^ {2}- METRICS_TOKEN: must /m);
        expect((error as ConfigError).message).not.toContain(token);
      }
    }
  });

  it('turns the endpoint on when set, and leaves it off when not', () => {
    expect(load(TOKEN).metrics).toEqual({ token: TOKEN });
    expect(loadConfig({}, '/srv').metrics).toEqual({ token: null });
  });
});
