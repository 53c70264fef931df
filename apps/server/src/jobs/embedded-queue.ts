import type { JobHandler, JobQueue, JobQueueStats } from './job-queue.ts';

/**
 * An in-process FIFO with a concurrency limit. Its durable state is the videos table
 * (status "processing"), which the start-up recovery reads, so nothing is lost with it.
 */
export class EmbeddedQueue implements JobQueue {
  /** Each waiting job with when it joined the line (for its wait in stats()). */
  private readonly waiting: { videoId: string; enqueuedAt: number }[] = [];
  private readonly running = new Set<Promise<void>>();
  private readonly runningIds = new Set<string>();
  private closed = false;

  constructor(
    private readonly handler: JobHandler,
    private readonly concurrency: number,
    private readonly onError: (videoId: string, error: unknown) => void,
    /** Milliseconds now; tests pass their own clock. */
    private readonly now: () => number = () => Date.now(),
  ) {}

  enqueue(videoId: string): void {
    if (this.closed) throw new Error('the queue is closed');
    this.waiting.push({ videoId, enqueuedAt: this.now() });
    this.pump();
  }

  /** True while the job waits in line or runs here. */
  holds(videoId: string): boolean {
    return this.runningIds.has(videoId) || this.waiting.some((job) => job.videoId === videoId);
  }

  isAcceptingJobs(): Promise<boolean> {
    return Promise.resolve(!this.closed);
  }

  private pump(): void {
    while (!this.closed && this.running.size < this.concurrency && this.waiting.length > 0) {
      const next = this.waiting.shift();
      if (next === undefined) return;
      const { videoId } = next;
      this.runningIds.add(videoId);
      const job = this.handler(videoId)
        .catch((error: unknown) => this.onError(videoId, error))
        .finally(() => {
          this.running.delete(job);
          this.runningIds.delete(videoId);
          this.pump();
        });
      this.running.add(job);
    }
  }

  stats(): JobQueueStats {
    const oldest = this.waiting[0];
    return {
      waiting: this.waiting.length,
      active: this.running.size,
      oldestWaitingMs: oldest === undefined ? null : this.now() - oldest.enqueuedAt,
    };
  }

  async drain(): Promise<void> {
    while (this.running.size > 0 || (this.waiting.length > 0 && !this.closed)) {
      await Promise.race(this.running);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.waiting.length = 0;
    await Promise.allSettled(this.running);
  }
}
