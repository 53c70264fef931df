import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveFfmpegPath } from './binaries.ts';
import { DEFAULT_X264_PRESET } from './ffmpeg-args.ts';
import { DEFAULT_ENCODER_NICENESS, startEncoder, type Encoder } from './ffmpeg-encoder.ts';
import { probeVideo } from './ffprobe.ts';
import { createI420Converter } from './rgba-to-i420.ts';

const run = promisify(execFile);
const ffmpegPath = resolveFfmpegPath();
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'glowreel-encoder-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/**
 * A textured gradient wider than the frame; frame i is a window moved 4 px right, so the encoder
 * sees motion and detail rather than a trivially compressible flat image.
 */
function createPanningSource(width: number, height: number, frames: number) {
  const sourceWidth = width + frames * 4;
  const source = Buffer.alloc(sourceWidth * height * 4);
  let seed = 12345;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < sourceWidth; x += 1) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      const grain = (seed >>> 24) % 17;
      const i = (y * sourceWidth + x) * 4;
      source[i] = ((x * 255) / sourceWidth + grain) & 255;
      source[i + 1] = ((y * 255) / height + grain) & 255;
      source[i + 2] = (128 + ((x + y) % 64) + grain) & 255;
      source[i + 3] = 255;
    }
  }
  const frame = Buffer.alloc(width * height * 4);
  return (index: number): Buffer => {
    for (let y = 0; y < height; y += 1) {
      const from = (y * sourceWidth + index * 4) * 4;
      source.copy(frame, y * width * 4, from, from + width * 4);
    }
    return frame; // the same buffer every time, like the canvas renderer's
  };
}

