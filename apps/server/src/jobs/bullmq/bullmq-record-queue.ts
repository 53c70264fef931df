import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { once } from 'node:events';
import type { JobHandler, JobQueue } from '../job-queue.ts';
import { bullmqConnection } from './redis-connection.ts';

/** How long an upload waits for Redis to say it can take a job before it is refused. */
const AVAILABILITY_TIMEOUT_MS = 2_000;
/** Attempts for a job whose handler itself threw (the database away, say), not a failed render. */
const HANDLER_ATTEMPTS = 5;

interface RecordJobData {
  /** The record the job works on (a video, an export): the job's id too. */
  id: string;
}

export interface RecordQueueWorking {
  handler: JobHandler;
  concurrency: number;
  /**
   * How long a job stays locked to a process that stopped renewing its lock (killed, frozen):
   * after it, another worker takes the job back from the stalled one.
   */
  lockMs: number;
  /** Stalls (killed workers) before BullMQ gives up; the handler's own attempt count decides first. */
  maxStalls: number;
  /** BullMQ gave a job up for good: the video's record must still end (failed, refunded). */
  onGivenUp: (recordId: string) => Promise<void>;
}

export interface BullmqRecordQueueOptions {
  /** The queue's name: 'renders' (the default), 'exports'. */
  name?: string;
  redisUrl: string;
  prefix: string;
  /** Null: this process only adds jobs (an API server with RUN_WORKERS=false). */
  working: RecordQueueWorking | null;
  onError: (recordId: string | null, error: unknown) => void;
}

export interface QueueStats {
  waiting: number;
  active: number;
  oldestWaitingMs: number | null;
}

/** What a sweep found for a stranded record: queued again, still held by BullMQ, or given up by it. */
export type RequeueOutcome = 'queued' | 'in-queue' | 'given-up';

/**
 * Jobs on Redis (BullMQ) named by the record they work on (a video to render, an export to
 * build), worked by any process that opens the queue with `working`. A job carries the
 * record's id only and has it as its job id, so adding it again is harmless.
 */
export class BullmqRecordQueue implements JobQueue {
  private readonly queue: Queue<RecordJobData>;
  private readonly worker: Worker<RecordJobData> | null;
  private readonly active = new Map<string, { job: Job<RecordJobData>; token: string }>();
  private readonly settled = new Set<() => void>();
  /** Answers "is Redis there?" at once: it never queues a command while disconnected. */
  private readonly probe: Redis;

  private readonly name: string;

  constructor(private readonly options: BullmqRecordQueueOptions) {
    this.name = options.name ?? 'renders';
    this.queue = new Queue<RecordJobData>(this.name, {
      connection: bullmqConnection(options.redisUrl, 'producer'),
      prefix: options.prefix,
    });
    this.queue.on('error', (error) => options.onError(null, error));
    this.probe = new Redis(options.redisUrl, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    });
    this.probe.on('error', () => undefined);
    this.worker = options.working ? this.openWorker(options.working) : null;
  }

  private openWorker(working: RecordQueueWorking): Worker<RecordJobData> {
    const worker = new Worker<RecordJobData>(
      this.name,
      async (job, token) => {
        const id = job.id ?? job.data.id;
        this.active.set(id, { job, token: token ?? '' });
        try {
          await working.handler(job.data.id);
        } finally {
          this.active.delete(id);
          for (const wake of this.settled) wake();
        }
      },
      {
        connection: bullmqConnection(this.options.redisUrl, 'worker'),
        prefix: this.options.prefix,
        concurrency: working.concurrency,
        lockDuration: working.lockMs,
        stalledInterval: working.lockMs,
        maxStalledCount: working.maxStalls,
      },
    );
    worker.on('error', (error) => this.options.onError(null, error));
    worker.on('failed', (job, error) => {
      if (!job) return;
      this.options.onError(job.data.id, error);
      void this.whenGivenUp(job, working);
    });
    return worker;
  }

  private async whenGivenUp(job: Job<RecordJobData>, working: RecordQueueWorking): Promise<void> {
    try {
      if ((await job.getState()) === 'failed') await working.onGivenUp(job.data.id);
    } catch (error) {
      this.options.onError(job.data.id, error);
    }
  }

  enqueue(recordId: string): void {
    // A job lost here is added again by the recovery sweep, which finds its record stranded.
    this.add(recordId).catch((error: unknown) => this.options.onError(recordId, error));
  }

  /** Adds the job (to run no sooner than `delayMs` from now) once Redis has it. */
  async add(recordId: string, options: { delayMs?: number } = {}): Promise<void> {
    await this.queue.add(
      this.name,
      { id: recordId },
      {
        jobId: recordId,
        delay: options.delayMs,
        attempts: HANDLER_ATTEMPTS,
        backoff: { type: 'exponential', delay: 1_000 },
        removeOnComplete: true,
        // Kept a day so a sweep can tell "given up" from "lost".
        removeOnFail: { age: 24 * 3600 },
      },
    );
  }

  /**
   * For a record still processing with no live owner: queue it unless BullMQ gave it up.
   * A job BullMQ still holds (waiting, or active under a dead worker's lock until its
   * stalled check hands it on) is left where it is: 'in-queue'.
   */
  async requeue(recordId: string): Promise<RequeueOutcome> {
    const job = await this.queue.getJob(recordId);
    if (!job) {
      await this.add(recordId);
      return 'queued';
    }
    return (await job.getState()) === 'failed' ? 'given-up' : 'in-queue';
  }

  async isAcceptingJobs(): Promise<boolean> {
    try {
      if (this.probe.status !== 'ready') {
        await withTimeout(once(this.probe, 'ready'), AVAILABILITY_TIMEOUT_MS);
      }
      return (await withTimeout(this.probe.ping(), AVAILABILITY_TIMEOUT_MS)) === 'PONG';
    } catch {
      return false;
    }
  }

  /** Queue depth and wait, the same figures the embedded queue reports (for /metrics). */
  async stats(): Promise<QueueStats> {
    const counts = await this.queue.getJobCounts('waiting', 'prioritized', 'active');
    const [oldest] = await this.queue.getJobs(['waiting'], -1, -1, true);
    return {
      waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
      active: counts.active ?? 0,
      oldestWaitingMs: oldest ? Math.max(0, Date.now() - oldest.timestamp) : null,
    };
  }

  /** Resolves when every job this process took so far has finished. */
  async drain(): Promise<void> {
    while (this.active.size > 0) {
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.settled.delete(wake);
          resolve();
        };
        this.settled.add(wake);
      });
    }
  }

  /**
   * Puts the jobs this process is running back in the queue at once, for another worker to
   * take (a shutdown that cannot wait for them). Their records stay processing.
   */
  async handBack(): Promise<number> {
    let handed = 0;
    for (const { job, token } of this.active.values()) {
      try {
        await job.moveToWait(token);
        handed += 1;
      } catch (error) {
        // Finished meanwhile, or the lock already lapsed: nothing left to hand back.
        this.options.onError(job.data.id, error);
      }
    }
    return handed;
  }

  /** Takes no new job and waits for the running ones (force: stops without waiting). */
  async close(options: { force?: boolean } = {}): Promise<void> {
    await this.worker?.close(options.force ?? false);
    await this.queue.close();
    this.probe.disconnect();
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
