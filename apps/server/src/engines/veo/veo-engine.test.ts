import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readClipInfo, resolveFfmpegPath } from '@glowreel/engine/node';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { VEO_NOTICE } from '@glowreel/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { engineImageInspector } from '../../engine/engine-image-inspector.ts';
import type { VideoEvent } from '../../jobs/progress-bus.ts';
import { WorkerRenderer } from '../../jobs/worker-renderer.ts';
import { multipart } from '../../testing/multipart.ts';
import { signUpForCookie } from '../../testing/session-cookie.ts';
import { compositePhoto } from '../../testing/test-photos.ts';
import { openPipelineTestApp } from '../../testing/pipeline-test-app.ts';
import { DATABASE_KINDS, openTestRuntime, type TestRuntime } from '../../testing/test-runtime.ts';
import type { VideoPipeline } from '../../video-pipeline.ts';
import { startVeoFake, type VeoFake } from './veo-fake.testing.ts';

const ORIGIN = 'http://localhost:3999';
const run = promisify(execFile);
const QUOTA_MESSAGE = 'Video generation quota exceeded. Please try again in a few minutes.';

interface Video {
  id: string;
  status: string;
  engine: string;
  errorCode: string | null;
  errorMessage: string | null;
  duration: number | null;
  provenance: Record<string, unknown> | null;
}

