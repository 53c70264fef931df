import type { RunClaim, ScheduledRunsRepository } from '../db/scheduled-runs.repository.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Work done once per period across every server sharing the database. */
export interface ScheduledJob {
  /** The lock's key: stable across releases. */
  name: string;
  /** Periods start at multiples of this from the Unix epoch, in UTC (a day: each UTC date). */
  periodMs: number;
  /** Does everything due by `now`; must tolerate running again after a crash mid-way. */
  run(now: Date): Promise<void>;
}

export interface SchedulerOptions {
  runs: Pick<ScheduledRunsRepository, 'claim' | 'renew' | 'finish' | 'fail'>;
  jobs: readonly ScheduledJob[];
  /** This process (a random id per start). */
  ownerId: string;
  /** How long a claim lasts without renewal; a dead claimer's period is taken over after it. */
  leaseMs?: number;
  /** How long a failed period waits before it is tried again. */
  retryAfterFailureMs?: number;
  now?: () => Date;
  log: {
    info: (details: object, message: string) => void;
    error: (details: object, message: string) => void;
  };
}

export const DEFAULT_LEASE_MS = 10 * 60_000;
export const DEFAULT_RETRY_AFTER_FAILURE_MS = 15 * 60_000;

/** The period `at` falls in, as the ISO time of its start (a day: "2026-11-26T00:00:00.000Z"). */
export function periodOf(at: Date, periodMs: number): string {
  return new Date(Math.floor(at.getTime() / periodMs) * periodMs).toISOString();
}

/**
 * Runs each job exactly once per period (issue #18 §3) in every server process: each tick, a
 * server claims the current period of each job in the database (scheduled_runs) and runs the
 * jobs it won; a claim is renewed while its job runs, so a server that dies mid-job loses it
 * after the lease and another server (or this one, restarted) runs that period again. A period
 * nobody was up for is not caught up: the next period's run does everything due by then.
 */
export class Scheduler {
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private stopped = false;

  constructor(private readonly options: SchedulerOptions) {}

  private get leaseMs(): number {
    return this.options.leaseMs ?? DEFAULT_LEASE_MS;
  }

  private now(): Date {
    return (this.options.now ?? (() => new Date()))();
  }

  /** Runs, one after another, every job whose current period this process wins. */
  tick(): Promise<void> {
    this.ticking ??= this.runDueJobs().finally(() => (this.ticking = undefined));
    return this.ticking;
  }

  /** Ticks now and then every `intervalMs`; the timer never keeps the process alive. */
  start(intervalMs: number): void {
    if (this.timer) return;
    this.stopped = false;
    this.timer = setInterval(() => void this.tick(), intervalMs).unref();
    void this.tick();
  }

  /**
   * Stops ticking and waits for a running job to end; a tick under way claims no job after
   * this (one whose claim was already asked for still runs, and is waited for).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.ticking;
  }

  private async runDueJobs(): Promise<void> {
    for (const job of this.options.jobs) {
      if (this.stopped) return;
      try {
        await this.runIfClaimed(job);
      } catch (error) {
        // The lock itself failed (the database is away): the next tick tries again.
        this.options.log.error({ job: job.name, err: error }, 'scheduled job could not be claimed');
      }
    }
  }

  private async runIfClaimed(job: ScheduledJob): Promise<void> {
    const now = this.now();
    const claim: RunClaim = {
      job: job.name,
      period: periodOf(now, job.periodMs),
      ownerId: this.options.ownerId,
    };
    const { runs, log } = this.options;
    const claimed = await runs.claim(claim, now, this.leaseMs);
    if (!claimed) return;
    log.info({ job: job.name, period: claim.period, claimed }, 'scheduled job started');
    const heartbeat = setInterval(() => {
      runs
        .renew(claim, this.now(), this.leaseMs)
        .catch((error: unknown) =>
          log.error({ job: job.name, err: error }, 'lease renewal failed'),
        );
    }, this.leaseMs / 3).unref();
    try {
      await job.run(now);
      clearInterval(heartbeat);
      if (!(await runs.finish(claim, this.now()))) {
        log.error({ job: job.name, period: claim.period }, 'scheduled job lost its claim');
        return;
      }
      log.info({ job: job.name, period: claim.period }, 'scheduled job finished');
    } catch (error) {
      clearInterval(heartbeat);
      const retryAt = new Date(
        this.now().getTime() + (this.options.retryAfterFailureMs ?? DEFAULT_RETRY_AFTER_FAILURE_MS),
      );
      log.error({ job: job.name, period: claim.period, err: error }, 'scheduled job failed');
      await runs.fail(claim, error instanceof Error ? error.message : String(error), retryAt);
    }
  }
}
