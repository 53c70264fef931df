import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderFailureMessage, type RenderFailureCode } from '@glowreel/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { VideoEvent } from '../jobs/progress-bus.ts';
import { openPublicApi, type PublicApi } from '../public-api.ts';
import { FakeRenderer } from '../testing/fake-renderer.ts';
import { signUpForCookie } from '../testing/session-cookie.ts';
import { coreDependencies } from '../testing/test-app.ts';
import { DATABASE_KINDS, openTestRuntime, type TestRuntime } from '../testing/test-runtime.ts';
import { WebhookReceiver } from '../testing/webhook-receiver.ts';
import { openVideoPipeline, type VideoPipeline } from '../video-pipeline.ts';

const ORIGIN = 'http://localhost:3999';
const PHOTO = Buffer.from('any bytes: the inspector below accepts them').toString('base64');

/** What a renderer's own error says: a path, a source file, a stack. None of it is for users. */
function internalError(detail: string, code?: string): Error {
  const error = new Error(
    `${detail} for /srv/glowreel/apps/server/src/jobs/render.worker.ts (INTERNAL-DETAIL)`,
  );
  if (code) Object.assign(error, { code });
  return error;
}

/** True when a text users see carries something of the internal failure. */
function leaksInternals(text: string): boolean {
  return /INTERNAL-DETAIL|\/srv\/|\.ts\b|ENOTDIR|EEXIST|\n\s+at |ffmpeg exited/.test(text);
}

