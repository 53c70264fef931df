import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ScheduledRunsRepository } from '../db/scheduled-runs.repository.ts';
import { ensureRedisRunning, TEST_REDIS_URL } from '../testing/redis-server.ts';
import { openScheduledServer, type ScheduledServer } from '../testing/scheduled-jobs-doubles.ts';
import {
  openRuntimeSharingDatabase,
  openTestRuntime,
  type TestRuntime,
} from '../testing/test-runtime.ts';
import { DAY_MS, periodOf } from './scheduler.ts';
import { SCHEDULED_JOBS_QUEUE } from './scheduler-ticks-queue.ts';

// Issue #19 §1: in scale mode the scheduled jobs' tick is one BullMQ job scheduler for the
// whole deployment, worked by the processes that work jobs, on the machine's Redis (under a
// prefix of this test's own; never flushed). The daily jobs still claim their day in the
// database, so each runs once a day.

/** Ticks this often in the tests, instead of every five minutes. */
const TICK_MS = 300;
const QUEUES = ['renders', 'exports', 'webhook-deliveries', SCHEDULED_JOBS_QUEUE];

async function until(what: string, isDone: () => Promise<boolean> | boolean) {
  const deadline = Date.now() + 60_000;
  while (!(await isDone())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('scheduled jobs ticked through BullMQ', () => {
  const prefix = `glowreel-test-${crypto.randomUUID()}`;
  const environment = { REDIS_URL: TEST_REDIS_URL, QUEUE_PREFIX: prefix };
  let first: TestRuntime;
  let second: TestRuntime;
  let runs: ScheduledRunsRepository;

  beforeAll(async () => {
    await ensureRedisRunning();
    first = await openTestRuntime('postgres', environment);
    second = await openRuntimeSharingDatabase(first, environment);
    runs = new ScheduledRunsRepository(first.runtime.database.db);
  });
  afterAll(async () => {
    for (const name of QUEUES) {
      const cleaner = new Queue(name, { connection: { url: TEST_REDIS_URL }, prefix });
      await cleaner.obliterate({ force: true });
      await cleaner.close();
    }
    await second.runtime.auth.mail.settled();
    await second.dispose();
    await first.dispose();
  });

  /** Two processes' scheduled jobs on one database and one queue, ticks counted. */
  async function startTwo(
    now: () => Date,
    worksJobs: [boolean, boolean],
  ): Promise<{ servers: ScheduledServer[]; ticks: () => number[] }> {
    const servers = [
      await openScheduledServer(first, now, first.config, {
        worksJobs: worksJobs[0],
        tickMs: TICK_MS,
      }),
      await openScheduledServer(second, now, second.config, {
        worksJobs: worksJobs[1],
        tickMs: TICK_MS,
      }),
    ];
    const spies = servers.map((server) => vi.spyOn(server.jobs.scheduler, 'tick'));
    for (const server of servers) server.jobs.start();
    return { servers, ticks: () => spies.map((spy) => spy.mock.calls.length) };
  }

  async function isDayDone(now: Date): Promise<boolean> {
    const period = periodOf(now, DAY_MS);
    const rows = await Promise.all(
      ['consent-expiry', 'retention'].map((job) => runs.find(job, period)),
    );
    return rows.every((row) => row?.finished_at);
  }

  it('runs each daily job once with two workers ticking it, from one job scheduler', async () => {
    const now = () => new Date();
    const { servers, ticks } = await startTwo(now, [true, true]);
    try {
      await until('the day done and a few more ticks', async () => {
        const total = ticks().reduce((sum, count) => sum + count, 0);
        return total >= 6 && (await isDayDone(now()));
      });
    } finally {
      for (const server of servers) await server.close();
    }
    const sweeps = servers.map((server) => server.actions.exportSweeps.length);
    expect(sweeps.reduce((sum, count) => sum + count, 0)).toBe(1);
    const period = periodOf(now(), DAY_MS);
    expect(await runs.find('retention', period)).toMatchObject({ attempts: 1 });
    expect(await runs.find('consent-expiry', period)).toMatchObject({ attempts: 1 });
    const inspector = new Queue(SCHEDULED_JOBS_QUEUE, {
      connection: { url: TEST_REDIS_URL },
      prefix,
    });
    try {
      expect(await inspector.getJobSchedulersCount()).toBe(1);
    } finally {
      await inspector.close();
    }
  }, 120_000);

  it('leaves the ticks to the processes that work jobs (not an API server with RUN_WORKERS=false)', async () => {
    // Another day than the first test's, so the jobs are due again.
    const now = () => new Date(Date.now() + 3 * DAY_MS);
    const { servers, ticks } = await startTwo(now, [false, true]);
    try {
      await until('the day done', () => isDayDone(now()));
    } finally {
      for (const server of servers) await server.close();
    }
    expect(ticks()[0]).toBe(0);
    expect(ticks()[1]).toBeGreaterThan(0);
    expect(servers.map((server) => server.actions.exportSweeps.length)).toEqual([0, 1]);
  }, 120_000);
});
