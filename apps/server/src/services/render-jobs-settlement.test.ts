import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeRenderer } from '../testing/fake-renderer.ts';
import { renderJobWorker } from '../testing/render-job-worker.ts';
import { createTestUser, openTestRuntime, type TestRuntime } from '../testing/test-runtime.ts';
import { insertVideoRow } from '../testing/video-rows.ts';
import { LocalVideoStorage } from '../storage/local-video-storage.ts';
import { TempUploadFiles } from '../storage/temp-upload-files.ts';

type SettlementFault = 'none' | 'slow' | 'refused';

// A video's end and its credit's settlement are one change: a clinic (or the API) that reads
// the video "failed, your credits were refunded" must find the credits back, and one that
// reads "completed" must find its credit spent, whatever moment it reads at. PostgreSQL
// serves readers while a settlement runs (PGlite queues them behind it), so this runs there.
describe('a video ends together with its credit settlement, on postgres', () => {
  let test: TestRuntime;
  let folder: string;
  let storage: LocalVideoStorage;
  let uploads: TempUploadFiles;

  beforeAll(async () => {
    test = await openTestRuntime('postgres');
    folder = mkdtempSync(path.join(tmpdir(), 'glowreel-settlement-'));
    storage = new LocalVideoStorage(path.join(folder, 'videos'));
    uploads = new TempUploadFiles(path.join(folder, 'uploads'));
    // The database itself slows or refuses the settlement's ledger row, as a busy or failing
    // database would, whichever code path writes it.
    await sql`CREATE TABLE settlement_fault (mode text NOT NULL)`.execute(test.runtime.database.db);
    await sql`
      CREATE FUNCTION settlement_fault() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE fault text;
      BEGIN
        IF NEW.reason IN ('commit', 'refund') THEN
          SELECT mode INTO fault FROM settlement_fault;
          IF fault = 'slow' THEN PERFORM pg_sleep(0.6); END IF;
          IF fault = 'refused' THEN RAISE EXCEPTION 'settlement refused by the test'; END IF;
        END IF;
        RETURN NEW;
      END $$`.execute(test.runtime.database.db);
    await sql`
      CREATE TRIGGER settlement_fault BEFORE INSERT ON credit_ledger
      FOR EACH ROW EXECUTE FUNCTION settlement_fault()`.execute(test.runtime.database.db);
  });
  afterAll(async () => {
    await test.dispose();
    rmSync(folder, { recursive: true, force: true });
  });
  beforeEach(() => setFault('none'));

  async function setFault(mode: SettlementFault) {
    const db = test.runtime.database.db;
    await sql`DELETE FROM settlement_fault`.execute(db);
    await sql`INSERT INTO settlement_fault (mode) VALUES (${mode})`.execute(db);
  }

  function worker(renderer: FakeRenderer) {
    return renderJobWorker(test.runtime, { renderer, storage, uploads, folder });
  }

  /** A processing video owned by `ownerId`, its credit reserved and its photo uploaded. */
  async function processingVideo(ownerId: string) {
    const user = await createTestUser(test.runtime);
    const videoId = await insertVideoRow(test.runtime, user.id, {
      status: 'processing',
      options: JSON.stringify({ branding: {} }),
      input_path: 'uploaded',
      owner_id: ownerId,
    });
    await uploads.write(videoId, new Uint8Array([1]));
    return { videoId, userId: user.id };
  }

  /**
   * What a reader sees now: the video's status, then its reservation's. One statement (one
   * snapshot, no lock): two reads could straddle the settlement's commit and report a mix
   * no reader of either record ever sees.
   */
  async function observe(videoId: string) {
    const seen = await test.runtime.database.db
      .selectFrom('videos')
      .innerJoin('credit_reservations', 'credit_reservations.id', 'videos.reservation_id')
      .select(['videos.status as video', 'credit_reservations.status as reservation'])
      .where('videos.id', '=', videoId)
      .executeTakeFirstOrThrow();
    return `${seen.video}/${seen.reservation}`;
  }

  it.each([
    ['failed', 'refunded', 'a render error'],
    ['completed', 'committed', null],
  ] as const)(
    'no reader ever sees the video %s while its credit is not yet %s',
    async (videoStatus, reservationStatus, failure) => {
      await setFault('slow');
      const renderer = new FakeRenderer();
      renderer.failWith = failure;
      const { jobs, ownerId } = worker(renderer);
      const { videoId } = await processingVideo(ownerId);

      let running = true;
      const run = jobs.process(videoId).finally(() => (running = false));
      const seen = new Set<string>();
      while (running) {
        seen.add(await observe(videoId));
        await new Promise((resolve) => setTimeout(resolve, 15));
      }
      await run;
      seen.add(await observe(videoId));

      // The settlement took 0.6 s, and the reader read all along: it saw the video still
      // processing with its credit held, then both ended, and nothing in between.
      expect([...seen]).toEqual(['processing/reserved', `${videoStatus}/${reservationStatus}`]);
    },
  );

  it('a video whose files were stored but never recorded ends failed without them', async () => {
    // The render stored the MP4 and the poster; the database then refused the final write
    // (and the refund after it), so no record points at them.
    await setFault('refused');
    const { jobs, ownerId } = worker(new FakeRenderer());
    const { videoId, userId } = await processingVideo(ownerId);
    await expect(jobs.process(videoId)).rejects.toThrow(/settlement refused/);
    expect(await observe(videoId)).toBe('processing/reserved');
    expect(await storage.size(`${userId}/${videoId}.mp4`)).toBeGreaterThan(0);
    expect(await storage.size(`${userId}/${videoId}.jpg`)).toBeGreaterThan(0);

    await setFault('none');
    expect(await jobs.endStoppedRuns(() => false, 0)).toBe(1);
    expect(await observe(videoId)).toBe('failed/refunded');
    // The patient's video is not left in storage under a failed record.
    expect(await storage.size(`${userId}/${videoId}.mp4`)).toBeUndefined();
    expect(await storage.size(`${userId}/${videoId}.jpg`)).toBeUndefined();
  });

  it('a refund the database refuses leaves the video processing, then the sweep ends it refunded', async () => {
    await setFault('refused');
    const renderer = new FakeRenderer();
    renderer.failWith = 'a render error';
    const { jobs, ownerId } = worker(renderer);
    const { videoId } = await processingVideo(ownerId);

    await expect(jobs.process(videoId)).rejects.toThrow(/settlement refused/);
    // Never "failed, your credits were refunded" with the credit still held.
    expect(await observe(videoId)).toBe('processing/reserved');

    // The same server's sweep: no run holds the job, yet its lease stays renewed, so no
    // restart or other server would take it. While the database still refuses, it waits.
    const notHeld = () => false;
    await expect(jobs.endStoppedRuns(notHeld, 0)).rejects.toThrow(/settlement refused/);
    expect(await observe(videoId)).toBe('processing/reserved');
    await setFault('none');
    // Left alone while a run holds it, or while it changed within the last minute.
    expect(await jobs.endStoppedRuns(() => true, 0)).toBe(0);
    expect(await jobs.endStoppedRuns(notHeld)).toBe(0);
    expect(await observe(videoId)).toBe('processing/reserved');
    expect(await jobs.endStoppedRuns(notHeld, 0)).toBe(1);
    expect(await observe(videoId)).toBe('failed/refunded');
    const row = await test.runtime.database.db
      .selectFrom('videos')
      .select('error_code')
      .where('id', '=', videoId)
      .executeTakeFirstOrThrow();
    expect(row.error_code).toBe('render_failed');
    // Another server's job is never this server's to end.
    const { videoId: elsewhere } = await processingVideo('another-server');
    expect(await jobs.endStoppedRuns(notHeld, 0)).toBe(0);
    expect(await observe(elsewhere)).toBe('processing/reserved');
  });
});