describe.each(DATABASE_KINDS)('the Veo engine against its loopback fake, on %s', (kind) => {
  let fake: VeoFake;
  let test: TestRuntime;
  let pipeline: VideoPipeline;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let composite: Buffer;
  /** Every log line and every answer body: the key must appear in none. */
  const logged: string[] = [];
  const answered: string[] = [];
  const events = new Map<string, VideoEvent[]>();

  beforeAll(async () => {
    fake = await startVeoFake();
    test = await openTestRuntime(kind, {
      VEO_API_KEY: fake.apiKey,
      VEO_API_URL: fake.url,
      // Long enough for the slow scenario's polls and a 1080p download on a busy machine,
      // short enough for the never-finishing one to time out within the test.
      VEO_TIMEOUT_SECONDS: '8',
      VEO_POLL_SECONDS: '0.05',
    });
    const log = (details: object, message: string) =>
      logged.push(`${message} ${JSON.stringify(details, errorFields)}`);
    ({ app, pipeline, close } = await openPipelineTestApp(test, {
      renderer: new WorkerRenderer(1, { ffmpegPath: null, faceDetection: false }),
      inspector: engineImageInspector,
      log,
    }));
    composite = await compositePhoto();
  });
  afterAll(async () => {
    await close();
    await test.dispose();
    await fake.close();
  });
  beforeEach(() => {
    fake.scenario = 'success';
    fake.clipResolution = null;
  });

  async function call(request: InjectOptions) {
    const response: LightMyRequestResponse = await app.inject(request);
    answered.push(response.body, JSON.stringify(response.headers));
    return response;
  }

  /** A new clinic (5 credits) whose owner accepted the notice. */
  async function optedInClinic() {
    const clinic = await signUpForCookie(app, ORIGIN);
    const accepted = await call({
      method: 'POST',
      url: '/api/engines/veo/opt-in',
      headers: { cookie: clinic.cookie, origin: ORIGIN },
      payload: { accept: true },
    });
    expect(accepted.statusCode).toBe(200);
    return clinic;
  }

  async function generate(cookie: string, fields: Record<string, string> = {}) {
    const body = multipart({ consent: 'true', engine: 'veo', ...fields }, composite);
    const response = await call({
      method: 'POST',
      url: '/api/videos',
      headers: { ...body.headers, cookie, origin: ORIGIN },
      payload: body.payload,
    });
    if (response.statusCode === 202) {
      const { id } = response.json<{ id: string }>();
      const seen: VideoEvent[] = [];
      events.set(id, seen);
      pipeline.progress.subscribe(id, (event) => seen.push(event));
    }
    return response;
  }

  async function settled(cookie: string, id: string): Promise<Video> {
    for (let attempt = 0; attempt < 600; attempt += 1) {
      const response = await call({ method: 'GET', url: `/api/videos/${id}`, headers: { cookie } });
      const video = response.json<Video>();
      if (video.status !== 'processing') return video;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`video ${id} never finished`);
  }

  async function credits(userId: string) {
    return (await test.runtime.credits.getBalance(userId)).total;
  }

  it('lists the engine with its price, and refuses it until an owner accepted the notice', async () => {
    const clinic = await signUpForCookie(app, ORIGIN);
    const listed = await call({
      method: 'GET',
      url: '/api/engines',
      headers: { cookie: clinic.cookie },
    });
    expect(listed.json()).toMatchObject({
      engines: [
        { id: 'builtin', available: true, accepted: true, creditsPerVideo: 1 },
        { id: 'veo', available: true, accepted: false, creditsPerVideo: 3 },
      ],
    });
    const refused = await generate(clinic.cookie);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ error: { code: 'engine_unavailable' } });
    expect(await credits(clinic.userId)).toBe(5);
    expect(fake.submitted.length).toBe(0);

    const accepted = await call({
      method: 'POST',
      url: '/api/engines/veo/opt-in',
      headers: { cookie: clinic.cookie, origin: ORIGIN },
      payload: { accept: true },
    });
    expect(accepted.json()).toMatchObject({
      engine: 'veo',
      accepted: true,
      noticeVersion: VEO_NOTICE.version,
    });
    const row = await test.runtime.database.db
      .selectFrom('engine_opt_ins')
      .selectAll()
      .where('user_id', '=', clinic.userId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ engine: 'veo', accepted_by: clinic.userId });
    const after = await call({
      method: 'GET',
      url: '/api/engines',
      headers: { cookie: clinic.cookie },
    });
    expect(after.json<{ engines: { accepted: boolean }[] }>().engines[1]?.accepted).toBe(true);
  });

  it('refuses an opt-in without {"accept": true}', async () => {
    const clinic = await signUpForCookie(app, ORIGIN);
    const response = await call({
      method: 'POST',
      url: '/api/engines/veo/opt-in',
      headers: { cookie: clinic.cookie, origin: ORIGIN },
      payload: { accept: false },
    });
    expect(response.statusCode).toBe(400);
    expect(
      await test.runtime.database.db
        .selectFrom('engine_opt_ins')
        .selectAll()
        .where('user_id', '=', clinic.userId)
        .execute(),
    ).toEqual([]);
  });

  it('makes a labelled video from the after photo, charges its price once and records its provenance', async () => {
    const clinic = await optedInClinic();
    const submittedBefore = fake.submitted.length;
    const response = await generate(clinic.cookie, { aspect: '16:9', motionSpeed: 'slow' });
    expect(response.statusCode).toBe(202);
    const { id } = response.json<{ id: string }>();
    expect(await credits(clinic.userId)).toBe(2);
    const video = await settled(clinic.cookie, id);
    expect(video).toMatchObject({ status: 'completed', engine: 'veo', errorCode: null });
    expect(await credits(clinic.userId)).toBe(2);

    // What the provider was sent: the after panel as PNG, and the documented parameters.
    const sent = fake.submitted[submittedBefore];
    expect(sent).toMatchObject({
      model: 'veo-3.1-generate-preview',
      mimeType: 'image/png',
      aspectRatio: '16:9',
      durationSeconds: 8,
      personGeneration: 'allow_adult',
      resolution: '720p',
    });
    expect(sent?.prompt).toContain('Slow, calm movement');
    expect(sent?.negativePrompt).toContain('changing skin texture');
    const firstFrame = await sharp(sent?.imageBytes).metadata();
    // The composite is 1300 × 800 with two 640 × 800 panels: only the after panel is sent.
    expect(firstFrame.format).toBe('png');
    expect(firstFrame.width).toBeLessThan(700);
    expect(firstFrame.height).toBe(800);

    // The template (8 s) with the 2 s clip inserted before its end card, silent, 30 fps.
    const download = await call({
      method: 'GET',
      url: `/api/videos/${id}/download`,
      headers: { cookie: clinic.cookie },
    });
    expect(download.statusCode).toBe(200);
    const dir = mkdtempSync(path.join(tmpdir(), 'veo-test-'));
    try {
      const file = path.join(dir, 'video.mp4');
      writeFileSync(file, download.rawPayload);
      const info = await readClipInfo(file, null);
      expect(info).toMatchObject({ width: 1280, height: 720, fps: 30, hasAudio: false });
      expect(info.durationSeconds).toBeCloseTo(10, 0);
      // Every generated second carries the label: its tinted pill darkens the clip under it
      // (the fake's clip alone measures about 70 there, under the pill about 30).
      const label = (video.provenance as { label: { rect: Rect } }).label.rect;
      for (const at of [6.5, 7.4, 8.3]) {
        expect(await meanLuma(file, at, label), `label at ${at} s`).toBeLessThan(45);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(video.duration).toBeCloseTo(10, 0);
    expect(video.provenance).toMatchObject({
      engine: 'veo',
      model: 'veo-3.1-generate-preview',
      prompt: sent?.prompt,
      negativePrompt: sent?.negativePrompt,
      parameters: { aspectRatio: '16:9', durationSeconds: 8, personGeneration: 'allow_adult' },
      generatedSeconds: [{ from: 6.4, to: 8.4 }],
      label: { text: 'AI-generated motion' },
      providerClip: { width: 1280, height: 720, fps: 24, audio: 'dropped' },
    });
    // The SPEC's generation stages, in order.
    const names = (events.get(id) ?? []).flatMap((event) =>
      event.type === 'progress' ? [event.stageName] : [],
    );
    expect([...new Set(names)]).toEqual([
      'Preparing Image',
      'Sending to AI',
      'Generating Video',
      'Finalizing Result',
    ]);
  });

  it('waits through several polls and takes a 1080p clip for a vertical video', async () => {
    fake.scenario = 'slow';
    fake.clipResolution = '1080p';
    const clinic = await optedInClinic();
    const pollsBefore = fake.polls;
    const response = await generate(clinic.cookie, { aspect: '9:16' });
    const video = await settled(clinic.cookie, response.json<{ id: string }>().id);
    expect(video).toMatchObject({ status: 'completed', engine: 'veo', errorCode: null });
    expect(fake.polls - pollsBefore).toBeGreaterThanOrEqual(4);
    expect(video.provenance).toMatchObject({
      parameters: { aspectRatio: '9:16' },
      providerClip: { width: 1080, height: 1920 },
      operation: { polls: 4 },
    });
  });

  it.each([
    ['quota', 'generation_quota_exceeded', QUOTA_MESSAGE],
    ['safety', 'generation_refused', 'reason category: children'],
    ['server-error', 'generation_failed', 'could not generate the video'],
    ['never-finishes', 'generation_timed_out', 'did not finish the video in time'],
    ['malformed', 'generation_failed', 'could not generate the video'],
  ] as const)(
    'a %s answer fails the video as %s and refunds every credit',
    async (scenario, code, words) => {
      fake.scenario = scenario;
      const clinic = await optedInClinic();
      const response = await generate(clinic.cookie);
      expect(response.statusCode).toBe(202);
      const { id } = response.json<{ id: string }>();
      expect(await credits(clinic.userId)).toBe(2);
      const video = await settled(clinic.cookie, id);
      expect(video).toMatchObject({ status: 'failed', engine: 'veo', errorCode: code });
      expect(video.errorMessage).toContain(words);
      expect(video.errorMessage).toContain('Your credits were refunded.');
      expect(await credits(clinic.userId)).toBe(5);
      const failed = (events.get(id) ?? []).find((event) => event.type === 'failed');
      expect(failed).toMatchObject({ errorCode: code });
    },
  );

  it('stops a generation the clinic cancels and refunds it; a built-in video is not cancelable', async () => {
    fake.scenario = 'never-finishes';
    const clinic = await optedInClinic();
    const { id } = (await generate(clinic.cookie)).json<{ id: string }>();
    const canceled = await call({
      method: 'POST',
      url: `/api/videos/${id}/cancel`,
      headers: { cookie: clinic.cookie, origin: ORIGIN },
    });
    expect(canceled.statusCode).toBe(200);
    const video = await settled(clinic.cookie, id);
    expect(video).toMatchObject({ status: 'failed', errorCode: 'generation_canceled' });
    expect(await credits(clinic.userId)).toBe(5);

    const stranger = await signUpForCookie(app, ORIGIN);
    const notTheirs = await call({
      method: 'POST',
      url: `/api/videos/${id}/cancel`,
      headers: { cookie: stranger.cookie, origin: ORIGIN },
    });
    expect(notTheirs.statusCode).toBe(404);
  });

  it('takes engine=veo on POST /api/v1/generate and shows the engine on the API video', async () => {
    fake.scenario = 'quota';
    const clinic = await optedInClinic();
    const created = await call({
      method: 'POST',
      url: '/api/keys',
      headers: { cookie: clinic.cookie, origin: ORIGIN },
      payload: { name: 'Zapier' },
    });
    const authorization = `Bearer ${created.json<{ key: string }>().key}`;
    const body = multipart({ consent_attested: 'true', engine: 'veo' }, null, {
      composite_image: composite,
    });
    const accepted = await call({
      method: 'POST',
      url: '/api/v1/generate',
      headers: { ...body.headers, authorization },
      payload: body.payload,
    });
    expect(accepted.statusCode).toBe(202);
    const { id, created_at, estimated_completion } = accepted.json<{
      id: string;
      created_at: string;
      estimated_completion: string;
    }>();
    // Minutes with the provider, not a render's seconds.
    expect(Date.parse(estimated_completion) - Date.parse(created_at)).toBeGreaterThanOrEqual(
      120_000,
    );
    await settled(clinic.cookie, id);
    const video = await call({
      method: 'GET',
      url: `/api/v1/videos/${id}`,
      headers: { authorization },
    });
    expect(video.json()).toMatchObject({
      engine: 'veo',
      status: 'failed',
      error_code: 'generation_quota_exceeded',
    });
    expect(await credits(clinic.userId)).toBe(5);
  });

  it('never lets the key out: no answer, header, log line or error quotes it, and every request carried it', () => {
    expect(answered.length).toBeGreaterThan(20);
    expect(logged.length).toBeGreaterThan(5);
    for (const text of [...answered, ...logged]) expect(text).not.toContain(fake.apiKey);
    expect(fake.keyRejections).toBe(0);
  });
});

