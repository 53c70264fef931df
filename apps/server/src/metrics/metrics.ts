import type { RenderFailureCode, Template } from '@glowreel/contracts';
import type { JobQueue } from '../jobs/job-queue.ts';

// What the server counts for GET /metrics (issue #19 §5). Services are given the one narrow
// interface they record through; the process's `PrometheusMetrics` implements them all.

/** One finished HTTP request; `route` is the route's pattern, never the URL with its ids. */
export interface ServedRequest {
  method: string;
  route: string;
  statusCode: number;
  seconds: number;
}

export interface HttpMetrics {
  requestServed(request: ServedRequest): void;
}

/** One completed render: its output size, its template (null on records from before them). */
export interface CompletedRender {
  width: number;
  height: number;
  template: Template | null;
  seconds: number;
}

export interface RenderMetrics {
  renderCompleted(render: CompletedRender): void;
  renderFailed(code: RenderFailureCode): void;
}

/** What came of one webhook attempt: it got a 2xx, or it will be tried again, or never. */
export type WebhookAttemptOutcome = 'delivered' | 'retrying' | 'given_up';

export interface WebhookMetrics {
  webhookAttempted(outcome: WebhookAttemptOutcome): void;
}

export interface QueueMetrics {
  /** Reads the queue's depth and wait at every scrape (nothing is polled in between). */
  watchQueue(name: string, queue: Pick<JobQueue, 'stats'>): void;
}

export type Metrics = HttpMetrics & RenderMetrics & WebhookMetrics & QueueMetrics;
