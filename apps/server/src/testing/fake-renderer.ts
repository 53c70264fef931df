import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type {
  RenderProgress,
  RenderRequest,
  RenderResult,
  VideoRenderer,
} from '../jobs/renderer.ts';

/** Makes the next renders fail once they report `stage`, throwing `error`. */
export interface StageFailure {
  stage: RenderProgress['stage'];
  error: Error;
}

/** A renderer for service and route tests: writes small files, or fails, on command. */
export class FakeRenderer implements VideoRenderer {
  readonly requests: RenderRequest[] = [];
  failWith: string | null = null;
  failAt: StageFailure | null = null;
  private gate: Promise<void> = Promise.resolve();
  private openGate: (() => void) | null = null;

  /** Holds the next renders until release() (to observe "processing"). */
  hold(): void {
    this.gate = new Promise((resolve) => (this.openGate = resolve));
  }

  release(): void {
    this.openGate?.();
  }

  async render(
    request: RenderRequest,
    onProgress: (progress: RenderProgress) => void,
  ): Promise<RenderResult> {
    this.requests.push(request);
    const report = (progress: RenderProgress) => {
      onProgress(progress);
      if (this.failAt && this.failAt.stage === progress.stage) throw this.failAt.error;
    };
    report({ stage: 1, percent: 2 });
    await this.gate;
    report({ stage: 2, percent: 5 });
    report({ stage: 3, percent: 50 });
    if (this.failWith) throw new Error(this.failWith);
    const videoPath = path.join(request.outputDir, 'video.mp4');
    const posterPath = path.join(request.outputDir, 'poster.jpg');
    await writeFile(videoPath, Buffer.from('0123456789abcdefghij'));
    await writeFile(posterPath, Buffer.from('poster'));
    report({ stage: 4, percent: 99 });
    return {
      videoPath,
      posterPath,
      durationSeconds: 8,
      fileSize: 20,
      warnings: [],
      provenance: { engine: 'fake' },
    };
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
