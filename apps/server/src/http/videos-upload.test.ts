import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { engineImageInspector } from '../engine/engine-image-inspector.ts';
import { FakeRenderer } from '../testing/fake-renderer.ts';
import { multipart } from '../testing/multipart.ts';
import { openTestRuntime, type TestRuntime } from '../testing/test-runtime.ts';
import { openVideoPipeline, type VideoPipeline } from '../video-pipeline.ts';

const ORIGIN = 'http://localhost:3999';

function solidPng(width: number, height: number, background = { r: 200, g: 120, b: 90 }) {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

describe('uploaded photos are checked by the engine before anything is written', () => {
  let test: TestRuntime;
  let app: FastifyInstance;
  let pipeline: VideoPipeline;
  let cookie = '';
  let userId = '';

  beforeAll(async () => {
    test = await openTestRuntime('pglite');
    pipeline = await openVideoPipeline(test.config, test.runtime, {
      renderer: new FakeRenderer(),
      inspector: engineImageInspector,
      log: { info: () => undefined, error: () => undefined },
    });
    app = await buildApp({
      config: test.config,
      auth: test.runtime.auth,
      profiles: test.runtime.profiles,
      isDatabaseReady: test.runtime.database.isReady,
      videoPipeline: pipeline,
    });
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      payload: { name: 'Upload Clinic', email: 'uploads@spa.example', password: 'radiant2024' },
    });
    cookie = signUp.cookies.map((entry) => `${entry.name}=${entry.value}`).join('; ');
    userId = signUp.json<{ user: { id: string } }>().user.id;
  });
  afterAll(async () => {
    await app.close();
    await pipeline.close();
    await test.dispose();
  });

  async function post(image: Buffer) {
    const body = multipart({ consent: 'true' }, image);
    return app.inject({
      method: 'POST',
      url: '/api/videos',
      headers: { ...body.headers, cookie },
      payload: body.payload,
    });
  }

  async function nothingWritten() {
    const videos = await test.runtime.database.db
      .selectFrom('videos')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    const balance = await test.runtime.credits.getBalance(userId);
    return videos.length === 0 && balance.total === 5;
  }

  it.each([
    ['an empty file', () => Promise.resolve(Buffer.alloc(0)), 400, 'empty_image'],
    [
      'a text file',
      () => Promise.resolve(Buffer.from('hello, this is not a photo')),
      400,
      'invalid_image_format',
    ],
    [
      'an SVG',
      () =>
        Promise.resolve(
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
        ),
      400,
      'invalid_image_format',
    ],
    [
      'a truncated PNG',
      async () => (await solidPng(800, 600)).subarray(0, 400),
      400,
      'truncated_image',
    ],
    [
      'an animated GIF',
      async () =>
        sharp([await solidPng(64, 64), await solidPng(64, 64, { r: 20, g: 40, b: 200 })], {
          join: { animated: true },
        })
          .gif()
          .toBuffer(),
      400,
      'animated_image',
    ],
    [
      'a photo over 10 MB',
      () => Promise.resolve(Buffer.alloc(10 * 1024 * 1024 + 10, 1)),
      413,
      'payload_too_large',
    ],
  ])(
    'refuses %s with its code, and writes no record and spends no credit',
    async (_label, makeImage, status, code) => {
      const response = await post(await makeImage());
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ error: { code } });
      expect(await nothingWritten()).toBe(true);
    },
  );

  it('accepts a small photo and warns that it is under 720 px', async () => {
    const response = await post(await solidPng(640, 360));
    expect(response.statusCode).toBe(202);
    const record = response.json<{ warnings: { code: string }[] }>();
    expect(record.warnings.map((warning) => warning.code)).toContain('below_minimum_resolution');
    await pipeline.queue.drain();
  });
});
