import type { RenderFailureCode } from '@glowreel/contracts';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { JobQueue } from '../jobs/job-queue.ts';
import { failureStageLabel, sizeLabel, statusClassLabel } from './metric-labels.ts';
import type { CompletedRender, Metrics, ServedRequest, WebhookAttemptOutcome } from './metrics.ts';

/** API answers take milliseconds; uploads and SSE streams take longer. */
const HTTP_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** docs/perf.md: 2–5 s alone, tens of seconds with face motion or on a busy machine. */
const RENDER_BUCKETS_SECONDS = [1, 2, 3, 5, 8, 13, 20, 30, 45, 60, 90, 120, 300];

/**
 * The process's metrics in prom-client, on a registry of its own rather than prom-client's
 * global one: tests build many apps in one process, and each must count only its own.
 */
export class PrometheusMetrics implements Metrics {
  private readonly registry = new Registry();
  private readonly queues = new Map<string, Pick<JobQueue, 'stats'>>();
  private readonly httpDuration: Histogram<'method' | 'route' | 'status_class'>;
  private readonly renderDuration: Histogram<'size' | 'template'>;
  private readonly renderFailures: Counter<'stage' | 'code'>;
  private readonly webhookAttempts: Counter<'outcome'>;

  constructor() {
    const registers = [this.registry];
    this.httpDuration = new Histogram({
      name: 'glowreel_http_request_duration_seconds',
      help: 'Time from request to response, by method, route pattern and status class.',
      labelNames: ['method', 'route', 'status_class'],
      buckets: HTTP_BUCKETS_SECONDS,
      registers,
    });
    this.renderDuration = new Histogram({
      name: 'glowreel_render_duration_seconds',
      help: 'Time a completed render took, from its start to its files kept, by size and template.',
      labelNames: ['size', 'template'],
      buckets: RENDER_BUCKETS_SECONDS,
      registers,
    });
    this.renderFailures = new Counter({
      name: 'glowreel_render_failures_total',
      help: 'Renders that ended failed (credit refunded), by stage and failure code.',
      labelNames: ['stage', 'code'],
      registers,
    });
    this.webhookAttempts = new Counter({
      name: 'glowreel_webhook_delivery_attempts_total',
      help: 'Webhook delivery attempts, by outcome: delivered, retrying later, or given up.',
      labelNames: ['outcome'],
      registers,
    });
    this.registerQueueGauges();
  }

  /** The registry's text in Prometheus's exposition format, and its content type. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  /**
   * Node's own figures (CPU seconds, memory, event-loop lag, garbage collection). Once per
   * process: they watch the process with timers and observers that are never removed.
   */
  collectProcessMetrics(): void {
    collectDefaultMetrics({ register: this.registry });
  }

  requestServed(request: ServedRequest): void {
    this.httpDuration.observe(
      {
        method: request.method,
        route: request.route,
        status_class: statusClassLabel(request.statusCode),
      },
      request.seconds,
    );
  }

  renderCompleted(render: CompletedRender): void {
    this.renderDuration.observe(
      { size: sizeLabel(render), template: render.template ?? 'none' },
      render.seconds,
    );
  }

  renderFailed(code: RenderFailureCode): void {
    this.renderFailures.inc({ stage: failureStageLabel(code), code });
  }

  webhookAttempted(outcome: WebhookAttemptOutcome): void {
    this.webhookAttempts.inc({ outcome });
  }

  watchQueue(name: string, queue: Pick<JobQueue, 'stats'>): void {
    this.queues.set(name, queue);
  }

  /** Gauges read from the watched queues when scraped, so they are never stale. */
  private registerQueueGauges(): void {
    const queues = this.queues;
    const stats = () =>
      Promise.all([...queues].map(async ([name, queue]) => ({ name, ...(await queue.stats()) })));
    new Gauge({
      name: 'glowreel_queue_jobs',
      help: 'Jobs in a queue now, waiting or being worked on.',
      labelNames: ['queue', 'state'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const queue of await stats()) {
          this.set({ queue: queue.name, state: 'waiting' }, queue.waiting);
          this.set({ queue: queue.name, state: 'active' }, queue.active);
        }
      },
    });
    new Gauge({
      name: 'glowreel_queue_oldest_waiting_seconds',
      help: 'How long the job first in line has waited (0 when none waits).',
      labelNames: ['queue'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const queue of await stats())
          this.set({ queue: queue.name }, (queue.oldestWaitingMs ?? 0) / 1000);
      },
    });
  }
}