/** Decodes every frame to a tiny picture in the given pixel format (scaled to w × h). */
async function decodeFrames(file: string, filter: string): Promise<Buffer> {
  const { stdout } = await run(
    ffmpegPath,
    ['-v', 'error', '-i', file, '-vf', filter, '-f', 'rawvideo', 'pipe:1'],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  return stdout;
}

async function writeUntilRejected(encoder: Encoder, frame: Uint8Array, max: number) {
  for (let index = 0; index < max; index += 1) await encoder.write(frame);
}

describe('startEncoder (real ffmpeg)', () => {
  it('encodes 8 s of 1280x720 frames into a faststart H.264 High MP4 with provenance tags', async () => {
    const outputPath = path.join(dir, 'integration.mp4');
    const frameAt = createPanningSource(1280, 720, 240);
    const encoder = startEncoder({
      ffmpegPath,
      width: 1280,
      height: 720,
      fps: 30,
      outputPath,
      metadata: { comment: '{"engine":"glowreel-builtin"}', description: 'Camera moves only.' },
    });
    for (let index = 0; index < 240; index += 1) await encoder.write(frameAt(index));
    await encoder.finish();

    const probe = await probeVideo(outputPath);
    expect(probe).toMatchObject({
      codec: 'h264',
      profile: 'High',
      pixFmt: 'yuv420p',
      width: 1280,
      height: 720,
      fps: 30,
      frameCount: 240,
      moovBeforeMdat: true,
    });
    expect(Math.abs(probe.durationSeconds - 8)).toBeLessThanOrEqual(0.1);
    expect(probe.tags.comment).toBe('{"engine":"glowreel-builtin"}');
    expect(probe.tags.description).toBe('Camera moves only.');
  });

  it.each([
    [1280, 720],
    [1920, 1080],
  ])('reports the encode time for 240 frames at %dx%d', async (width, height) => {
    const frameAt = createPanningSource(width, height, 240);
    const encoder = startEncoder({
      ffmpegPath,
      width,
      height,
      outputPath: path.join(dir, `timing-${width}.mp4`),
    });
    const started = performance.now();
    for (let index = 0; index < 240; index += 1) await encoder.write(frameAt(index));
    await encoder.finish();
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `encode 240 frames ${width}x${height} preset=${DEFAULT_X264_PRESET} crf=20: ${seconds.toFixed(2)} s (${(240 / seconds).toFixed(0)} fps)`,
    );
    expect((await probeVideo(path.join(dir, `timing-${width}.mp4`))).frameCount).toBe(240);
  });

  it('runs every ffmpeg thread below the caller, x264 threads included, unless told not to', async () => {
    const niceOfThreads = (pid: number): number[] =>
      readdirSync(`/proc/${pid}/task`).map((tid) => {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        // Field 19 (nice); the fields after the ')' that closes the command name start at 3.
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
      });
    const frameAt = createPanningSource(640, 360, 30);
    const run = async (niceness?: number) => {
      const encoder = startEncoder({
        ffmpegPath,
        width: 640,
        height: 360,
        outputPath: path.join(dir, `nice-${niceness ?? 'default'}.mp4`),
        ...(niceness === undefined ? {} : { niceness }),
      });
      // By the tenth frame x264 has started its own threads.
      for (let index = 0; index < 10; index += 1) await encoder.write(frameAt(index));
      const seen = niceOfThreads(encoder.pid ?? 0);
      for (let index = 10; index < 30; index += 1) await encoder.write(frameAt(index));
      await encoder.finish();
      return seen;
    };
    const own = niceOfThreads(process.pid)[0] ?? 0;

    const lowered = await run();
    expect(lowered.length).toBeGreaterThan(2);
    // x264 runs some threads further below its first one (+10 of their own), up to 19.
    const expected = Math.min(19, own + DEFAULT_ENCODER_NICENESS);
    expect(lowered[0]).toBe(expected);
    expect(Math.min(...lowered)).toBe(expected);
    const unchanged = await run(0);
    expect(unchanged[0]).toBe(own);
    expect(Math.min(...unchanged)).toBe(own);
    expect(() =>
      startEncoder({ ffmpegPath, width: 64, height: 64, outputPath: 'x.mp4', niceness: 20 }),
    ).toThrow(/niceness must be an integer from 0 to 19/);
  });

  it('keeps colours: a skin tone plays back as the same skin tone', async () => {
    const outputPath = path.join(dir, 'colour.mp4');
    const frame = Buffer.alloc(64 * 64 * 4);
    for (let i = 0; i < frame.length; i += 4) frame.set([224, 172, 140, 255], i);
    const encoder = startEncoder({ ffmpegPath, width: 64, height: 64, outputPath });
    for (let index = 0; index < 3; index += 1) await encoder.write(frame);
    await encoder.finish();
    // Decode the way a player does for BT.709-tagged video.
    const rgb = await decodeFrames(
      outputPath,
      'scale=in_color_matrix=bt709:in_range=tv,format=rgb24',
    );
    const [r = 0, g = 0, b = 0] = rgb.subarray(32 * 64 * 3, 32 * 64 * 3 + 3);
    expect(Math.abs(r - 224)).toBeLessThanOrEqual(2);
    expect(Math.abs(g - 172)).toBeLessThanOrEqual(2);
    expect(Math.abs(b - 140)).toBeLessThanOrEqual(2);
  });

  it('keeps colours from I420 input: frames converted by the paint workers play back as painted', async () => {
    const outputPath = path.join(dir, 'colour-i420.mp4');
    const tones = [
      [224, 172, 140],
      [90, 60, 45],
      [30, 160, 220],
    ] as const;
    const rgba = Buffer.alloc(64 * 64 * 4);
    // Three vertical bands, one per colour.
    for (let i = 0; i < rgba.length; i += 4) {
      const band = Math.min(2, Math.floor(((i / 4) % 64) / 22));
      rgba.set([...tones[band]!, 255], i);
    }
    const frame = createI420Converter(64, 64).convert(rgba);
    const encoder = startEncoder({
      ffmpegPath,
      width: 64,
      height: 64,
      outputPath,
      inputFormat: 'yuv420p',
    });
    expect(encoder.frameBytes).toBe(64 * 64 * 1.5);
    // ffmpeg runs with the malloc settings that keep I420 frames off fresh pages.
    const environment = readFileSync(`/proc/${encoder.pid}/environ`, 'utf8').split('\0');
    expect(environment).toEqual(
      expect.arrayContaining(['MALLOC_MMAP_THRESHOLD_=8388608', 'MALLOC_TRIM_THRESHOLD_=33554432']),
    );
    for (let index = 0; index < 3; index += 1) await encoder.write(frame);
    await encoder.finish();
    const rgb = await decodeFrames(
      outputPath,
      'scale=in_color_matrix=bt709:in_range=tv,format=rgb24',
    );
    tones.forEach((tone, band) => {
      const at = (32 * 64 + band * 22 + 10) * 3;
      const decoded = [...rgb.subarray(at, at + 3)];
      decoded.forEach((value, channel) => {
        expect(Math.abs(value - tone[channel]!)).toBeLessThanOrEqual(3);
      });
    });
  });

  it('lets the caller reuse the frame buffer once write() resolves', async () => {
    const outputPath = path.join(dir, 'reuse.mp4');
    const frame = Buffer.alloc(1280 * 720 * 4); // far larger than a pipe's 64 KB buffer
    const encoder = startEncoder({ ffmpegPath, width: 1280, height: 720, outputPath, crf: 10 });
    const levels = [20, 60, 100, 140, 180, 220];
    for (const level of levels) {
      frame.fill(level);
      await encoder.write(frame);
    }
    await encoder.finish();
    const rgb = await decodeFrames(
      outputPath,
      'scale=4:4:in_color_matrix=bt709:in_range=tv,format=rgb24',
    );
    // Had ffmpeg still been reading the buffer when we refilled it, early frames would show later levels.
    const decoded = levels.map((_level, index) => rgb[index * 48 + 5 * 3] ?? 0);
    expect(rgb.length).toBe(levels.length * 48);
    decoded.forEach((value, index) => {
      expect(Math.abs(value - (levels[index] ?? 0))).toBeLessThanOrEqual(3);
    });
  });

  it('rejects writes and finish with a clear error when ffmpeg is killed mid-stream, and removes the partial file', async () => {
    const outputPath = path.join(dir, 'killed.mp4');
    const frameAt = createPanningSource(1280, 720, 60);
    const encoder = startEncoder({ ffmpegPath, width: 1280, height: 720, outputPath });
    for (let index = 0; index < 10; index += 1) await encoder.write(frameAt(index));
    expect(encoder.pid).toBeTypeOf('number');
    process.kill(encoder.pid ?? 0, 'SIGKILL');

    await expect(writeUntilRejected(encoder, frameAt(10), 50)).rejects.toThrow(
      /ffmpeg was killed by SIGKILL while encoding .*killed\.mp4/,
    );
    await expect(encoder.finish()).rejects.toThrow(/killed by SIGKILL/);
    await encoder.closed;
    expect(existsSync(outputPath)).toBe(false);
  });

  it("rejects with ffmpeg's own explanation when it cannot write the output", async () => {
    const outputPath = path.join(dir, 'missing-folder', 'video.mp4');
    const encoder = startEncoder({ ffmpegPath, width: 64, height: 64, outputPath });
    const frame = Buffer.alloc(64 * 64 * 4);
    const error: unknown = await writeUntilRejected(encoder, frame, 200)
      .then(async () => encoder.finish())
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/exited with code 1 .*No such file or directory/s);
  });

  it('reports a missing ffmpeg binary as such', async () => {
    const encoder = startEncoder({
      ffmpegPath: path.join(dir, 'no-ffmpeg-here'),
      width: 64,
      height: 64,
      outputPath: path.join(dir, 'never.mp4'),
    });
    await expect(encoder.write(Buffer.alloc(64 * 64 * 4))).rejects.toThrow(
      /Could not start ffmpeg at .*no-ffmpeg-here.*FFMPEG_PATH/,
    );
  });

  it('abort() kills ffmpeg, fails pending writes and deletes the partial file', async () => {
    const outputPath = path.join(dir, 'aborted.mp4');
    const frameAt = createPanningSource(1280, 720, 40);
    const encoder = startEncoder({ ffmpegPath, width: 1280, height: 720, outputPath });
    for (let index = 0; index < 30; index += 1) await encoder.write(frameAt(index));
    const pending = encoder.write(frameAt(30));
    encoder.abort();
    await expect(pending).rejects.toThrow(/aborted/);
    await expect(encoder.write(frameAt(31))).rejects.toThrow(/aborted/);
    await expect(encoder.finish()).rejects.toThrow(/aborted/);
    await encoder.closed;
    expect(existsSync(outputPath)).toBe(false);
  });

  it('abort() after a successful finish keeps the finished video', async () => {
    const outputPath = path.join(dir, 'kept.mp4');
    const encoder = startEncoder({ ffmpegPath, width: 64, height: 64, outputPath });
    await encoder.write(Buffer.alloc(64 * 64 * 4));
    await encoder.finish();
    encoder.abort();
    await encoder.closed;
    expect(existsSync(outputPath)).toBe(true);
  });

  it('refuses a frame of the wrong size instead of shearing the video', async () => {
    const encoder = startEncoder({
      ffmpegPath,
      width: 64,
      height: 64,
      outputPath: path.join(dir, 'sheared.mp4'),
    });
    await expect(encoder.write(Buffer.alloc(64 * 63 * 4))).rejects.toThrow(
      /frame has 16128 bytes, expected 16384/,
    );
    encoder.abort();
    await encoder.closed;
  });
});
