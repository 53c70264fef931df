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
}

// Node 24 strips the worker's types itself (the engine is erasable TypeScript), so the worker
// starts without tsx: with it, the whole server peaked ~60 MB higher during a render.
const WORKER_URL = new URL('./render.worker.ts', import.meta.url);

/**
 * Renders in worker threads so drawing frames never blocks the HTTP event loop. Workers
 * start on demand and keep their loaded models (faces, fonts) between jobs; one that
 * dies fails only its own job and is replaced.
 */
export class WorkerRenderer implements VideoRenderer {
  private readonly workers: PooledWorker[] = [];
  private readonly waiting: PendingJob[] = [];
  private nextTaskId = 1;
  private closed = false;

  constructor(
    private readonly size: number,
    private readonly workerData: { ffmpegPath: string | null; faceDetection: boolean },
  ) {}

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
      slot.job = job;
      slot.worker.postMessage(job.task);
    }
  }

  private spawn(): PooledWorker {
    // No inherited loader flags: the parent may run under tsx, the worker needs none.
    const worker = new Worker(WORKER_URL, {
      execArgv: [],
      workerData: this.workerData,
    });
    const slot: PooledWorker = { worker, job: undefined };
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
    await Promise.all(workers.map((slot) => slot.worker.terminate()));
  }
}
