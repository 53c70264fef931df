/** Runs render jobs. Embedded: in this process; at scale: a queue on Redis (BullMQ). */
export interface JobQueue {
  enqueue(videoId: string): void;
  /** False while the queue cannot take a job (Redis away): uploads are refused before any credit moves. */
  isAcceptingJobs(): Promise<boolean>;
  /** Resolves when every job taken so far has finished (used by shutdown and tests). */
  drain(): Promise<void>;
  close(): Promise<void>;
  /** How busy the queue is now; read by GET /metrics at each scrape. */
  stats(): JobQueueStats | Promise<JobQueueStats>;
}

export interface JobQueueStats {
  /** Jobs accepted and not started yet. */
  waiting: number;
  /** Jobs being worked on now. */
  active: number;
  /** How long the job first in line has waited; null when none waits. */
  oldestWaitingMs: number | null;
}

export type JobHandler = (videoId: string) => Promise<void>;
