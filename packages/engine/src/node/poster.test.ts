import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRaster, type Raster } from '../raster.ts';
import { writePoster } from './poster.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'glowreel-poster-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Left half warm skin tone, right half dark blue. */
function twoTone(width: number, height: number): Raster {
  const raster = createRaster(width, height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      raster.data.set(
        x < width / 2 ? [224, 172, 140, 255] : [20, 30, 90, 255],
        (y * width + x) * 4,
      );
    }
  }
  return raster;
}

describe('writePoster', () => {
  it.each(['jpeg', 'webp'] as const)('writes a 640 px wide %s of a 16:9 frame', async (format) => {
    const file = path.join(dir, `poster.${format}`);
    const result = await writePoster(twoTone(1920, 1080), file, { width: 640, format });
    expect(result).toMatchObject({ width: 640, height: 360 });
    expect(result.bytes).toBe((await stat(file)).size);
    const metadata = await sharp(file).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual([format, 640, 360]);
    const { data } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
    const left = Array.from(data.subarray((180 * 640 + 100) * 3, (180 * 640 + 100) * 3 + 3));
    const right = Array.from(data.subarray((180 * 640 + 540) * 3, (180 * 640 + 540) * 3 + 3));
    [224, 172, 140].forEach((value, i) => expect(Math.abs((left[i] ?? 0) - value)).toBeLessThan(6));
    [20, 30, 90].forEach((value, i) => expect(Math.abs((right[i] ?? 0) - value)).toBeLessThan(6));
  });

  it('keeps the aspect of a vertical frame', async () => {
    const result = await writePoster(twoTone(1080, 1920), path.join(dir, 'vertical.jpg'), {
      width: 640,
      format: 'jpeg',
    });
    expect([result.width, result.height]).toEqual([640, 1138]);
  });

  it('does not enlarge a frame narrower than the target', async () => {
    const result = await writePoster(twoTone(320, 180), path.join(dir, 'small.webp'), {
      width: 640,
      format: 'webp',
    });
    expect([result.width, result.height]).toEqual([320, 180]);
  });
});
