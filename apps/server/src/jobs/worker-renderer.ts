import { Worker } from 'node:worker_threads';
import type { RenderProgress, RenderRequest, RenderResult, VideoRenderer } from './renderer.ts';
import { RenderError } from './renderer.ts';
import type { RenderWorkerMessage, RenderWorkerTask } from './render-worker-protocol.ts';

interface PendingJob {
  task: RenderWorkerTask;
  onProgress: (progress: RenderProgress) => void;
  resolve: (result: RenderResult) => void;
  reject: (error: Error) => void;
}

interface PooledWorker {
  worker: Worker;
  job: PendingJob | undefined;
  idleTimer: NodeJS.Timeout | undefined;
}

/**
 * How long a render worker waits for its next job before it exits. A worker keeps its face
 * model (~170–300 MB) and whatever its last render's decode and paint left in its heaps and
 * malloc arenas; exiting gives all of it back, so a server that has finished a burst of large
 * uploads returns to its idle size. The price is loading the model again (a few seconds) for
 * the first render after a quiet spell; a queue that keeps coming keeps its workers. A minute
 * keeps a clinic's run of videos on warm workers and still empties a server within one
 * after a burst (RENDER_WORKER_IDLE_SECONDS changes it).
 */
export const RENDER_WORKER_IDLE_MS = 60_000;

export interface WorkerRendererSettings {
  ffmpegPath: string | null;
  faceDetection: boolean;
  /** Overrides RENDER_WORKER_IDLE_MS (tests use a short one). */
  idleExitMs?: number;
}

// Node 24 strips the worker's types itself (the engine is erasable TypeScript), so the worker
// starts without tsx: with it, the whole server peaked ~60 MB higher during a render.
const WORKER_URL = new URL('./render.worker.ts', import.meta.url);

/**
 * Renders in worker threads so drawing frames never blocks the HTTP event loop. Workers
 * start on demand and keep their loaded models (faces, fonts) between jobs that follow one
 * another; one idle for RENDER_WORKER_IDLE_MS exits; one that dies fails only its own job
 * and is replaced.
 */
export class WorkerRenderer implements VideoRenderer {
  private readonly workers: PooledWorker[] = [];
  private readonly waiting: PendingJob[] = [];
  private nextTaskId = 1;
  private closed = false;

  constructor(
    private readonly size: number,
    private readonly settings: WorkerRendererSettings,
  ) {}

  /** Worker threads alive now (for tests and diagnostics). */
  liveWorkers(): number {
    return this.workers.length;
  }

  render(
    request: RenderRequest,
    onProgress: (progress: RenderProgress) => void,
  ): Promise<RenderResult> {
    if (this.closed) return Promise.reject(new Error('the renderer is closed'));
    return new Promise((resolve, reject) => {
      this.waiting.push({
        task: { taskId: this.nextTaskId++, request },
        onProgress,
        resolve,
        reject,
      });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.waiting.length > 0) {
      let slot = this.workers.find((candidate) => candidate.job === undefined);
      if (!slot && this.workers.length < this.size) slot = this.spawn();
      if (!slot) return;
      const job = this.waiting.shift();
      if (!job) return;
      clearTimeout(slot.idleTimer);
      slot.idleTimer = undefined;
      slot.job = job;
      slot.worker.postMessage(job.task);
    }
    for (const slot of this.workers) if (slot.job === undefined) this.exitWhenIdle(slot);
  }

  private exitWhenIdle(slot: PooledWorker): void {
    if (slot.idleTimer || this.closed) return;
    slot.idleTimer = setTimeout(() => {
      const index = this.workers.indexOf(slot);
      if (index === -1 || slot.job) return;
      // Out of the pool first, so its exit is not mistaken for a crash.
      this.workers.splice(index, 1);
      void slot.worker.terminate();
    }, this.settings.idleExitMs ?? RENDER_WORKER_IDLE_MS);
    // An idle worker's timer must not keep the process alive.
    slot.idleTimer.unref();
  }

  private spawn(): PooledWorker {
    // No inherited loader flags: the parent may run under tsx, the worker needs none.
    const worker = new Worker(WORKER_URL, {
      execArgv: [],
      workerData: {
        ffmpegPath: this.settings.ffmpegPath,
        faceDetection: this.settings.faceDetection,
      },
    });
    const slot: PooledWorker = { worker, job: undefined, idleTimer: undefined };
    worker.on('message', (message: RenderWorkerMessage) => this.onMessage(slot, message));
    worker.on('error', (error: Error) => this.onWorkerExit(slot, error));
    worker.on('exit', (code) =>
      this.onWorkerExit(slot, new Error(`the render worker exited with code ${code}`)),
    );
    this.workers.push(slot);
    return slot;
  }

  private onMessage(slot: PooledWorker, message: RenderWorkerMessage): void {
    const job = slot.job;
    if (!job || job.task.taskId !== message.taskId) return;
    switch (message.type) {
      case 'progress':
        job.onProgress(message.progress);
        return;
      case 'done':
        slot.job = undefined;
        job.resolve(message.result);
        break;
      case 'failed':
        slot.job = undefined;
        job.reject(new RenderError(message.message, message.code));
        break;
    }
    this.dispatch();
  }

  private onWorkerExit(slot: PooledWorker, error: Error): void {
    clearTimeout(slot.idleTimer);
    const index = this.workers.indexOf(slot);
    if (index === -1) return;
    this.workers.splice(index, 1);
    slot.job?.reject(error);
    slot.job = undefined;
    if (!this.closed) this.dispatch();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.waiting.splice(0)) job.reject(new Error('the renderer closed'));
    const workers = this.workers.splice(0);
    for (const slot of workers) clearTimeout(slot.idleTimer);
    await Promise.all(workers.map((slot) => slot.worker.terminate()));
  }
}
