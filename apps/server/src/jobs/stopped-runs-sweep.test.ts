import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineImageInspector } from '../engine/engine-image-inspector.ts';
import { FakeRenderer } from '../testing/fake-renderer.ts';
import { createTestUser, openTestRuntime, type TestRuntime } from '../testing/test-runtime.ts';
import { insertVideoRow } from '../testing/video-rows.ts';
import { openVideoPipeline, type VideoPipeline } from '../video-pipeline.ts';

// Embedded mode: a job of this very server whose run ended without ending its record (the
// database refused the final write) is ended by the periodic sweep, not only at a restart.
describe('the embedded sweep', () => {
  let test: TestRuntime;
  let pipeline: VideoPipeline;

  beforeAll(async () => {
    // A sweep every 2 s (one per lease).
    test = await openTestRuntime('pglite', { JOB_LEASE_MS: '2000', JOB_HEARTBEAT_MS: '1000' });
    pipeline = await openVideoPipeline(test.config, test.runtime, {
      renderer: new FakeRenderer(),
      inspector: engineImageInspector,
      log: { info: () => undefined, error: () => undefined },
    });
  });
  afterAll(async () => {
    await pipeline.close();
    await test.dispose();
  });

  async function statusOf(videoId: string) {
    const row = await test.runtime.database.db
      .selectFrom('videos')
      .innerJoin('credit_reservations', 'credit_reservations.id', 'videos.reservation_id')
      .select(['videos.status', 'videos.error_code', 'credit_reservations.status as credit'])
      .where('videos.id', '=', videoId)
      .executeTakeFirstOrThrow();
    return row;
  }

  it("ends this server's job that no run holds, refunded, and leaves a new one alone", async () => {
    const user = await createTestUser(test.runtime);
    const processing = {
      status: 'processing' as const,
      options: JSON.stringify({ branding: {} }),
      input_path: 'uploaded',
      owner_id: pipeline.owner.id,
    };
    const stopped = await insertVideoRow(test.runtime, user.id, {
      ...processing,
      updated_at: new Date(Date.now() - 5 * 60_000),
    });
    // Written a moment ago: a job between its record and its place in the queue.
    const justWritten = await insertVideoRow(test.runtime, user.id, processing);

    for (let waited = 0; (await statusOf(stopped)).status === 'processing'; waited += 100) {
      if (waited > 20_000) throw new Error('the sweep never ended the stopped job');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await statusOf(stopped)).toEqual({
      status: 'failed',
      error_code: 'render_failed',
      credit: 'refunded',
    });
    expect(await statusOf(justWritten)).toMatchObject({ status: 'processing', credit: 'reserved' });
  });
});
