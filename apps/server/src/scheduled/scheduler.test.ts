import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScheduledRunsRepository } from '../db/scheduled-runs.repository.ts';
import { QUIET_LOG } from '../testing/scheduled-jobs-doubles.ts';
import { DATABASE_KINDS, openTestRuntime, type TestRuntime } from '../testing/test-runtime.ts';
import { DAY_MS, Scheduler, periodOf, type ScheduledJob } from './scheduler.ts';

// Issue #18 §3: each scheduled job runs exactly once per period, whichever servers tick, with
// a lock in the database; a period claimed by a server that died is taken over after its lease.
// The clock is moved by the test; nothing waits in real time.

const LEASE_MS = 10 * 60_000;
const START = new Date('2027-03-01T09:00:00.000Z');

function countingJob(name: string): ScheduledJob & { runs: Date[] } {
  const runs: Date[] = [];
  return {
    name,
    periodMs: DAY_MS,
    runs,
    run: (now) => {
      runs.push(now);
      return Promise.resolve();
    },
  };
}

describe('periodOf', () => {
  it('names a day by its UTC midnight', () => {
    expect(periodOf(new Date('2027-03-01T23:59:59.999Z'), DAY_MS)).toBe('2027-03-01T00:00:00.000Z');
    expect(periodOf(new Date('2027-03-02T00:00:00.000Z'), DAY_MS)).toBe('2027-03-02T00:00:00.000Z');
  });
});

