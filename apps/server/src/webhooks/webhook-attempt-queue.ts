import { Queue, Worker } from 'bullmq';
import type { Config } from '../config.ts';
import { bullmqConnection } from '../jobs/bullmq/redis-connection.ts';
import type { WebhookAttemptQueue } from '../services/webhooks.service.ts';

export const WEBHOOK_DELIVERIES_QUEUE = 'webhook-deliveries';

/** Sends at once per process: each is one HTTP request waiting on a receiver. */
const SENDS_AT_ONCE = 4;
/** Tries of a job whose handler threw (the database away), not of a refused webhook. */
const HANDLER_ATTEMPTS = 3;

interface AttemptJobData {
  deliveryId: string;
  attempt: number;
}

type AttemptJob = Parameters<WebhookAttemptQueue['schedule']>[0];

export interface OpenedWebhookAttemptQueue extends WebhookAttemptQueue {
  /** Queues the attempt and resolves once Redis has it. */
  add: (job: AttemptJob) => Promise<void>;
  /** Takes no new attempt and waits for the sends in hand. */
  close: () => Promise<void>;
}

/** One job per attempt: `<delivery id>-attempt-<n>`, so queuing it twice adds it once. */
export function attemptJobId(deliveryId: string, attempt: number): string {
  return `${deliveryId}-attempt-${attempt}`;
}

/**
 * Scale mode (issue #19 §1): each webhook delivery attempt is a BullMQ job, delayed until a
 * retry is due, so it survives restarts and is sent on time by whichever process works the
 * queue then (workers, and API servers unless RUN_WORKERS=false). Null without REDIS_URL.
 */
export function openWebhookAttemptQueue(
  config: Config,
  options: {
    worksJobs: boolean;
    deliverAttempt: (deliveryId: string, attempt: number) => Promise<unknown>;
    log: { warn: (details: object, message: string) => void };
  },
): OpenedWebhookAttemptQueue | null {
  const { redisUrl, prefix } = config.queue;
  if (redisUrl === null) return null;
  const { log } = options;
  const queue = new Queue<AttemptJobData>(WEBHOOK_DELIVERIES_QUEUE, {
    connection: bullmqConnection(redisUrl, 'producer'),
    prefix,
  });
  queue.on('error', (error) => log.warn({ err: error }, 'webhook queue error'));
  const worker = options.worksJobs
    ? new Worker<AttemptJobData>(
        WEBHOOK_DELIVERIES_QUEUE,
        async (job) => {
          await options.deliverAttempt(job.data.deliveryId, job.data.attempt);
        },
        {
          connection: bullmqConnection(redisUrl, 'worker'),
          prefix,
          concurrency: SENDS_AT_ONCE,
          lockDuration: config.jobs.leaseMs,
          stalledInterval: config.jobs.leaseMs,
        },
      )
    : null;
  worker?.on('error', (error) => log.warn({ err: error }, 'webhook worker error'));
  const add = async ({ deliveryId, attempt, at }: AttemptJob): Promise<void> => {
    await queue.add(
      'attempt',
      { deliveryId, attempt },
      {
        jobId: attemptJobId(deliveryId, attempt),
        delay: Math.max(0, at.getTime() - Date.now()),
        attempts: HANDLER_ATTEMPTS,
        backoff: { type: 'exponential', delay: 1_000 },
        // Neither kept: a job id still held would stop the poll queuing the attempt again.
        removeOnComplete: true,
        removeOnFail: true,
      },
    );
  };
  return {
    add,
    schedule: (job) => {
      add(job).catch((error: unknown) =>
        // The poll queues it again once it is due; the delivery itself is in the database.
        log.warn({ err: error, ...job }, 'webhook attempt could not be queued'),
      );
    },
    close: async () => {
      await worker?.close();
      await queue.close();
    },
  };
}
