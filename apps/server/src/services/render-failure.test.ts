import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_VIDEO_OPTIONS } from '@glowreel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RenderRequest } from '../jobs/renderer.ts';
import { WorkerRenderer } from '../jobs/worker-renderer.ts';
import { compositePhoto } from '../testing/test-photos.ts';
import { failureView, renderFailureCodeOf, VideoStorageFailure } from './render-failure.ts';

function requestFor(dir: string, inputPath: string): RenderRequest {
  return {
    inputPath,
    afterInputPath: null,
    logoPath: null,
    outputDir: dir,
    width: 320,
    height: 320,
    options: { ...DEFAULT_VIDEO_OPTIONS, autoAlign: false },
    branding: { clinicName: 'Test clinic', contact: null, treatmentTitle: null, disclosure: null },
  };
}

/** Renders with the real engine in a worker and classifies its failure as the service does. */
async function failureCodeOf(renderer: WorkerRenderer, request: RenderRequest) {
  let stage = 1;
  const error: unknown = await renderer
    .render(request, (progress) => (stage = progress.stage))
    .then(
      () => undefined,
      (caught: unknown) => caught,
    );
  expect(error).toBeInstanceOf(Error);
  return { code: renderFailureCodeOf(error, stage), stage, error: error as Error };
}

describe('render failure codes from the real engine', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'render-failure-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('calls a photo the decoder cannot read photo_unreadable', async () => {
    const renderer = new WorkerRenderer(1, { ffmpegPath: null, faceDetection: false });
    try {
      const inputPath = path.join(dir, 'damaged.jpg');
      await writeFile(inputPath, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]));
      const failure = await failureCodeOf(renderer, requestFor(dir, inputPath));
      expect(failure.code).toBe('photo_unreadable');
    } finally {
      await renderer.close();
    }
  }, 60_000);

  it('calls an ffmpeg that cannot run encoding_failed, though frames were being painted', async () => {
    const renderer = new WorkerRenderer(1, {
      ffmpegPath: path.join(dir, 'no-ffmpeg-here'),
      faceDetection: false,
    });
    try {
      const inputPath = path.join(dir, 'composite.jpg');
      await writeFile(inputPath, await compositePhoto());
      const failure = await failureCodeOf(renderer, requestFor(dir, inputPath));
      expect(failure.stage).toBe(3);
      // The internal text names the path; only the log gets it.
      expect(failure.error.message).toContain('no-ffmpeg-here');
      expect(failure.code).toBe('encoding_failed');
    } finally {
      await renderer.close();
    }
  }, 120_000);
});

describe('renderFailureCodeOf', () => {
  it('names the stage a failure happened in', () => {
    const error = new Error('x');
    expect([1, 2, 3, 4].map((stage) => renderFailureCodeOf(error, stage))).toEqual([
      'photo_unreadable',
      'face_analysis_failed',
      'painting_failed',
      'encoding_failed',
    ]);
  });

  it('prefers what the error says: storage, or the encoder at any stage', () => {
    expect(renderFailureCodeOf(new VideoStorageFailure(new Error('EACCES')), 4)).toBe(
      'storage_failed',
    );
    expect(renderFailureCodeOf(Object.assign(new Error('x'), { code: 'encoder_failed' }), 3)).toBe(
      'encoding_failed',
    );
  });
});

describe('failureView', () => {
  it('shows a row failed before failure codes as the generic failure, never its stored text', () => {
    const view = failureView({ id: 'v1', status: 'failed', error_code: null });
    expect(view).toEqual({
      code: 'render_failed',
      message:
        'An error occurred: the video could not be rendered. Please try again. Your credit was refunded. Reference: v1.',
    });
    expect(failureView({ id: 'v1', status: 'completed', error_code: null })).toBeNull();
  });
});
