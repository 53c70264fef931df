import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import { QUEUE_UNAVAILABLE_MESSAGE } from '../../services/videos.service.ts';
import { auditCredits } from '../../testing/credit-audit.ts';
import {
  followVideoEvents,
  OwnRedis,
  startWorker,
  type SseEvent,
} from '../../testing/queue-processes.ts';
import { ensureRedisRunning, TEST_REDIS_URL } from '../../testing/redis-server.ts';
import { waitForExit, waitForOutput } from '../../testing/server-process.ts';
import {
  freePort,
  killHard,
  signUpClinic,
  spawnServer,
  startServer,
  stopGracefully,
  uploadComposite,
  waitForVideosSettled,
  type ServerUnderTest,
} from '../../testing/server-under-test.ts';
import { compositePhoto } from '../../testing/test-photos.ts';
import { seriesLabels, seriesValue } from '../../testing/prometheus-text.ts';
import { createTestDatabase } from '../../testing/test-runtime.ts';
import { FROZEN_MARKER } from '../freeze-at.ts';

// Issue #19 §1 and §5: one API process that only serves HTTP and worker processes that only
// render, on PostgreSQL and Redis, sharing one data folder as on one machine.
const TIMEOUT_MS = 300_000;

async function creditsTotal(origin: string, cookie: string): Promise<number> {
  const response = await fetch(`${origin}/api/me`, { headers: { cookie } });
  return ((await response.json()) as { credits: { total: number } }).credits.total;
}

const METRICS_TOKEN = 'queue-workers-metrics-token-0123456789';

/** Renders a worker's log says it finished. */
function renderedCountOf(process: ServerUnderTest): number {
  return process
    .output()
    .split('\n')
    .filter((line) => line.includes('"msg":"video rendered"')).length;
}

