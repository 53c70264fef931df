import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { encodeHeic } from '@glowreel/engine/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { engineImageInspector } from '../engine/engine-image-inspector.ts';
import { FakeRenderer } from '../testing/fake-renderer.ts';
import { multipart } from '../testing/multipart.ts';
import { DATABASE_KINDS, openTestRuntime, type TestRuntime } from '../testing/test-runtime.ts';
import { openVideoPipeline, type VideoPipeline } from '../video-pipeline.ts';

const ORIGIN = 'http://localhost:3999';

function solidPng(width: number, height: number, background = { r: 200, g: 120, b: 90 }) {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

describe.each(DATABASE_KINDS)('the web form with two photos (before, after) on %s', (kind) => {
  let test: TestRuntime;
  let app: FastifyInstance;
  let pipeline: VideoPipeline;
  const renderer = new FakeRenderer();
  let cookie = '';
  let userId = '';

  beforeAll(async () => {
    test = await openTestRuntime(kind);
    pipeline = await openVideoPipeline(test.config, test.runtime, {
      renderer,
      inspector: engineImageInspector,
      log: { info: () => undefined, error: () => undefined },
    });
    app = await buildApp({
      config: test.config,
      auth: test.runtime.auth,
      profiles: test.runtime.profiles,
      audit: test.runtime.audit,
      isDatabaseReady: test.runtime.database.isReady,
      videoPipeline: pipeline,
    });
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      payload: { name: 'Pair Clinic', email: `pairs-${kind}@spa.example`, password: 'radiant2024' },
    });
    cookie = signUp.cookies.map((entry) => `${entry.name}=${entry.value}`).join('; ');
    userId = signUp.json<{ user: { id: string } }>().user.id;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await pipeline?.close();
    await test?.dispose();
  });

  async function post(files: Record<string, Buffer>) {
    const body = multipart({ consent: 'true' }, null, files);
    return app.inject({
      method: 'POST',
      url: '/api/videos',
      headers: { ...body.headers, cookie },
      payload: body.payload,
    });
  }

  async function written() {
    const videos = await test.runtime.database.db
      .selectFrom('videos')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    return {
      videos: videos.length,
      credits: (await test.runtime.credits.getBalance(userId)).total,
    };
  }

  it('accepts a before and an after photo and renders them as a pair, in that order', async () => {
    const seen = renderer.requests.length;
    renderer.hold();
    try {
      const before = await solidPng(800, 1000, { r: 200, g: 40, b: 40 });
      const after = await solidPng(900, 1100, { r: 40, g: 40, b: 200 });
      const response = await post({ beforeImage: before, afterImage: after });
      expect(response.statusCode).toBe(202);
      // The job starts after the reply; its temp files exist until the (held) render ends.
      await vi.waitFor(() => expect(renderer.requests.length).toBe(seen + 1));
      const request = renderer.requests[seen];
      expect(request?.afterInputPath).not.toBeNull();
      expect(await readFile(request?.inputPath ?? '')).toEqual(before);
      expect(await readFile(request?.afterInputPath ?? '')).toEqual(after);
    } finally {
      renderer.release();
    }
    await pipeline.queue.drain();
  });

  it('accepts HEIC photos (the iPhone default) in the pair', async () => {
    const before = encodeHeic(await solidPng(800, 1000, { r: 200, g: 40, b: 40 }));
    const after = await solidPng(800, 1000, { r: 40, g: 40, b: 200 });
    const response = await post({ beforeImage: before, afterImage: after });
    expect(response.statusCode).toBe(202);
    await pipeline.queue.drain();
  });

  it.each([
    ['only a before photo', ['beforeImage'], 400, 'missing_image', /afterImage is missing/],
    ['only an after photo', ['afterImage'], 400, 'missing_image', /beforeImage is missing/],
    [
      'a composite and a pair at once',
      ['image', 'beforeImage', 'afterImage'],
      400,
      'invalid_request',
      /either image .* or beforeImage with afterImage/,
    ],
    ['no photo at all', [], 400, 'bad_request', /upload a composite/],
  ])(
    'refuses %s with a clear error, and writes no record and spends no credit',
    async (_label, fields, status, code, message) => {
      const before = await written();
      const photo = await solidPng(800, 800);
      const response = await post(Object.fromEntries(fields.map((field) => [field, photo])));
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ error: { code } });
      expect(response.json<{ error: { message: string } }>().error.message).toMatch(message);
      expect(await written()).toEqual(before);
    },
  );

  it.each([
    ['an after photo that is not an image', 'afterImage', 'invalid_image_format'],
    ['a before photo under 64 px', 'beforeImage', 'image_too_small'],
    ['a cut-off HEIC after photo', 'afterImage', 'truncated_image'],
  ])('checks each photo of the pair like the API: refuses %s', async (label, field, code) => {
    const before = await written();
    const good = await solidPng(800, 800);
    const bad = label.includes('HEIC')
      ? encodeHeic(await solidPng(800, 800)).subarray(0, 600)
      : label.includes('64 px')
        ? await solidPng(50, 900)
        : Buffer.from('not a photo at all, just words');
    const files =
      field === 'afterImage'
        ? { beforeImage: good, afterImage: bad }
        : { beforeImage: bad, afterImage: good };
    const response = await post(files);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code } });
    expect(await written()).toEqual(before);
  });
});
