import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_VIDEO_OPTIONS } from '@glowreel/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RenderRequest } from './renderer.ts';
import { RenderError } from './renderer.ts';
import { WorkerRenderer } from './worker-renderer.ts';

// A photo that is not there: the worker starts, fails the job as a RenderError and goes idle,
// which is all the pool's lifecycle needs without drawing a video.
function missingPhotoRequest(dir: string): RenderRequest {
  return {
    inputPath: path.join(dir, 'missing.jpg'),
    afterInputPath: null,
    logoPath: null,
    outputDir: dir,
    width: 320,
    height: 320,
    options: { ...DEFAULT_VIDEO_OPTIONS, autoAlign: false },
    branding: { clinicName: 'Test clinic', contact: null, treatmentTitle: null, disclosure: null },
  };
}

describe('WorkerRenderer', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'worker-renderer-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('lets an idle worker exit, and starts a fresh one for the next job', async () => {
    const renderer = new WorkerRenderer(1, {
      ffmpegPath: null,
      faceDetection: false,
      idleExitMs: 50,
    });
    try {
      await expect(renderer.render(missingPhotoRequest(dir), () => undefined)).rejects.toThrow(
        RenderError,
      );
      expect(renderer.liveWorkers()).toBe(1);
      // The worker gives back everything it holds once it has nothing to do.
      await vi.waitFor(() => expect(renderer.liveWorkers()).toBe(0), { timeout: 20_000 });
      // Its exit was not taken for a crash: the next job gets a new worker and its own answer.
      await expect(renderer.render(missingPhotoRequest(dir), () => undefined)).rejects.toThrow(
        RenderError,
      );
    } finally {
      await renderer.close();
    }
  }, 60_000);

  it('keeps a worker whose next job arrives within the idle time', async () => {
    const renderer = new WorkerRenderer(1, {
      ffmpegPath: null,
      faceDetection: false,
      idleExitMs: 60_000,
    });
    try {
      for (let round = 0; round < 2; round += 1) {
        await expect(renderer.render(missingPhotoRequest(dir), () => undefined)).rejects.toThrow(
          RenderError,
        );
        expect(renderer.liveWorkers()).toBe(1);
      }
    } finally {
      await renderer.close();
    }
  }, 60_000);
});
