import type { Config } from '../config.ts';
import { jobSlotsFor } from './job-slots.ts';
import { MAX_RENDER_ATTEMPTS, type RenderJobsService } from '../services/render-jobs.service.ts';
import { BullmqRecordQueue, type RequeueOutcome } from './bullmq/bullmq-record-queue.ts';
import { RedisProgressBus } from './bullmq/redis-progress-bus.ts';
import { EmbeddedQueue } from './embedded-queue.ts';
import type { JobQueue } from './job-queue.ts';
import { LocalProgressBus, type ProgressBus } from './progress-bus.ts';

interface JobsLog {
  error: (details: object, message: string) => void;
}

/** Progress within this process (embedded), or across processes over Redis (scale mode). */
export async function openProgressBus(
  config: Config,
  log: JobsLog,
): Promise<ProgressBus & { close: () => Promise<void> }> {
  if (config.queue.redisUrl === null) {
    return Object.assign(new LocalProgressBus(), { close: () => Promise.resolve() });
  }
  const bus = new RedisProgressBus(config.queue.redisUrl, config.queue.prefix, (error) =>
    log.error({ err: error }, 'progress relay: Redis error'),
  );
  await bus.open();
  return bus;
}

export interface OpenedJobQueue {
  queue: JobQueue;
  /** Scale mode only: queues a stranded video again, unless the queue gave it up. */
  requeue: ((videoId: string) => Promise<RequeueOutcome>) | null;
  /** Embedded mode only: whether the job waits or runs in this process. */
  holds: ((videoId: string) => boolean) | null;
  handBack: () => Promise<number>;
}

/** The embedded in-process queue, or BullMQ on Redis when REDIS_URL is set. */
export function openJobQueue(
  config: Config,
  options: { worksJobs: boolean; renderJobs: RenderJobsService; log: JobsLog },
): OpenedJobQueue {
  const { renderJobs, log } = options;
  if (config.queue.redisUrl === null) {
    const queue = new EmbeddedQueue(
      (videoId) => renderJobs.process(videoId),
      jobSlotsFor(config),
      (videoId, error) => log.error({ videoId, err: error }, 'render job crashed'),
    );
    return {
      queue,
      requeue: null,
      holds: (videoId) => queue.holds(videoId),
      handBack: () => Promise.resolve(0),
    };
  }
  const queue = new BullmqRecordQueue({
    redisUrl: config.queue.redisUrl,
    prefix: config.queue.prefix,
    working: options.worksJobs
      ? {
          handler: (videoId) => renderJobs.processQueued(videoId),
          concurrency: jobSlotsFor(config),
          // A worker's queue lock lasts as long as its lease on the record: one notion of
          // "this worker stopped", whichever of the two notices it first.
          lockMs: config.jobs.leaseMs,
          maxStalls: MAX_RENDER_ATTEMPTS,
          onGivenUp: (videoId) => renderJobs.giveUp(videoId),
        }
      : null,
    onError: (videoId, error) => log.error({ videoId, err: error }, 'render queue error'),
  });
  return {
    queue,
    requeue: (videoId) => queue.requeue(videoId),
    holds: null,
    handBack: () => queue.handBack(),
  };
}
