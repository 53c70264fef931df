import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { outputSizeFor, type Aspect, type PlanId } from '@glowreel/contracts';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { burnLabel } from '../analysis/burned-in-labels.synthetic.ts';
import { compose, paintPortrait } from '../analysis/split-synthetic.ts';
import type { Raster } from '../raster.ts';
import { probeVideo } from './ffprobe.ts';
import { cutPanelPhotos } from './panel-photos.ts';
import {
  prepareRender,
  renderDecodeSide,
  renderVideoFile,
  type RenderVideoRequest,
} from './render-video.ts';

const workDir = mkdtempSync(path.join(tmpdir(), 'glowreel-render-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

async function writeComposite(name: string, raster: Raster): Promise<string> {
  const file = path.join(workDir, name);
  const png = await sharp(
    Buffer.from(raster.data.buffer, raster.data.byteOffset, raster.data.length),
    {
      raw: { width: raster.width, height: raster.height, channels: 4 },
    },
  )
    .png()
    .toBuffer();
  writeFileSync(file, png);
  return file;
}

function request(
  inputPath: string,
  plan: PlanId,
  aspect: Aspect,
  outputDir: string,
): RenderVideoRequest {
  return {
    inputPath,
    outputDir,
    ...outputSizeFor(plan, aspect),
    options: {
      primaryAnimation: 'animate_before_head_turn',
      emphasisEffect: 'subtle_zoom',
      motionSpeed: 'normal',
      aspect,
      autoAlign: true,
    },
    branding: {
      clinicName: 'Lumen Aesthetics',
      contact: '555-0100',
      treatmentTitle: null,
      disclosure: null,
    },
    ffmpegPath: null,
    // Generated portraits have no real face; detection is covered by the faces tests.
    faceDetection: false,
  };
}

describe('renderVideoFile', () => {
  const composite = compose(
    'x',
    paintPortrait(640, 800, { seed: 7 }),
    paintPortrait(640, 800, { seed: 7, brightness: 1.08 }),
  );

  it.each([
    ['free', '16:9', 1280, 720],
    ['free', '9:16', 720, 1280],
    ['starter', '1:1', 720, 720],
    ['pro', '16:9', 1920, 1080],
  ] as const)(
    'renders a %s plan %s video as a streamable 8 s H.264 MP4 at %ix%i',
    async (plan, aspect, width, height) => {
      const input = await writeComposite(
        `composite-${plan}-${aspect.replace(':', 'x')}.png`,
        composite,
      );
      const outputDir = mkdtempSync(path.join(workDir, 'out-'));
      const stages: number[] = [];
      const result = await renderVideoFile(request(input, plan, aspect, outputDir), (progress) => {
        if (stages.at(-1) !== progress.stage) stages.push(progress.stage);
      });
      const probe = await probeVideo(result.videoPath);
      expect(probe).toMatchObject({
        codec: 'h264',
        profile: 'High',
        pixFmt: 'yuv420p',
        width,
        height,
        fps: 30,
        moovBeforeMdat: true,
      });
      expect(Math.abs(probe.durationSeconds - 8)).toBeLessThanOrEqual(0.1);
      expect(stages).toEqual([1, 2, 3, 4]);
      expect(result.fileSize).toBeGreaterThan(10_000);
      // The provenance record travels inside the file.
      const embedded = JSON.parse(probe.tags.comment ?? '{}') as {
        engineVersion?: string;
        transforms?: { kind: string }[];
      };
      expect(embedded.engineVersion).toBe(result.provenance.engineVersion);
      expect(embedded.transforms?.map((transform) => transform.kind)).toContain('zoom');
      const poster = await sharp(result.posterPath).metadata();
      expect(poster.format).toBe('jpeg');
      expect(poster.width).toBe(Math.min(640, width));
    },
  );

  it('renders two separate photos (before and after) without looking for a split', async () => {
    const beforeFile = await writeComposite(
      'pair-before.png',
      paintPortrait(600, 750, { seed: 11 }),
    );
    const afterFile = await writeComposite(
      'pair-after.png',
      paintPortrait(600, 750, { seed: 11, brightness: 1.1 }),
    );
    const outputDir = mkdtempSync(path.join(workDir, 'pair-'));
    const result = await renderVideoFile(
      { ...request(beforeFile, 'free', '1:1', outputDir), afterInputPath: afterFile },
      () => undefined,
    );
    expect(result.provenance.split).toMatchObject({
      before: { x: 0, y: 0, width: 600, height: 750 },
      after: { x: 0, y: 0, width: 600, height: 750 },
    });
    const probe = await probeVideo(result.videoPath);
    expect(probe).toMatchObject({ width: 720, height: 720, codec: 'h264' });
  });

  it('fails with a clear error and leaves no partial video when ffmpeg cannot run', async () => {
    const input = await writeComposite('composite-broken-ffmpeg.png', composite);
    const outputDir = mkdtempSync(path.join(workDir, 'broken-'));
    await expect(
      renderVideoFile(
        { ...request(input, 'free', '16:9', outputDir), ffmpegPath: '/bin/false' },
        () => undefined,
      ),
    ).rejects.toThrow();
    expect(existsSync(path.join(outputDir, 'video.mp4'))).toBe(false);
  });

  it('leaves neither a partial video nor a poster when ffmpeg dies after the cover frame', async () => {
    const input = await writeComposite('composite-dying-ffmpeg.png', composite);
    const outputDir = mkdtempSync(path.join(workDir, 'dying-'));
    // Takes every frame but the last (the cover frame among them), then fails as ffmpeg does.
    const { width, height } = outputSizeFor('free', '16:9');
    const dying = path.join(workDir, 'dying-ffmpeg.sh');
    writeFileSync(
      dying,
      `#!/bin/sh\nhead -c ${(239 * width * height * 3) / 2} > /dev/null\nexit 1\n`,
      {
        mode: 0o755,
      },
    );
    await expect(
      renderVideoFile(
        { ...request(input, 'free', '16:9', outputDir), ffmpegPath: dying },
        () => undefined,
      ),
    ).rejects.toThrow(/ffmpeg exited with code 1/);
    expect(existsSync(path.join(outputDir, 'video.mp4'))).toBe(false);
    expect(existsSync(path.join(outputDir, 'poster.jpg'))).toBe(false);
  });
});

describe('prepareRender: photos decoded at the size the video needs', () => {
  it('decodes a 16-bit PNG composite as 8-bit RGBA at renderDecodeSide', async () => {
    // 3000 × 1200 at 16 bits per channel; rendered at 320 × 180 it is decoded at twice the
    // video's long side, 640 × 256 px (its panels' fit alone would need 585 px).
    const png16 = await sharp({
      create: { width: 3000, height: 1200, channels: 3, background: { r: 200, g: 100, b: 50 } },
    })
      .composite([
        {
          input: { create: { width: 1500, height: 1200, channels: 3, background: '#3050a0' } },
          left: 1500,
          top: 0,
        },
      ])
      .png()
      .toColourspace('rgb16')
      .toBuffer();
    expect((await sharp(png16).metadata()).depth).toBe('ushort');
    const file = path.join(workDir, 'deep-composite.png');
    writeFileSync(file, png16);
    const size = { width: 320, height: 180 };
    expect(renderDecodeSide(size, { width: 3000, height: 1200 }, 'composite')).toBe(640);

    const prepared = await prepareRender({
      ...request(file, 'free', '16:9', workDir),
      ...size,
    });
    const { before, after } = cutPanelPhotos(prepared.photos);
    for (const panel of [before, after]) {
      expect(panel.data).toBeInstanceOf(Uint8ClampedArray);
      expect(panel.data.length).toBe(panel.width * panel.height * 4);
      expect(Math.max(panel.width, panel.height)).toBeLessThanOrEqual(640);
    }
    expect(before.width + after.width).toBeLessThanOrEqual(640);
    expect(before.height).toBe(256);
    // 16 bits shrunk then cut to 8 can round either way.
    const near = (pixel: Uint8ClampedArray, colour: number[]) =>
      Array.from(pixel).every((value, index) => Math.abs(value - (colour[index] ?? 0)) <= 1);
    expect(near(before.data.subarray(0, 4), [200, 100, 50, 255])).toBe(true);
    expect(near(after.data.subarray(-4), [0x30, 0x50, 0xa0, 255])).toBe(true);
    expect(renderDecodeSide(size, { width: 300, height: 120 }, 'composite')).toBe(300);
    expect(
      renderDecodeSide({ width: 1920, height: 1080 }, { width: 2400, height: 1500 }, 'composite'),
    ).toBe(2400);
    // An ordinary upload keeps its pixels, so the render draws what the preview draws.
    expect(
      renderDecodeSide({ width: 1280, height: 720 }, { width: 2000, height: 1250 }, 'composite'),
    ).toBe(2000);
    expect(
      renderDecodeSide({ width: 1920, height: 1080 }, { width: 6320, height: 6320 }, 'composite'),
    ).toBe(2497);
    // A 12-megapixel phone composite keeps 6 megapixels for 1080p, more than its panels' fit.
    expect(
      renderDecodeSide({ width: 1920, height: 1080 }, { width: 4000, height: 3000 }, 'composite'),
    ).toBe(2828);
    expect(prepared.provenance.source).toEqual({
      width: 3000,
      height: 1200,
      format: 'png',
      decodedAt: { width: 640, height: 256 },
    });
  });
});

describe('prepareRender: labels burned into the composite', () => {
  it('crops BEFORE/AFTER labels burned into the photo off, and keeps its own badges', async () => {
    const before = paintPortrait(640, 800, { seed: 5 });
    const after = paintPortrait(640, 800, { seed: 5, brightness: 1.06 });
    const plain = await writeComposite('unlabelled.png', compose('x', before, after));
    burnLabel(before, { text: 'BEFORE', x: 24, y: 24, dot: 6 });
    burnLabel(after, { text: 'AFTER', x: 24, y: 24, dot: 6 });
    const labelled = await writeComposite('labelled.png', compose('x', before, after));

    const withLabels = await prepareRender(request(labelled, 'free', '16:9', workDir));
    expect(withLabels.scene.hideLabels).toBe(false);
    // The photos are shown from below the burned-in labels.
    expect(withLabels.scene.coverage.y).toBeGreaterThanOrEqual(24);
    const withoutLabels = await prepareRender(request(plain, 'free', '16:9', workDir));
    expect(withoutLabels.scene.hideLabels).toBe(false);
    expect(withoutLabels.scene.coverage.y).toBe(0);
  });
});
