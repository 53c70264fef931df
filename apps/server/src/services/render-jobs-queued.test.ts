import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VideosRepository } from '../db/videos.repository.ts';
import { FakeRenderer } from '../testing/fake-renderer.ts';
import { createTestUser, openTestRuntime, type TestRuntime } from '../testing/test-runtime.ts';
import { insertVideoRow } from '../testing/video-rows.ts';
import { renderJobWorker } from '../testing/render-job-worker.ts';
import { LocalVideoStorage } from '../storage/local-video-storage.ts';
import { TempUploadFiles } from '../storage/temp-upload-files.ts';
import { MAX_RENDER_ATTEMPTS, type RenderJobsService } from './render-jobs.service.ts';

// Scale mode (issue #19 §1): BullMQ may hand one job to a second worker while the first,
// taken for dead, still renders. The record decides which of them finishes it.
describe('render jobs taken from the queue', () => {
  let test: TestRuntime;
  let folder: string;
  let storage: LocalVideoStorage;
  let uploads: TempUploadFiles;
  const finished: string[] = [];
  const failedEvents: string[] = [];

  beforeAll(async () => {
    test = await openTestRuntime('pglite');
    folder = mkdtempSync(path.join(tmpdir(), 'glowreel-queued-'));
    storage = new LocalVideoStorage(path.join(folder, 'videos'));
    uploads = new TempUploadFiles(path.join(folder, 'uploads'));
  });
  afterAll(async () => {
    await test.dispose();
    rmSync(folder, { recursive: true, force: true });
  });

  function worker(renderer: FakeRenderer): RenderJobsService {
    return renderJobWorker(test.runtime, {
      renderer,
      storage,
      uploads,
      folder,
      onEvent: (videoId, event) => {
        if (event.type === 'failed') failedEvents.push(videoId);
      },
      onFinished: (videoId) => finished.push(videoId),
    }).jobs;
  }

  async function queuedVideo(attempts = 0) {
    const user = await createTestUser(test.runtime);
    const videoId = await insertVideoRow(test.runtime, user.id, {
      status: 'processing',
      options: JSON.stringify({ branding: {} }),
      input_path: 'uploaded',
      owner_id: 'the-api-server',
      attempts,
    });
    // The fake renderer reads no photo, but a render starts only from its upload.
    await uploads.write(videoId, new Uint8Array([1]));
    return { user, videoId };
  }

  async function ledgerOf(userId: string) {
    const rows = await test.runtime.database.db
      .selectFrom('credit_ledger')
      .select(['reason', 'delta'])
      .where('user_id', '=', userId)
      .where('reservation_id', 'is not', null)
      .orderBy('id')
      .execute();
    return rows.map((row) => row.reason);
  }

  it('commits the credit and announces the video once when two workers finish the same job', async () => {
    const { user, videoId } = await queuedVideo();
    const slow = new FakeRenderer();
    slow.hold();
    const first = worker(slow).processQueued(videoId);
    while (slow.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));

    // The first worker's lock lapsed: the queue gave the job to a second worker.
    await worker(new FakeRenderer()).processQueued(videoId);
    slow.release();
    await first;

    const row = await new VideosRepository(test.runtime.database.db).findById(videoId);
    expect(row?.status).toBe('completed');
    expect(await ledgerOf(user.id)).toEqual(['reserve', 'commit']);
    expect(finished.filter((id) => id === videoId)).toHaveLength(1);
    // The late worker keeps its hands off the files the record now names, and tells no page
    // the video failed.
    expect(await storage.size(row?.video_key ?? '')).toBeGreaterThan(0);
    expect(failedEvents).toEqual([]);
    expect(existsSync(path.join(folder, 'renders', videoId))).toBe(false);
  });

  it('ends a job every worker died on with repeated_crash, refunded once', async () => {
    const { user, videoId } = await queuedVideo(MAX_RENDER_ATTEMPTS);
    const renderer = new FakeRenderer();
    await worker(renderer).processQueued(videoId);
    await worker(renderer).giveUp(videoId);

    const row = await new VideosRepository(test.runtime.database.db).findById(videoId);
    expect(row).toMatchObject({ status: 'failed', error_code: 'repeated_crash' });
    expect(renderer.requests).toHaveLength(0);
    expect(await ledgerOf(user.id)).toEqual(['reserve', 'refund']);
    expect(finished.filter((id) => id === videoId)).toHaveLength(1);
  });

  it('does nothing with a job whose record already ended', async () => {
    const { user, videoId } = await queuedVideo();
    const renderer = new FakeRenderer();
    await worker(renderer).processQueued(videoId);
    await worker(renderer).processQueued(videoId);
    await worker(renderer).giveUp(videoId);
    expect(renderer.requests).toHaveLength(1);
    expect(await ledgerOf(user.id)).toEqual(['reserve', 'commit']);
  });

  it("the sweep removes a killed worker's scratch folder once its video ended elsewhere, and no running one", async () => {
    const ended = await queuedVideo();
    const running = await queuedVideo();
    // A worker died mid-render on both: its photo copy stays in its data folder.
    const leftovers = [ended.videoId, running.videoId].map((videoId) =>
      path.join(folder, 'renders', videoId, 'a-killed-worker'),
    );
    for (const leftover of leftovers) {
      await mkdir(leftover, { recursive: true });
      await writeFile(path.join(leftover, 'image.upload'), 'patient photo');
    }
    await new VideosRepository(test.runtime.database.db).update(ended.videoId, {
      status: 'completed',
    });

    await worker(new FakeRenderer()).recoverQueued(() => Promise.resolve('queued'));

    expect(existsSync(path.join(folder, 'renders', ended.videoId))).toBe(false);
    expect(existsSync(leftovers[1] ?? '')).toBe(true);
  });

  it('the sweep deletes at once the upload of a video that ended, not one still processing or with no record yet', async () => {
    const ended = await queuedVideo();
    const running = await queuedVideo();
    const notYetRecorded = crypto.randomUUID();
    await uploads.write(notYetRecorded, new Uint8Array([1]));
    // Its worker died after the record ended, before it deleted the upload.
    await new VideosRepository(test.runtime.database.db).update(ended.videoId, {
      status: 'failed',
    });

    await worker(new FakeRenderer()).recoverQueued(() => Promise.resolve('queued'));

    expect(await uploads.exists(ended.videoId)).toBe(false);
    expect(await uploads.exists(running.videoId)).toBe(true);
    expect(await uploads.exists(notYetRecorded)).toBe(true);
  });
});
