import { Queue } from 'bullmq';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureRedisRunning, TEST_REDIS_URL } from '../../testing/redis-server.ts';
import { freePort } from '../../testing/server-under-test.ts';
import { BullmqRecordQueue, type RecordQueueWorking } from './bullmq-record-queue.ts';

/** Resolves when `check` holds, polling; rejects with `what` after 20 s. */
async function eventually(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function deferred() {
  let release = () => undefined as void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

describe('BullMQ render queue', () => {
  // Keys of this test only: the machine's Redis is shared and never flushed.
  let prefix: string;
  let opened: BullmqRecordQueue[];
  const errors: unknown[] = [];

  beforeAll(async () => {
    await ensureRedisRunning();
  });
  afterEach(async () => {
    await Promise.all(opened.map((queue) => queue.close({ force: true })));
    const cleaner = new Queue('renders', { connection: { url: TEST_REDIS_URL }, prefix });
    await cleaner.obliterate({ force: true });
    await cleaner.close();
  });

  function open(working: Partial<RecordQueueWorking> | null): BullmqRecordQueue {
    prefix ??= `glowreel-test-${crypto.randomUUID()}`;
    const queue = new BullmqRecordQueue({
      redisUrl: TEST_REDIS_URL,
      prefix,
      working: working && {
        handler: () => Promise.resolve(),
        concurrency: 1,
        lockMs: 1_000,
        maxStalls: 3,
        onGivenUp: () => Promise.resolve(),
        ...working,
      },
      onError: (_videoId, error) => errors.push(error),
    });
    opened.push(queue);
    return queue;
  }

  function fresh(): void {
    prefix = `glowreel-test-${crypto.randomUUID()}`;
    opened = [];
  }

  it('runs each video once across two workers, however often it was added', async () => {
    fresh();
    const runs: string[] = [];
    const handler = async (videoId: string) => {
      runs.push(videoId);
      await new Promise((resolve) => setTimeout(resolve, 20));
    };
    const api = open(null);
    open({ handler });
    open({ handler });
    const videos = Array.from({ length: 6 }, () => crypto.randomUUID());
    for (const videoId of videos) {
      api.enqueue(videoId);
      api.enqueue(videoId);
    }
    await eventually(() => runs.length >= videos.length, 'every video rendered');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect([...runs].sort()).toEqual([...videos].sort());
  });

  it('gives a job whose worker stopped renewing its lock to another worker', async () => {
    fresh();
    const stuck = deferred();
    const taken: string[] = [];
    const first = open({
      handler: async (videoId) => {
        taken.push(`first:${videoId}`);
        await stuck.promise;
      },
    });
    const videoId = crypto.randomUUID();
    first.enqueue(videoId);
    await eventually(() => taken.length === 1, 'the first worker took the job');
    // A forced close stops renewing the lock without ending the job: as a killed worker.
    await first.close({ force: true });
    open({ handler: (id) => Promise.resolve(void taken.push(`second:${id}`)) });
    await eventually(() => taken.length === 2, 'the second worker took the stalled job');
    expect(taken).toEqual([`first:${videoId}`, `second:${videoId}`]);
    stuck.release();
  });

  it('hands a running job back to the queue for another worker at once', async () => {
    fresh();
    const stuck = deferred();
    const taken: string[] = [];
    const first = open({
      lockMs: 60_000,
      handler: async () => {
        taken.push('first');
        await stuck.promise;
      },
    });
    first.enqueue(crypto.randomUUID());
    await eventually(() => taken.length === 1, 'the first worker took the job');
    expect(await first.handBack()).toBe(1);
    await first.close({ force: true });
    // The lock is a minute long: only the hand-back lets the second worker have it now.
    open({ lockMs: 60_000, handler: () => Promise.resolve(void taken.push('second')) });
    await eventually(() => taken.length === 2, 'the second worker took the handed-back job');
    stuck.release();
  });

  it('tells a lost job (added again) from one BullMQ still holds and one it gave up, which is reported', async () => {
    fresh();
    const givenUp: string[] = [];
    const tried = new Set<string>();
    const api = open(null);
    const doomed = crypto.randomUUID();
    open({
      handler: (videoId) => {
        tried.add(videoId);
        return Promise.reject(new Error('the database does not answer'));
      },
      onGivenUp: (videoId) => Promise.resolve(void givenUp.push(videoId)),
    });
    api.enqueue(doomed);
    await eventually(() => givenUp.length === 1, 'the job was given up after its attempts');
    expect(givenUp).toEqual([doomed]);
    expect(await api.requeue(doomed)).toBe('given-up');

    const lost = crypto.randomUUID();
    expect(await api.requeue(lost)).toBe('queued');
    // Still BullMQ's (waiting, running or waiting to retry): left where it is, not counted.
    expect(await api.requeue(lost)).toBe('in-queue');
    await eventually(() => tried.has(lost), 'the lost job, added again, was run');
  }, 60_000);

  it('reports its depth and the wait of its oldest job', async () => {
    fresh();
    const api = open(null);
    expect(await api.stats()).toEqual({ waiting: 0, active: 0, oldestWaitingMs: null });
    api.enqueue(crypto.randomUUID());
    api.enqueue(crypto.randomUUID());
    await eventually(async () => (await api.stats()).waiting === 2, 'two jobs waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const stats = await api.stats();
    expect(stats.active).toBe(0);
    expect(stats.oldestWaitingMs).toBeGreaterThanOrEqual(50);
  });

  it('says it takes no job when Redis does not answer', async () => {
    fresh();
    const reachable = open(null);
    expect(await reachable.isAcceptingJobs()).toBe(true);
    const nowhere = new BullmqRecordQueue({
      redisUrl: `redis://127.0.0.1:${await freePort()}`,
      prefix,
      working: null,
      onError: () => undefined,
    });
    expect(await nowhere.isAcceptingJobs()).toBe(false);
    await nowhere.close({ force: true }).catch(() => undefined);
  });
});
