import { Queue, Worker } from 'bullmq';
import type { Config } from '../config.ts';
import { bullmqConnection } from '../jobs/bullmq/redis-connection.ts';

export const SCHEDULED_JOBS_QUEUE = 'scheduled-jobs';
/** One job scheduler for the whole deployment: every process upserts this same one. */
const TICK_SCHEDULER_ID = 'scheduled-jobs-tick';

export interface SchedulerTicks {
  /** Makes sure the repeating tick exists on Redis (idempotent) and starts working it. */
  start: () => Promise<void>;
  /** Takes no new tick and waits for the one in hand. */
  close: () => Promise<void>;
}

/**
 * Scale mode (issue #19 §1): the scheduler's tick is a BullMQ job scheduler, so each tick
 * is one job for the whole deployment, run by one worker (workers, and API servers unless
 * RUN_WORKERS=false), instead of a timer in every server. The tick still claims each job's
 * day in the database (scheduled_runs), which is what keeps a daily job to one run a day even
 * if Redis lost or repeated a tick. Null without REDIS_URL (each process's own timer).
 */
export function openSchedulerTicks(
  config: Config,
  options: {
    worksJobs: boolean;
    everyMs: number;
    tick: () => Promise<void>;
    log: { error: (details: object, message: string) => void };
  },
): SchedulerTicks | null {
  const { redisUrl, prefix } = config.queue;
  if (redisUrl === null) return null;
  const { log } = options;
  const queue = new Queue(SCHEDULED_JOBS_QUEUE, {
    connection: bullmqConnection(redisUrl, 'producer'),
    prefix,
  });
  queue.on('error', (error) => log.error({ err: error }, 'scheduled jobs queue error'));
  let worker: Worker | null = null;
  return {
    start: async () => {
      await queue.upsertJobScheduler(
        TICK_SCHEDULER_ID,
        { every: options.everyMs },
        { name: 'tick', opts: { removeOnComplete: true, removeOnFail: true } },
      );
      if (!options.worksJobs || worker) return;
      worker = new Worker(SCHEDULED_JOBS_QUEUE, () => options.tick(), {
        connection: bullmqConnection(redisUrl, 'worker'),
        prefix,
        // A tick runs the day's jobs one after another: one at a time per process.
        concurrency: 1,
        lockDuration: config.jobs.leaseMs,
        stalledInterval: config.jobs.leaseMs,
      });
      worker.on('error', (error) => log.error({ err: error }, 'scheduled jobs worker error'));
    },
    close: async () => {
      await worker?.close();
      await queue.close();
    },
  };
}