describe('scale mode: an API process and worker processes on BullMQ', () => {
  let photo: Buffer;
  let database: { url: string; drop: () => Promise<void> };
  let dataDir: string;
  let prefix: string;
  let running: ServerUnderTest[];

  beforeAll(async () => {
    await ensureRedisRunning();
    photo = await compositePhoto();
  });
  beforeEach(async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'glowreel-queue-'));
    prefix = `glowreel-test-${crypto.randomUUID()}`;
    running = [];
  });
  afterEach(async () => {
    await Promise.all(running.map((process) => killHard(process)));
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
    // Every queue a process opens: the machine's Redis is shared and never flushed.
    for (const name of ['renders', 'exports', 'webhook-deliveries', 'scheduled-jobs']) {
      const cleaner = new Queue(name, { connection: { url: TEST_REDIS_URL }, prefix });
      await cleaner.obliterate({ force: true });
      await cleaner.close();
    }
  });

  function environment(redisUrl: string, extra: Record<string, string> = {}) {
    return {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      REDIS_URL: redisUrl,
      QUEUE_PREFIX: prefix,
      // A worker that stops renewing its lock loses its job within seconds.
      JOB_LEASE_MS: '4000',
      JOB_HEARTBEAT_MS: '1000',
      AUTH_SECRET: 'queue-workers-test-secret-of-at-least-32-chars',
      ...extra,
    };
  }

  async function startApi(redisUrl: string): Promise<ServerUnderTest> {
    const api = await startServer({
      dataDir,
      port: await freePort(),
      databaseUrl: database.url,
      environment: environment(redisUrl, { RUN_WORKERS: 'false' }),
    });
    running.push(api);
    return api;
  }

  async function worker(redisUrl: string, extra: Record<string, string> = {}) {
    const started = await startWorker(environment(redisUrl, extra));
    running.push(started);
    return started;
  }

  async function audit() {
    await Promise.all(running.map((process) => stopGracefully(process)));
    const handle = await openDatabase({
      kind: 'postgres',
      connectionString: database.url,
      poolSize: 2,
    });
    try {
      return await auditCredits(handle.db, [dataDir]);
    } finally {
      await handle.close();
    }
  }

  async function upload(api: ServerUnderTest, clinic: string): Promise<string> {
    const response = await uploadComposite(api.origin, clinic, photo);
    expect(response.status).toBe(202);
    return ((await response.json()) as { id: string }).id;
  }

  it(
    'renders on the workers, not the API, and the API relays their progress over SSE',
    async () => {
      const api = await startApi(TEST_REDIS_URL);
      // Each worker serves its own GET /metrics (it has no other HTTP), where its renders count.
      const metricsPorts = [await freePort(), await freePort()];
      const workers = await Promise.all(
        metricsPorts.map((port) =>
          worker(TEST_REDIS_URL, { METRICS_TOKEN: METRICS_TOKEN, METRICS_PORT: String(port) }),
        ),
      );
      const clinic = await signUpClinic(api.origin, 'Clinic Scale');
      const first = await upload(api, clinic);
      const events = await followVideoEvents(api.origin, clinic, first);
      const second = await upload(api, clinic);
      const third = await upload(api, clinic);
      const videos = await waitForVideosSettled(api.origin, clinic, 180_000);

      expect(videos.map((video) => video.status)).toEqual(['completed', 'completed', 'completed']);
      expect(events.at(-1)).toEqual({ type: 'completed' });
      // Live progress from the worker's renderer, beyond the state the stream starts with.
      const percents = new Set(
        events.filter((event) => event.type === 'progress').map((event) => event.progress),
      );
      expect(percents.size).toBeGreaterThan(2);
      // The records are read back through the API; the workers' log lines may still be on their way.
      await expect
        .poll(() => workers.reduce((sum, process) => sum + renderedCountOf(process), 0), {
          timeout: 10_000,
        })
        .toBe(3);
      expect(api.output()).not.toContain('"msg":"video rendered"');
      const renderedBy = (id: string) =>
        workers.filter((process) => process.output().includes(`"videoId":"${id}"`)).length;
      expect([first, second, third].map(renderedBy)).toEqual([1, 1, 1]);
      const scrapes = await Promise.all(
        metricsPorts.map(async (port) => {
          const url = `http://127.0.0.1:${port}/metrics`;
          expect((await fetch(url)).status).toBe(401);
          const response = await fetch(url, {
            headers: { authorization: `Bearer ${METRICS_TOKEN}` },
          });
          expect(response.status).toBe(200);
          return response.text();
        }),
      );
      const rendersCounted = scrapes.map((text) =>
        seriesLabels(text, 'glowreel_render_duration_seconds_count').reduce(
          (sum, labels) =>
            sum + seriesValue(text, 'glowreel_render_duration_seconds_count', labels),
          0,
        ),
      );
      expect(rendersCounted.reduce((sum, count) => sum + count, 0)).toBe(3);
      expect(rendersCounted).toEqual(workers.map((process) => renderedCountOf(process)));

      const result = await audit();
      expect(result.problems).toEqual([]);
      expect(result.reservations).toBe(3);
    },
    TIMEOUT_MS,
  );

  it(
    'a worker killed mid-render leaves its job to the other worker, which completes it once',
    async () => {
      const api = await startApi(TEST_REDIS_URL);
      const doomed = await worker(TEST_REDIS_URL, { TEST_FREEZE_AT: 'mid-render' });
      const clinic = await signUpClinic(api.origin, 'Clinic Killed');
      const frozen = waitForOutput(doomed.child, `${FROZEN_MARKER} mid-render`, 120_000);
      const videoId = await upload(api, clinic);
      await frozen;
      await killHard(doomed);
      const survivor = await worker(TEST_REDIS_URL);

      const [video] = await waitForVideosSettled(api.origin, clinic, 180_000);
      expect(video).toMatchObject({ id: videoId, status: 'completed' });
      // The record is read back through the API; the worker's log line may still be on its way.
      await expect
        .poll(() => survivor.output(), { timeout: 10_000 })
        .toContain('"msg":"video rendered"');
      const result = await audit();
      expect(result.problems).toEqual([]);
      expect(result.reservations).toBe(1);
      expect([...result.balances.values()]).toEqual([[...result.granted.values()][0]! - 1]);
    },
    TIMEOUT_MS,
  );

  it(
    'a job whose workers die at every attempt ends failed, refunded once',
    async () => {
      const api = await startApi(TEST_REDIS_URL);
      const clinic = await signUpClinic(api.origin, 'Clinic Crashes');
      let videoId = '';
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        const doomed = await worker(TEST_REDIS_URL, { TEST_FREEZE_AT: 'mid-render' });
        const frozen = waitForOutput(doomed.child, `${FROZEN_MARKER} mid-render`, 120_000);
        if (attempt === 1) videoId = await upload(api, clinic);
        await frozen;
        await killHard(doomed);
      }
      await worker(TEST_REDIS_URL);

      const [video] = await waitForVideosSettled(api.origin, clinic, 120_000);
      expect(video).toMatchObject({ id: videoId, status: 'failed' });
      const details = await fetch(`${api.origin}/api/videos/${videoId}`, {
        headers: { cookie: clinic },
      });
      expect(await details.json()).toMatchObject({ errorCode: 'repeated_crash' });
      const result = await audit();
      expect(result.problems).toEqual([]);
      expect([...result.balances.values()]).toEqual([...result.granted.values()]);
    },
    TIMEOUT_MS,
  );

  it(
    'SIGTERM lets a worker finish the render in hand before it exits',
    async () => {
      const api = await startApi(TEST_REDIS_URL);
      const stopping = await worker(TEST_REDIS_URL);
      const clinic = await signUpClinic(api.origin, 'Clinic Graceful');
      const videoId = await upload(api, clinic);
      let exit: ReturnType<typeof waitForExit> | undefined;
      await followVideoEvents(api.origin, clinic, videoId, (event: SseEvent) => {
        // Mid-render: the worker is told to stop while it paints the frames.
        if (event.type === 'progress' && (event.stage ?? 0) >= 3 && !exit) {
          exit = waitForExit(stopping.child, 90_000);
          stopping.child.kill('SIGTERM');
        }
      });
      expect(exit).toBeDefined();
      expect((await exit)?.code).toBe(0);
      await expect
        .poll(() => stopping.output(), { timeout: 10_000 })
        .toContain('"msg":"video rendered"');
      expect(stopping.output()).toContain('worker stopped');
      const [video] = await waitForVideosSettled(api.origin, clinic);
      expect(video).toMatchObject({ id: videoId, status: 'completed' });
      const result = await audit();
      expect(result.problems).toEqual([]);
    },
    TIMEOUT_MS,
  );

  it(
    "builds a data export on a worker, from the export's id, and the API serves it",
    async () => {
      const api = await startApi(TEST_REDIS_URL);
      const clinic = await signUpClinic(api.origin, 'Clinic Export');
      const asked = await fetch(`${api.origin}/api/account/exports`, {
        method: 'POST',
        headers: { cookie: clinic, origin: api.origin },
      });
      expect(asked.status).toBe(202);
      const latestExport = async () => {
        const latest = await fetch(`${api.origin}/api/account/exports/latest`, {
          headers: { cookie: clinic },
        });
        return ((await latest.json()) as { export: { status: string } }).export;
      };
      const { id } = (await asked.json()) as { id: string };
      // The API process builds nothing itself (RUN_WORKERS=false): the export waits in the queue.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect((await latestExport()).status).toBe('building');
      const builder = await worker(TEST_REDIS_URL);
      let status = 'building';
      const deadline = Date.now() + 60_000;
      while (status === 'building' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        status = (await latestExport()).status;
      }
      expect(status).toBe('ready');
      const download = await fetch(`${api.origin}/api/account/exports/${id}/download`, {
        headers: { cookie: clinic },
      });
      expect(download.status).toBe(200);
      expect(api.output()).not.toContain('data export failed');
      expect(builder.output()).not.toContain('data export failed');
    },
    TIMEOUT_MS,
  );

  it(
    'while Redis is away uploads get a 503 and no credit moves; queued jobs resume once it is back',
    async () => {
      const redis = new OwnRedis(await freePort());
      await redis.start();
      try {
        const api = await startApi(redis.url);
        const clinic = await signUpClinic(api.origin, 'Clinic Outage');
        // Accepted with no worker running: the job waits in Redis, which then loses it.
        const waiting = await upload(api, clinic);
        const before = await creditsTotal(api.origin, clinic);
        await redis.stop();

        const refused = await uploadComposite(api.origin, clinic, photo);
        expect(refused.status).toBe(503);
        expect(await refused.json()).toEqual({
          error: { code: 'service_unavailable', message: QUEUE_UNAVAILABLE_MESSAGE },
        });
        expect(await creditsTotal(api.origin, clinic)).toBe(before);

        await redis.start();
        await worker(redis.url);
        const videos = await waitForVideosSettled(api.origin, clinic, 120_000);
        expect(videos).toMatchObject([{ id: waiting, status: 'completed' }]);
        const result = await audit();
        expect(result.problems).toEqual([]);
        expect(result.reservations).toBe(1);
      } finally {
        await redis.remove();
      }
    },
    TIMEOUT_MS,
  );

  it('refuses to start when Redis does not answer, naming REDIS_URL', async () => {
    const child = spawnServer({
      dataDir,
      port: await freePort(),
      databaseUrl: database.url,
      environment: { REDIS_URL: `redis://127.0.0.1:${await freePort()}` },
    });
    const refused = await waitForExit(child, 60_000).finally(() => child.kill('SIGKILL'));
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('REDIS_URL: Redis at redis://127.0.0.1:');
  }, 90_000);
});
