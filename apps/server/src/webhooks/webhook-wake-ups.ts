import type { Config } from '../config.ts';
import { BullmqRecordQueue } from '../jobs/bullmq/bullmq-record-queue.ts';

export interface WebhookWakeUps {
  wakeAt: (at: Date) => void;
  close: () => Promise<void>;
}

/**
 * Scale mode (issue #19 §1): each webhook retry becomes a delayed job on Redis that runs a
 * delivery pass when the retry is due, in whichever process works the queue then, so retries
 * survive restarts and go out on time. The job only wakes a pass: each delivery is still
 * claimed in the database, so it is sent once however many processes wake. Null without
 * REDIS_URL (the poll alone).
 */
export function openWebhookWakeUps(
  config: Config,
  options: {
    deliverDue: () => Promise<void>;
    log: { warn: (details: object, message: string) => void };
  },
): WebhookWakeUps | null {
  if (config.queue.redisUrl === null) return null;
  const queue = new BullmqRecordQueue({
    name: 'webhook-retries',
    redisUrl: config.queue.redisUrl,
    prefix: config.queue.prefix,
    working: {
      handler: () => options.deliverDue(),
      concurrency: 1,
      lockMs: config.jobs.leaseMs,
      maxStalls: 1,
      // A lost wake-up costs nothing: the poll sends the retry a few seconds later.
      onGivenUp: () => Promise.resolve(),
    },
    onError: (_id, error) => options.log.warn({ err: error }, 'webhook retry queue error'),
  });
  return {
    wakeAt: (at) => {
      // One job per due moment: retries due at the same millisecond share a pass.
      queue
        .add(`due-${at.getTime()}`, { delayMs: Math.max(0, at.getTime() - Date.now()) })
        .catch((error: unknown) =>
          options.log.warn({ err: error }, 'webhook retry could not be queued'),
        );
    },
    close: () => queue.close(),
  };
}
