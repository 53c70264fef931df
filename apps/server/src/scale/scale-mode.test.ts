import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { followVideoEvents, OwnRedis } from '../testing/queue-processes.ts';
import { ensureRedisRunning, TEST_REDIS_URL } from '../testing/redis-server.ts';
import { startTestS3Server, type TestS3Server } from '../testing/s3-server.ts';
import { ScaleCluster } from '../testing/scale-cluster.ts';
import {
  freePort,
  signUpClinic,
  waitForVideosSettled,
  type VideoSummary,
} from '../testing/server-under-test.ts';
import { compositePhoto } from '../testing/test-photos.ts';
import { createTestDatabase } from '../testing/test-runtime.ts';
import { KILL_MOMENTS, killWorkersAtMoments } from './worker-kills.ts';

// Issue #19 §3: the scale mode on its real parts, on loopback — PostgreSQL, Redis, an S3
// server (s3rver), two API processes and two render workers, with the real renderer.
const TIMEOUT_MS = 360_000;

interface Run {
  cluster: ScaleCluster;
  bucket: string;
  drop: () => Promise<void>;
}

describe('scale mode: two API processes and two workers on PostgreSQL, Redis and S3', () => {
  let photo: Buffer;
  let s3: TestS3Server;
  let run: Run | undefined;

  beforeAll(async () => {
    await ensureRedisRunning();
    photo = await compositePhoto();
    s3 = await startTestS3Server();
  });
  afterEach(async () => {
    await run?.cluster.remove();
    await run?.drop();
    run = undefined;
  });
  afterAll(async () => {
    await s3.close();
  });

  async function startRun(redisUrl: string): Promise<Run> {
    const database = await createTestDatabase();
    const bucket = await s3.createBucket();
    try {
      const cluster = await ScaleCluster.start({
        databaseUrl: database.url,
        redisUrl,
        queuePrefix: `glowreel-scale-${crypto.randomUUID()}`,
        storage: s3.environmentFor(bucket),
      });
      return { cluster, bucket, drop: database.drop };
    } catch (error) {
      await database.drop();
      throw error;
    }
  }

  /** A square video: the smallest render there is (720×720), to keep the suite short. */
  function uploadSquare(origin: string, clinic: string): Promise<Response> {
    const form = new FormData();
    form.set('consent', 'true');
    form.set('aspect', '1:1');
    form.set('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'composite.jpg');
    return fetch(`${origin}/api/videos`, {
      method: 'POST',
      headers: { cookie: clinic, origin },
      body: form,
    });
  }

  async function upload(origin: string, clinic: string): Promise<string> {
    const response = await uploadSquare(origin, clinic);
    expect(response.status).toBe(202);
    return ((await response.json()) as { id: string }).id;
  }

  async function progressOf(origin: string, clinic: string, videoId: string): Promise<number> {
    const response = await fetch(`${origin}/api/videos/${videoId}`, {
      headers: { cookie: clinic },
    });
    return ((await response.json()) as { progress: number }).progress;
  }

  /**
   * The end state every scenario must reach, whatever happened on the way. `killed` holds the
   * owner ids of the workers the scenario killed.
   */
  async function expectSoundEnd(
    videos: VideoSummary[],
    current: Run,
    killed: ReadonlySet<string> = new Set(),
  ) {
    // A job's end removes its upload and scratch files just after the record ends; a killed
    // worker's are swept (every lease) by whichever process runs on its data folder.
    await expect.poll(() => current.cluster.leftoverFiles(), { timeout: 30_000 }).toEqual([]);
    await expect.poll(() => s3.keys(current.bucket, 'tmp/'), { timeout: 30_000 }).toEqual([]);
    const audit = await current.cluster.stopAndAudit();
    expect(audit.problems).toEqual([]);
    expect(audit.reservations).toBe(videos.length);
    const owners = await current.cluster.recordOwners();
    const stored = await s3.keys(current.bucket, 'videos/');
    for (const video of videos) {
      const inBucket = stored.filter((key) => key.includes(video.id)).length;
      if (video.status === 'completed') {
        // Only the worker that ended the record logs "video rendered", once. A kill can land
        // between its end and that line (the killer saw the record still processing): that
        // worker may then have logged nothing, and its credit was settled by recovery (audit).
        const finisher = owners.get(video.id) ?? '';
        const renderers = current.cluster.renderersOf(video.id);
        const expected = killed.has(finisher) && renderers.length === 0 ? [] : [finisher];
        expect(renderers, `workers that finished ${video.id}`).toEqual(expected);
        expect(inBucket, `MP4 and poster of ${video.id}`).toBe(2);
      } else {
        expect(video.status).toBe('failed');
        expect(inBucket, `objects of failed ${video.id}`).toBe(0);
      }
    }
  }

  it(
    'takes an upload on one API, relays the progress on the other, and serves the MP4 from the bucket on both',
    async () => {
      run = await startRun(TEST_REDIS_URL);
      const [first, second] = run.cluster.apis;
      if (!first || !second) throw new Error('two APIs expected');
      const clinic = await signUpClinic(first.origin, 'Clinic Two Apis');
      const videoId = await upload(first.origin, clinic);
      const events = await followVideoEvents(second.origin, clinic, videoId);

      expect(events.at(-1)).toEqual({ type: 'completed' });
      const percents = new Set(events.map((event) => event.progress).filter(Boolean));
      expect(percents.size).toBeGreaterThan(2);
      const mp4 = (await s3.keys(run.bucket, 'videos/')).filter((key) => key.endsWith('.mp4'));
      expect(mp4).toEqual([expect.stringMatching(new RegExp(`^videos/[^/]+/${videoId}\\.mp4$`))]);
      for (const api of [first, second]) {
        const ranged = await fetch(`${api.origin}/api/videos/${videoId}/download`, {
          headers: { cookie: clinic, range: 'bytes=4-11' },
        });
        expect(ranged.status).toBe(206);
        expect(ranged.headers.get('content-range')).toMatch(/^bytes 4-11\/\d+$/);
        // An MP4 opens with its first box's size (4 bytes), then `ftyp`.
        expect(Buffer.from(await ranged.arrayBuffer()).toString('latin1')).toMatch(/^ftyp/);
      }
      const videos = await waitForVideosSettled(first.origin, clinic);
      await expectSoundEnd(videos, run);
    },
    TIMEOUT_MS,
  );

  it(
    'workers killed mid-render ten times: each video completes once or fails refunded, nothing left behind',
    async () => {
      run = await startRun(TEST_REDIS_URL);
      const { cluster } = run;
      const outcome = await killWorkersAtMoments(cluster, (origin, clinic) =>
        upload(origin, clinic),
      );
      const videos = (
        await Promise.all(
          outcome.clinics.map((clinic) =>
            waitForVideosSettled(cluster.apis[1]?.origin ?? '', clinic, 240_000),
          ),
        )
      ).flat();

      expect(outcome.kills.map((kill) => kill.moment)).toEqual(
        KILL_MOMENTS.map((moment) => moment.name),
      );
      console.log(
        `scale kills: ${JSON.stringify(outcome.kills)}; outcomes: ${JSON.stringify(
          videos.map((video) => ({ id: video.id, status: video.status })),
        )}`,
      );
      await expectSoundEnd(videos, run, new Set(outcome.kills.map((kill) => kill.ownerId)));
      // Only a worker dying at each attempt fails a video (refunded: the audit); no other fails.
      for (const video of videos.filter((summary) => summary.status === 'failed')) {
        const killed = outcome.kills.filter((kill) => kill.videoId === video.id).length;
        expect(killed, `kills of failed ${video.id}`).toBeGreaterThan(0);
        expect(video).toMatchObject({ errorCode: 'repeated_crash' });
      }
    },
    TIMEOUT_MS,
  );

  it(
    'Redis stopped for 5 s mid-run: uploads get 503 meanwhile and every accepted video completes once it is back',
    async () => {
      const redis = new OwnRedis(await freePort());
      await redis.start();
      try {
        run = await startRun(redis.url);
        const [first, second] = run.cluster.apis;
        if (!first || !second) throw new Error('two APIs expected');
        const clinics = [
          await signUpClinic(first.origin, 'Clinic Outage One'),
          await signUpClinic(second.origin, 'Clinic Outage Two'),
        ];
        const accepted: string[] = [];
        for (const clinic of clinics) {
          accepted.push(await upload(first.origin, clinic), await upload(second.origin, clinic));
        }
        // Mid-run: a render is painting its frames, others wait in the queue.
        await expect
          .poll(() => progressOf(second.origin, clinics[0] ?? '', accepted[0] ?? ''), {
            timeout: 120_000,
            interval: 100,
          })
          .toBeGreaterThanOrEqual(20);
        await redis.stop();
        const refused = await uploadSquare(first.origin, clinics[1] ?? '');
        expect(refused.status).toBe(503);
        await new Promise((resolve) => setTimeout(resolve, 5_000));
        await redis.start();

        const videos = (
          await Promise.all(
            clinics.map((clinic) => waitForVideosSettled(first.origin, clinic, 240_000)),
          )
        ).flat();
        expect(videos.map((video) => video.id).sort()).toEqual([...accepted].sort());
        expect(videos.map((video) => video.status)).toEqual(accepted.map(() => 'completed'));
        await expectSoundEnd(videos, run);
      } finally {
        await run?.cluster.remove();
        await run?.drop();
        run = undefined;
        await redis.remove();
      }
    },
    TIMEOUT_MS,
  );
});
