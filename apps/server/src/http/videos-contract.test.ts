import { videoListSchema, videoRecordSchema } from '@glowreel/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { FakeRenderer } from '../testing/fake-renderer.ts';
import { signUpForCookie } from '../testing/session-cookie.ts';
import { openTestRuntime, type TestRuntime } from '../testing/test-runtime.ts';
import { insertVideoRow } from '../testing/video-rows.ts';
import { openVideoPipeline, type VideoPipeline } from '../video-pipeline.ts';
import { coreDependencies } from '../testing/test-app.ts';

const ORIGIN = 'http://localhost:3999';

// The SPA parses these replies with the contracts' schemas (no hand parser any more): a field
// renamed or retyped here must fail a test, not the screen.
describe('the signed-in video replies match the contracts', () => {
  let test: TestRuntime;
  let app: FastifyInstance;
  let pipeline: VideoPipeline;
  beforeAll(async () => {
    test = await openTestRuntime('pglite');
    // Nothing is uploaded here: the rows are written directly, in each state the SPA shows.
    pipeline = await openVideoPipeline(test.config, test.runtime, {
      renderer: new FakeRenderer(),
      inspector: {
        inspect: () => Promise.reject(new Error('no uploads in this test')),
        inspectLogo: () => Promise.resolve({ contentType: 'image/png' }),
        inspectProfilePhoto: () => Promise.resolve({ contentType: 'image/png' }),
      },
      log: { info: () => undefined, error: () => undefined },
    });
    app = await buildApp({
      ...coreDependencies(test),
      videoPipeline: pipeline,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await pipeline.close();
    await test.dispose();
  });

  function videoOf(userId: string, status: 'processing' | 'completed') {
    const isDone = status === 'completed';
    return insertVideoRow(test.runtime, userId, {
      status,
      title: `A ${status} video`,
      width: 1080,
      height: 1920,
      video_key: isDone ? 'finished.mp4' : null,
      thumbnail_key: isDone ? 'finished.jpg' : null,
      processing_time_ms: isDone ? 4200 : null,
      file_size: isDone ? 1_843_200 : null,
      duration: isDone ? 8 : null,
      completed_at: isDone ? new Date() : null,
    });
  }

  it('GET /api/videos and GET /api/videos/:id parse with videoListSchema and videoRecordSchema', async () => {
    const clinic = await signUpForCookie(app, ORIGIN);
    const done = await videoOf(clinic.userId, 'completed');
    const running = await videoOf(clinic.userId, 'processing');
    const headers = { cookie: clinic.cookie };

    const list = await app.inject({ method: 'GET', url: '/api/videos', headers });
    expect(list.statusCode).toBe(200);
    const { videos } = videoListSchema.parse(list.json());
    expect(videos.map((video) => [video.id, video.status]).sort()).toEqual(
      [
        [done, 'completed'],
        [running, 'processing'],
      ].sort(),
    );

    const one = await app.inject({ method: 'GET', url: `/api/videos/${done}`, headers });
    expect(videoRecordSchema.parse(one.json())).toMatchObject({
      id: done,
      status: 'completed',
      downloadUrl: `/api/videos/${done}/download`,
      fileSize: 1_843_200,
      progress: 100,
      warnings: [],
    });
  });
});