describe.each(DATABASE_KINDS)('the scheduler on %s', (kind) => {
  let test: TestRuntime;
  let runs: ScheduledRunsRepository;
  let clock: Date;

  beforeAll(async () => {
    test = await openTestRuntime(kind);
    runs = new ScheduledRunsRepository(test.runtime.database.db);
  });
  afterAll(async () => {
    await test.dispose();
  });

  function schedulerFor(job: ScheduledJob, ownerId = crypto.randomUUID()) {
    return new Scheduler({
      runs,
      jobs: [job],
      ownerId,
      leaseMs: LEASE_MS,
      retryAfterFailureMs: 15 * 60_000,
      now: () => clock,
      log: QUIET_LOG,
    });
  }

  it('runs a job once a day however often it ticks, and again the next day', async () => {
    const job = countingJob(`daily-${crypto.randomUUID()}`);
    const scheduler = schedulerFor(job);
    clock = START;
    await scheduler.tick();
    clock = new Date(START.getTime() + 6 * 3600_000);
    await scheduler.tick();
    await scheduler.tick();
    expect(job.runs).toEqual([START]);

    clock = new Date(START.getTime() + DAY_MS);
    await scheduler.tick();
    expect(job.runs).toEqual([START, clock]);
    const row = await runs.find(job.name, periodOf(clock, DAY_MS));
    expect(row).toMatchObject({ attempts: 1, last_error: null });
    expect(row?.finished_at).toEqual(clock);
  });

  it('lets exactly one of several schedulers racing for a period run it', async () => {
    const name = `raced-${crypto.randomUUID()}`;
    const jobs = Array.from({ length: 4 }, () => countingJob(name));
    const schedulers = jobs.map((job) => schedulerFor(job));
    for (let day = 0; day < 5; day += 1) {
      clock = new Date(START.getTime() + day * DAY_MS);
      await Promise.all(schedulers.flatMap((scheduler) => [scheduler.tick(), scheduler.tick()]));
    }
    expect(jobs.flatMap((job) => job.runs)).toHaveLength(5);
  });

  it('takes over a period whose claimer died, once its lease has passed', async () => {
    const job = countingJob(`crashed-${crypto.randomUUID()}`);
    clock = START;
    // What a server leaves behind when it is killed while running the job.
    const period = periodOf(START, DAY_MS);
    await runs.claim({ job: job.name, period, ownerId: 'a-server-that-died' }, START, LEASE_MS);

    const survivor = schedulerFor(job);
    clock = new Date(START.getTime() + LEASE_MS - 1);
    await survivor.tick();
    expect(job.runs).toEqual([]);

    clock = new Date(START.getTime() + LEASE_MS);
    await Promise.all([survivor.tick(), schedulerFor(job).tick()]);
    expect(job.runs).toEqual([clock]);
    expect(await runs.find(job.name, period)).toMatchObject({ attempts: 2 });
  });

  it('keeps a live claimer’s period its own while its job runs past the first lease', async () => {
    const job = countingJob(`slow-${crypto.randomUUID()}`);
    clock = START;
    const period = periodOf(START, DAY_MS);
    const claim = { job: job.name, period, ownerId: 'a-busy-server' };
    await runs.claim(claim, START, LEASE_MS);
    // Its heartbeat renewed the lease just before it would have run out.
    expect(await runs.renew(claim, new Date(START.getTime() + LEASE_MS - 1), LEASE_MS)).toBe(true);

    clock = new Date(START.getTime() + LEASE_MS + 1);
    await schedulerFor(job).tick();
    expect(job.runs).toEqual([]);
  });

  it('tries a failed period again after the wait, and then only once', async () => {
    const name = `flaky-${crypto.randomUUID()}`;
    let calls = 0;
    const job: ScheduledJob = {
      name,
      periodMs: DAY_MS,
      run: () => {
        calls += 1;
        return calls === 1 ? Promise.reject(new Error('database away')) : Promise.resolve();
      },
    };
    const first = schedulerFor(job);
    clock = START;
    await first.tick();
    expect(await runs.find(name, periodOf(START, DAY_MS))).toMatchObject({
      last_error: 'database away',
      finished_at: null,
    });
    clock = new Date(START.getTime() + 14 * 60_000);
    await first.tick();
    expect(calls).toBe(1);

    clock = new Date(START.getTime() + 15 * 60_000);
    await Promise.all([first.tick(), schedulerFor(job).tick()]);
    await first.tick();
    expect(calls).toBe(2);
    expect(await runs.find(name, periodOf(START, DAY_MS))).toMatchObject({ last_error: null });
  });

  it('stops ticking on stop() and waits for the job that is running', async () => {
    let release: () => void = () => undefined;
    let finished = false;
    // Resolved once the job runs: its claim is a database round trip, which a loaded machine
    // can take longer over than any fixed wait.
    let running: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (running = resolve));
    const job: ScheduledJob = {
      name: `stopping-${crypto.randomUUID()}`,
      periodMs: DAY_MS,
      run: () =>
        new Promise<void>((resolve) => {
          release = () => {
            finished = true;
            resolve();
          };
          running();
        }),
    };
    const scheduler = schedulerFor(job);
    clock = START;
    scheduler.start(60_000);
    await started;
    let stoppedYet = false;
    const stopped = scheduler.stop().then(() => (stoppedYet = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stoppedYet).toBe(false);
    release();
    await stopped;
    expect(finished).toBe(true);
  });

  it('claims no further job once stop() is called, while the running one ends', async () => {
    let release: () => void = () => undefined;
    let running: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (running = resolve));
    const first: ScheduledJob = {
      name: `first-${crypto.randomUUID()}`,
      periodMs: DAY_MS,
      run: () =>
        new Promise<void>((resolve) => {
          release = resolve;
          running();
        }),
    };
    const second = countingJob(`second-${crypto.randomUUID()}`);
    const scheduler = new Scheduler({
      runs,
      jobs: [first, second],
      ownerId: crypto.randomUUID(),
      leaseMs: LEASE_MS,
      now: () => clock,
      log: QUIET_LOG,
    });
    clock = START;
    scheduler.start(60_000);
    await started;
    const stopped = scheduler.stop();
    release();
    await stopped;
    expect(second.runs).toEqual([]);
    expect(await runs.find(second.name, periodOf(START, DAY_MS))).toBeUndefined();
  });
});
