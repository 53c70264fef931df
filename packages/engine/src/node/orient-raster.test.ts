import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { orientRaster } from '../heif/orient-raster.ts';
import type { Raster } from '../raster.ts';

const WIDTH = 6;
const HEIGHT = 4;

/** Every pixel a different colour, so any wrong turn or mirror shows. */
function numbered(): Raster {
  const data = new Uint8ClampedArray(WIDTH * HEIGHT * 4);
  for (let index = 0; index < WIDTH * HEIGHT; index += 1) {
    data.set([index * 10, 255 - index * 10, (index * 37) % 256, 255], index * 4);
  }
  return { width: WIDTH, height: HEIGHT, data };
}

/** What sharp (libvips, as for every JPEG upload) shows for a file with this EXIF orientation. */
async function sharpUpright(raster: Raster, orientation: number): Promise<Raster> {
  // Lossless WebP keeps the pixels exactly and carries EXIF, so .rotate() has a tag to apply.
  const file = await sharp(raster.data, {
    raw: { width: raster.width, height: raster.height, channels: 4 },
  })
    .webp({ lossless: true })
    .withMetadata({ orientation })
    .toBuffer();
  const { data, info } = await sharp(file)
    .rotate()
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8ClampedArray(data) };
}

describe('orientRaster', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])(
    'turns a raster upright for EXIF orientation %i exactly as the JPEG decode does',
    async (orientation) => {
      const raster = numbered();
      const expected = await sharpUpright(raster, orientation);
      const actual = orientRaster(raster, orientation);
      expect([actual.width, actual.height]).toEqual([expected.width, expected.height]);
      expect(Array.from(actual.data)).toEqual(Array.from(expected.data));
    },
  );

  it('leaves the raster alone for an orientation outside 1–8', () => {
    const raster = numbered();
    expect(orientRaster(raster, 0)).toBe(raster);
    expect(orientRaster(raster, 9)).toBe(raster);
  });
});