describe.each(DATABASE_KINDS)('render failures on %s', (kind) => {
  let test: TestRuntime;
  let app: FastifyInstance;
  let pipeline: VideoPipeline;
  let publicApi: PublicApi;
  const renderer = new FakeRenderer();
  const receiver = new WebhookReceiver();
  const logged: { details: object; message: string }[] = [];
  // Every event the renders publish, from before the request: a render that fails at once
  // may publish before a listener subscribed after the request's answer would be attached.
  const published: { videoId: string; event: VideoEvent }[] = [];
  let receiverUrl = '';
  let cookie = '';
  let userId = '';
  let key = '';

  beforeAll(async () => {
    test = await openTestRuntime(kind, { WEBHOOK_ALLOW_LOOPBACK: 'true' });
    const log = {
      info: () => undefined,
      error: (details: object, message: string) => logged.push({ details, message }),
    };
    pipeline = await openVideoPipeline(test.config, test.runtime, {
      renderer,
      inspector: {
        inspect: () => Promise.resolve({ width: 1920, height: 1080, warnings: [] }),
        inspectLogo: () => Promise.resolve({ contentType: 'image/png' }),
        inspectProfilePhoto: () => Promise.resolve({ contentType: 'image/png' }),
      },
      log,
    });
    const publish = pipeline.progress.publish.bind(pipeline.progress);
    pipeline.progress.publish = (videoId, event) => {
      published.push({ videoId, event });
      publish(videoId, event);
    };
    publicApi = openPublicApi(test.config, test.runtime, pipeline, {
      log: { warn: () => undefined },
      retryDelaysMs: [100, 100, 100],
    });
    app = await buildApp({ ...coreDependencies(test), videoPipeline: pipeline, publicApi });
    receiverUrl = await receiver.start();
    ({ cookie, userId } = await signUpForCookie(app, ORIGIN));
    await test.runtime.database.db
      .updateTable('profiles')
      .set({ plan: 'enterprise', videos_remaining: 50, videos_total: 50 })
      .where('user_id', '=', userId)
      .execute();
    const created = await app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: { cookie },
      payload: { name: 'Failures' },
    });
    key = created.json<{ key: string }>().key;
  });

  afterAll(async () => {
    await receiver.stop();
    await app.close();
    await publicApi.close();
    await pipeline.close();
    await test.dispose();
  });

  beforeEach(() => {
    renderer.failAt = null;
    logged.length = 0;
  });

  /** Starts a render through the public API and returns its id and the events it published. */
  async function renderThatFails(): Promise<{ id: string; events: VideoEvent[] }> {
    const accepted = await app.inject({
      method: 'POST',
      url: '/api/v1/generate',
      headers: { authorization: `Bearer ${key}` },
      payload: {
        composite_image: PHOTO,
        consent_attested: true,
        webhook_url: `${receiverUrl}/hooks`,
      },
    });
    expect(accepted.statusCode).toBe(202);
    const { id } = accepted.json<{ id: string }>();
    await pipeline.queue.drain();
    const events = published.filter((entry) => entry.videoId === id).map((entry) => entry.event);
    return { id, events };
  }

  async function expectPlainFailure(id: string, events: VideoEvent[], code: RenderFailureCode) {
    const message = renderFailureMessage(code, id);
    expect(message).toContain(id);
    expect(leaksInternals(message)).toBe(false);

    // What the signed-in app shows: the live event, the record, the history and the SSE catch-up.
    expect(events.at(-1)).toEqual({ type: 'failed', errorCode: code, errorMessage: message });
    const record = await app.inject({ url: `/api/videos/${id}`, headers: { cookie } });
    expect(record.json()).toMatchObject({
      status: 'failed',
      errorCode: code,
      errorMessage: message,
    });
    const history = await app.inject({ url: '/api/videos', headers: { cookie } });
    const listed = history
      .json<{ videos: { id: string }[] }>()
      .videos.find((video) => video.id === id);
    expect(listed).toMatchObject({ errorCode: code, errorMessage: message });
    const stream = await app.inject({ url: `/api/videos/${id}/events`, headers: { cookie } });
    expect(stream.body).toContain(
      JSON.stringify({ type: 'failed', errorCode: code, errorMessage: message }),
    );

    // What an API client sees, one video and the list.
    const auth = { authorization: `Bearer ${key}` };
    const apiVideo = await app.inject({ url: `/api/v1/videos/${id}`, headers: auth });
    expect(apiVideo.json()).toMatchObject({ status: 'failed', error: message, error_code: code });
    const apiList = await app.inject({ url: '/api/v1/videos', headers: auth });
    expect(apiList.json<{ data: { id: string }[] }>().data.find((v) => v.id === id)).toMatchObject({
      error: message,
      error_code: code,
    });

    // What the webhook carries.
    await expect
      .poll(() => receiver.received.find((hook) => hook.body.includes(id)), { timeout: 10_000 })
      .toBeDefined();
    const hook = receiver.received.find((entry) => entry.body.includes(id));
    const event = JSON.parse(hook?.body ?? '{}') as { type: string; data: object };
    expect(event).toMatchObject({
      type: 'video.failed',
      data: { error: message, error_code: code },
    });

    for (const seen of [record.body, history.body, stream.body, apiVideo.body, apiList.body]) {
      expect(leaksInternals(seen), seen).toBe(false);
    }
    expect(leaksInternals(hook?.body ?? ''), hook?.body).toBe(false);
  }

  /** The server log keeps the internal reason, under the video id the user quotes. */
  function expectLogged(id: string, internalText: RegExp) {
    const entry = logged.find(
      (line) =>
        line.message === 'video render failed' &&
        (line.details as { videoId?: string }).videoId === id,
    );
    expect(entry).toBeDefined();
    const err = (entry?.details as { err?: Error }).err;
    const told = `${err?.message ?? ''} ${String((err?.cause as Error | undefined)?.message)}`;
    expect(told).toMatch(internalText);
  }

  const stages: {
    name: string;
    stage: 1 | 2 | 3 | 4;
    code: RenderFailureCode;
    error: () => Error;
  }[] = [
    {
      name: 'decode',
      stage: 1,
      code: 'photo_unreadable',
      error: () => internalError('Input buffer has corrupt header: VipsJpeg: premature end'),
    },
    {
      name: 'faces',
      stage: 2,
      code: 'face_analysis_failed',
      error: () => internalError('Unknown file extension ".ts" for human.node-wasm model'),
    },
    {
      name: 'paint',
      stage: 3,
      code: 'painting_failed',
      error: () => internalError('paint worker exited with code 134'),
    },
    {
      name: 'ffmpeg',
      stage: 3,
      code: 'encoding_failed',
      error: () =>
        internalError('ffmpeg exited with code 1 while encoding video.mp4', 'encoder_failed'),
    },
    {
      name: 'ffmpeg finishing',
      stage: 4,
      code: 'encoding_failed',
      error: () => internalError('ffmpeg was killed by SIGKILL while encoding video.mp4'),
    },
  ];

  for (const failure of stages) {
    it(`tells users, API clients and webhooks a plain ${failure.code} when ${failure.name} fails`, async () => {
      renderer.failAt = { stage: failure.stage, error: failure.error() };
      const { id, events } = await renderThatFails();
      await expectPlainFailure(id, events, failure.code);
      expectLogged(id, /INTERNAL-DETAIL/);
    });
  }

  it('tells them a plain storage_failed when the finished video cannot be stored', async () => {
    // A file where the clinic's video folder belongs: the storage's mkdir fails with its path.
    const videosRoot = path.join(test.config.dataDir, 'videos');
    mkdirSync(videosRoot, { recursive: true });
    writeFileSync(path.join(videosRoot, userId), 'not a folder');
    try {
      const { id, events } = await renderThatFails();
      await expectPlainFailure(id, events, 'storage_failed');
      expectLogged(id, /EEXIST|ENOTDIR/);
    } finally {
      // Later tests store videos again.
      rmSync(path.join(videosRoot, userId), { force: true });
    }
  });

  it('refunds the credit of a failed render', async () => {
    const before = (await test.runtime.credits.getBalance(userId)).total;
    renderer.failAt = { stage: 3, error: internalError('paint worker exited') };
    await renderThatFails();
    expect((await test.runtime.credits.getBalance(userId)).total).toBe(before);
  });
});
