import type { RenderProgress, RenderRequest, RenderResult, VideoRenderer } from './renderer.ts';
/**
 * How long a render worker waits for its next job before it exits. A worker keeps its face
 * model (~170–300 MB) and whatever its last render's decode and paint left in its heaps and
 * malloc arenas; exiting gives all of it back, so a server that has finished a burst of large
 * uploads returns to its idle size. The price is loading the model again (a few seconds) for
 * the first render after a quiet spell; a queue that keeps coming keeps its workers.
 */
export declare const RENDER_WORKER_IDLE_MS = 5000;
export interface WorkerRendererSettings {
    ffmpegPath: string | null;
    faceDetection: boolean;
    /** Overrides RENDER_WORKER_IDLE_MS (tests use a short one). */
    idleExitMs?: number;
}
/**
 * Renders in worker threads so drawing frames never blocks the HTTP event loop. Workers
 * start on demand and keep their loaded models (faces, fonts) between jobs that follow one
 * another; one idle for RENDER_WORKER_IDLE_MS exits; one that dies fails only its own job
 * and is replaced.
 */
export declare class WorkerRenderer implements VideoRenderer {
    private readonly size;
    private readonly settings;
    private readonly workers;
    private readonly waiting;
    private nextTaskId;
    private closed;
    constructor(size: number, settings: WorkerRendererSettings);
    /** Worker threads alive now (for tests and diagnostics). */
    liveWorkers(): number;
    render(request: RenderRequest, onProgress: (progress: RenderProgress) => void): Promise<RenderResult>;
    private dispatch;
    private exitWhenIdle;
    private spawn;
    private onMessage;
    private onWorkerExit;
    close(): Promise<void>;
}
