import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { makeAnimatedPng } from '@glowreel/engine/testing';
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
  const renderer = new FakeRenderer();
  let cookie = '';
  let userId = '';

  beforeAll(async () => {
    test = await openTestRuntime('pglite');
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

  async function post(image: Buffer, files: Record<string, Buffer> = {}) {
    const body = multipart({ consent: 'true' }, image, files);
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

  async function countWritten() {
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
      'a 1 × 1 GIF',
      () =>
        sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
          .gif()
          .toBuffer(),
      400,
      'image_too_small',
    ],
    ['a 127 × 64 PNG (two 63 px panels)', () => solidPng(127, 64), 400, 'image_too_small'],
    [
      'a 3-frame animated PNG',
      async () =>
        makeAnimatedPng([
          await solidPng(200, 100),
          await solidPng(200, 100, { r: 20, g: 40, b: 200 }),
          await solidPng(200, 100, { r: 240, g: 240, b: 20 }),
        ]),
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

  it.each([
    [
      'is not an image',
      () => Promise.resolve(Buffer.from('%PDF-1.7 clinic letterhead')),
      'invalid_image_format',
    ],
    [
      'is over 2 MB',
      () => Promise.resolve(Buffer.alloc(2 * 1024 * 1024 + 10, 1)),
      'image_too_large',
    ],
    [
      'is animated',
      async () =>
        sharp([await solidPng(32, 32), await solidPng(32, 32, { r: 0, g: 0, b: 0 })], {
          join: { animated: true },
        })
          .gif()
          .toBuffer(),
      'animated_image',
    ],
  ])(
    'refuses a logo that %s as invalid_logo, and writes no record and spends no credit',
    async (_label, makeLogo, reason) => {
      const before = await countWritten();
      const response = await post(await solidPng(800, 800), { logo: await makeLogo() });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'invalid_logo', details: { field: 'logo', reason } },
      });
      expect(response.json<{ error: { message: string } }>().error.message).toMatch(
        /^The logo could not be used\. /,
      );
      expect(await countWritten()).toEqual(before);
    },
  );

  it('hands a good logo to the renderer for the job only', async () => {
    const logo = await solidPng(300, 100, { r: 250, g: 200, b: 20 });
    const seenDuringRender: boolean[] = [];
    renderer.hold();
    const earlier = renderer.requests.length;
    const response = await post(await solidPng(800, 800), { logo });
    expect(response.statusCode).toBe(202);
    await expect.poll(() => renderer.requests.length).toBe(earlier + 1);
    const request = renderer.requests.at(-1);
    expect(request?.logoPath).toBeTruthy();
    seenDuringRender.push(existsSync(request?.logoPath ?? ''));
    renderer.release();
    await pipeline.queue.drain();
    expect(seenDuringRender).toEqual([true]);
    // D13: nothing of the upload outlives the job, the logo included.
    expect(existsSync(request?.logoPath ?? '')).toBe(false);
    expect(existsSync(request?.inputPath ?? '')).toBe(false);
  });
});
