import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { VideosRepository } from '../db/videos.repository.ts';
import { openPublicApi, type PublicApi } from '../public-api.ts';
import { FakeRenderer } from '../testing/fake-renderer.ts';
import { signUpForCookie } from '../testing/session-cookie.ts';
import { coreDependencies } from '../testing/test-app.ts';
import { DATABASE_KINDS, openTestRuntime, type TestRuntime } from '../testing/test-runtime.ts';
import { insertVideoRow } from '../testing/video-rows.ts';
import { openVideoPipeline, type VideoPipeline } from '../video-pipeline.ts';
import {
  DEFAULT_RENDER_MS,
  RECENT_RENDERS,
  RenderTimeEstimate,
  medianOf,
} from './render-time-estimate.ts';

const ORIGIN = 'http://localhost:3999';

describe('medianOf', () => {
  it('takes the middle value, or the mean of the middle two', () => {
    expect(medianOf([])).toBeNull();
    expect(medianOf([9, 1, 5])).toBe(5);
    expect(medianOf([4, 1, 10, 6])).toBe(5);
  });
});

describe.each(DATABASE_KINDS)('render time estimate on %s', (kind) => {
  let test: TestRuntime;
  let app: FastifyInstance;
  let pipeline: VideoPipeline;
  let publicApi: PublicApi;
  const renderer = new FakeRenderer();
  let userId = '';
  let key = '';

  beforeAll(async () => {
    test = await openTestRuntime(kind, { RENDER_CONCURRENCY: '2' });
    pipeline = await openVideoPipeline(test.config, test.runtime, {
      renderer,
      inspector: {
        inspect: () => Promise.resolve({ width: 1920, height: 1080, warnings: [] }),
        inspectLogo: () => Promise.resolve({ contentType: 'image/png' }),
        inspectProfilePhoto: () => Promise.resolve({ contentType: 'image/png' }),
      },
      log: { info: () => undefined, error: () => undefined },
    });
    publicApi = openPublicApi(test.config, test.runtime, pipeline, {
      log: { warn: () => undefined },
    });
    app = await buildApp({ ...coreDependencies(test), videoPipeline: pipeline, publicApi });
    let cookie = '';
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
      payload: { name: 'Estimates' },
    });
    key = created.json<{ key: string }>().key;
  });

  afterAll(async () => {
    renderer.release();
    await app.close();
    await publicApi.close();
    await pipeline.close();
    await test.dispose();
  });

  /** A render of `size` that finished `minutesAgo` and took `ms`. */
  function pastRender(size: { width: number; height: number }, ms: number, minutesAgo: number) {
    return insertVideoRow(test.runtime, userId, {
      ...size,
      status: 'completed',
      processing_time_ms: ms,
      completed_at: new Date(Date.now() - minutesAgo * 60_000),
    });
  }

  it('takes the median of the latest renders of that size, and a default before any', async () => {
    const size = { width: 1280, height: 720 };
    const estimate = new RenderTimeEstimate({
      videos: new VideosRepository(test.runtime.database.db),
      ownerId: 'nobody',
      concurrency: 2,
    });
    expect(await estimate.typicalRenderMs(size)).toBe(DEFAULT_RENDER_MS.smaller);
    expect(await estimate.typicalRenderMs({ width: 1080, height: 1920 })).toBe(
      DEFAULT_RENDER_MS.fullHd,
    );

    // Older than the latest RECENT_RENDERS: slow, and no longer counted.
    for (let index = 0; index < 5; index += 1) await pastRender(size, 60_000, 500 + index);
    // The latest: 3, 4, …, 22 s, so the median is 12.5 s.
    for (let index = 0; index < RECENT_RENDERS; index += 1) {
      await pastRender(size, 3_000 + index * 1_000, 100 - index);
    }
    // Another size does not count.
    await pastRender({ width: 720, height: 1280 }, 90_000, 1);
    expect(await estimate.typicalRenderMs(size)).toBe(12_500);
  });

  it('answers estimated_completion from the queue ahead and the recent render times', async () => {
    // 1080p renders lately took 6 s (median of 5, 6 and 40 s).
    for (const [ms, minutesAgo] of [
      [5_000, 3],
      [40_000, 2],
      [6_000, 1],
    ] as const) {
      await pastRender({ width: 1920, height: 1080 }, ms, minutesAgo);
    }
    // Four renders accepted at once; two run at a time and none finishes meanwhile.
    renderer.hold();
    const accepted: { created_at: string; estimated_completion: string }[] = [];
    for (let index = 0; index < 4; index += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/generate',
        headers: { authorization: `Bearer ${key}` },
        payload: { composite_image: 'AAAA', consent_attested: true },
      });
      expect(response.statusCode).toBe(202);
      accepted.push(response.json());
    }
    const waits = accepted.map(
      (video) => Date.parse(video.estimated_completion) - Date.parse(video.created_at),
    );
    expect(waits).toEqual([6_000, 6_000, 12_000, 12_000]);
    renderer.release();
    await pipeline.queue.drain();
  });
});
