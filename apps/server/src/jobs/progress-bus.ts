import { EventEmitter } from 'node:events';
import type { RenderFailureCode } from '@glowreel/contracts';

export type VideoEvent =
  | { type: 'progress'; stage: number; stageName: string; progress: number }
  | { type: 'completed' }
  | { type: 'failed'; errorCode: RenderFailureCode; errorMessage: string };

/**
 * Fans render progress out to the SSE streams watching a video. Embedded: within this
 * process; at scale: across processes (`bullmq/redis-progress-bus.ts`), since the worker
 * rendering a video and the API server holding its SSE stream are different processes.
 * Best effort either way: the video's record stays the source of truth.
 */
export interface ProgressBus {
  publish(videoId: string, event: VideoEvent): void;
  subscribe(videoId: string, listener: (event: VideoEvent) => void): () => void;
}

/** The in-process bus: also what the Redis bus hands received events to. */
export class LocalProgressBus implements ProgressBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  publish(videoId: string, event: VideoEvent): void {
    this.emitter.emit(videoId, event);
  }

  subscribe(videoId: string, listener: (event: VideoEvent) => void): () => void {
    this.emitter.on(videoId, listener);
    return () => this.emitter.off(videoId, listener);
  }
}