describe('without VEO_API_KEY', () => {
  let test: TestRuntime;
  let app: FastifyInstance;
  let close: () => Promise<void>;

  beforeAll(async () => {
    test = await openTestRuntime('pglite');
    ({ app, close } = await openPipelineTestApp(test, {
      renderer: new WorkerRenderer(1, { ffmpegPath: null, faceDetection: false }),
      inspector: engineImageInspector,
    }));
  });
  afterAll(async () => {
    await close();
    await test.dispose();
  });

  it('says the engine is unavailable, refuses it with 422, and leaves built-in videos as they were', async () => {
    expect(test.config.veo).toBeNull();
    const clinic = await signUpForCookie(app, ORIGIN);
    const listed = await app.inject({
      method: 'GET',
      url: '/api/engines',
      headers: { cookie: clinic.cookie },
    });
    expect(listed.json()).toMatchObject({
      engines: [
        { id: 'builtin', available: true },
        { id: 'veo', available: false, accepted: false },
      ],
    });
    const optIn = await app.inject({
      method: 'POST',
      url: '/api/engines/veo/opt-in',
      headers: { cookie: clinic.cookie, origin: ORIGIN },
      payload: { accept: true },
    });
    expect(optIn.statusCode).toBe(422);
    const photo = await compositePhoto();
    const veo = multipart({ consent: 'true', engine: 'veo' }, photo);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/videos',
      headers: { ...veo.headers, cookie: clinic.cookie, origin: ORIGIN },
      payload: veo.payload,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ error: { code: 'engine_unavailable' } });
    expect((await test.runtime.credits.getBalance(clinic.userId)).total).toBe(5);

    const builtin = multipart({ consent: 'true' }, photo);
    const accepted = await app.inject({
      method: 'POST',
      url: '/api/videos',
      headers: { ...builtin.headers, cookie: clinic.cookie, origin: ORIGIN },
      payload: builtin.payload,
    });
    expect(accepted.statusCode).toBe(202);
    expect(accepted.json()).toMatchObject({ engine: 'builtin' });
    expect((await test.runtime.credits.getBalance(clinic.userId)).total).toBe(4);

    const created = await app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: { cookie: clinic.cookie, origin: ORIGIN },
      payload: { name: 'Zapier' },
    });
    const api = multipart({ consent_attested: 'true', engine: 'veo' }, null, {
      composite_image: photo,
    });
    const apiRefused = await app.inject({
      method: 'POST',
      url: '/api/v1/generate',
      headers: { ...api.headers, authorization: `Bearer ${created.json<{ key: string }>().key}` },
      payload: api.payload,
    });
    expect(apiRefused.statusCode).toBe(422);
    expect(apiRefused.json()).toMatchObject({ error: { code: 'engine_unavailable' } });
    expect((await test.runtime.credits.getBalance(clinic.userId)).total).toBe(4);
  });
});

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Mean luma of the label pill's left margin (no text there) in the frame at `seconds`. */
async function meanLuma(file: string, seconds: number, rect: Rect): Promise<number> {
  const png = await run(
    resolveFfmpegPath(),
    [
      ...['-hide_banner', '-loglevel', 'error', '-ss', String(seconds), '-i', file],
      ...['-frames:v', '1', '-f', 'image2pipe', '-vcodec', 'png', '-'],
    ],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  const margin = Math.max(2, Math.floor(rect.height * 0.25));
  const { data, info } = await sharp(png.stdout)
    .extract({
      left: rect.x + 2,
      top: rect.y + margin,
      width: margin,
      height: rect.height - 2 * margin,
    })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let sum = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    sum += 0.2126 * (data[i] ?? 0) + 0.7152 * (data[i + 1] ?? 0) + 0.0722 * (data[i + 2] ?? 0);
  }
  return sum / (data.length / info.channels);
}

/** Errors serialise with their message and cause, as the server's log writes them. */
function errorFields(_key: string, value: unknown): unknown {
  if (value instanceof Error) {
    return { name: value.name, message: value.message, stack: value.stack, cause: value.cause };
  }
  return value;
}
