import { EventEmitter } from 'node:events';
import type { RenderFailureCode } from '@glowreel/contracts';

export type VideoEvent =
  | { type: 'progress'; stage: number; stageName: string; progress: number }
  | { type: 'completed' }
  | { type: 'failed'; errorCode: RenderFailureCode; errorMessage: string };

/** Fans render progress out to the SSE streams watching a video. */
export class ProgressBus {
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
