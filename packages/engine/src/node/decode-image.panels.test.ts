import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ANIMATED_IMAGE_MESSAGE, decodeImage, type DecodeImageOptions } from './decode-image.ts';
import { ImageInputError } from './image-input-error.ts';
import { makeAnimatedPng } from './png-file.testing.ts';

const options: DecodeImageOptions = { background: '#000000' };

function solid(width: number, height: number, colour = { r: 200, g: 100, b: 50 }) {
  return sharp({ create: { width, height, channels: 3, background: colour } });
}

async function refusal(bytes: Uint8Array, decodeOptions: DecodeImageOptions) {
  const error: unknown = await decodeImage(bytes, decodeOptions).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ImageInputError);
  return error as ImageInputError;
}

describe('decodeImage: animated PNG', () => {
  const frame = (r: number) => solid(200, 100, { r, g: 40, b: 90 }).png().toBuffer();

  it('refuses a 3-frame APNG like an animated GIF or WebP, although libvips sees a still', async () => {
    const apng = makeAnimatedPng(await Promise.all([frame(10), frame(120), frame(240)]));
    expect((await sharp(apng).metadata()).pages ?? 1).toBe(1);
    const error = await refusal(apng, options);
    expect(error.code).toBe('animated_image');
    expect(error.message).toBe(ANIMATED_IMAGE_MESSAGE);
  });

  it('accepts a one-frame APNG, which is a still picture', async () => {
    const still = makeAnimatedPng([await frame(10)]);
    const decoded = await decodeImage(still, { ...options, role: 'composite' });
    expect([decoded.width, decoded.height]).toEqual([200, 100]);
  });
});

describe('decodeImage: too small for its panels', () => {
  it.each([
    ['a 1 × 1 GIF', 1, 1, 'gif'],
    ['a 1 × 1 PNG', 1, 1, 'png'],
    ['a 127 × 64 PNG (63 px halves)', 127, 64, 'png'],
    ['a 64 × 127 PNG stacked', 64, 127, 'png'],
    ['a 400 × 63 JPEG', 400, 63, 'jpeg'],
  ] as const)('refuses %s as a composite', async (_label, width, height, format) => {
    const bytes = await solid(width, height).toFormat(format).toBuffer();
    const error = await refusal(bytes, { ...options, role: 'composite' });
    expect(error.code).toBe('image_too_small');
    expect(error.message).toBe(
      `The image is ${width} × ${height} px, too small to cut into a before and an after photo: each must be at least 64 × 64 px, so a composite needs at least 128 × 64 px side by side (64 × 128 px stacked). Upload the original, full-size composite.`,
    );
  });

  it.each([
    [128, 64],
    [64, 128],
  ])('accepts a %i × %i composite: two 64 px panels', async (width, height) => {
    const bytes = await solid(width, height).png().toBuffer();
    await expect(decodeImage(bytes, { ...options, role: 'composite' })).resolves.toMatchObject({
      width,
      height,
    });
  });

  it('holds a photo of a pair to 64 × 64 px, not twice that', async () => {
    const square = await solid(64, 64).png().toBuffer();
    await expect(decodeImage(square, { ...options, role: 'photo' })).resolves.toBeDefined();
    const narrow = await solid(63, 500).png().toBuffer();
    const error = await refusal(narrow, { ...options, role: 'photo' });
    expect(error.code).toBe('image_too_small');
    expect(error.message).toMatch(/^The image is 63 × 500 px; a before or after photo must be/);
  });

  it('sets no minimum without a role (a logo may be tiny)', async () => {
    const dot = await solid(1, 1).png().toBuffer();
    await expect(decodeImage(dot, options)).resolves.toMatchObject({ width: 1, height: 1 });
  });
});

describe('decodeImage: decoded at the size asked for', () => {
  it('shrinks a 16-bit PNG to maxSide as 8-bit RGBA with its colour, reporting the file size', async () => {
    const png16 = await solid(1600, 800).png().toColourspace('rgb16').toBuffer();
    expect((await sharp(png16).metadata()).depth).toBe('ushort');
    const decoded = await decodeImage(png16, { ...options, maxSide: 400 });
    expect([decoded.width, decoded.height]).toEqual([1600, 800]);
    expect([decoded.raster.width, decoded.raster.height]).toEqual([400, 200]);
    expect(decoded.raster.data).toBeInstanceOf(Uint8ClampedArray);
    expect(decoded.raster.data.length).toBe(400 * 200 * 4);
    expect(Array.from(decoded.raster.data.subarray(0, 4))).toEqual([200, 100, 50, 255]);
  });

  it('never enlarges a smaller image', async () => {
    const jpeg = await solid(300, 200).jpeg().toBuffer();
    const decoded = await decodeImage(jpeg, { ...options, maxSide: 400 });
    expect([decoded.raster.width, decoded.raster.height]).toEqual([300, 200]);
  });

  it.each(['jpeg', 'png', 'webp', 'gif'] as const)(
    'still refuses a %s cut in half when decoding to a thumbnail',
    async (format) => {
      const noisy = sharp({
        create: {
          width: format === 'gif' ? 240 : 800,
          height: format === 'gif' ? 160 : 600,
          channels: 3,
          background: '#808080',
          noise: { type: 'gaussian', mean: 128, sigma: 40 },
        },
      });
      const whole = await noisy.toFormat(format).toBuffer();
      const half = whole.subarray(0, Math.floor(whole.length / 2));
      const error = await refusal(half, { ...options, maxSide: 64 });
      expect(error.code).toBe('truncated_image');
    },
  );
});
