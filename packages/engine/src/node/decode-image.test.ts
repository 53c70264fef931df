import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  ANIMATED_IMAGE_MESSAGE,
  decodeImage,
  decodeOptions,
  type DecodeImageOptions,
} from './decode-image.ts';
import { ImageInputError, type ImageInputErrorCode } from './image-input-error.ts';
import { pngChunk, pngFile } from './png-file.testing.ts';

const options: DecodeImageOptions = { background: '#000000' };
const RED = { r: 255, g: 0, b: 0 };
const BLUE = { r: 0, g: 0, b: 255 };

function solid(
  width: number,
  height: number,
  colour = { r: 200, g: 100, b: 50 },
  channels: 3 | 4 = 3,
) {
  return sharp({ create: { width, height, channels, background: colour } });
}

/** A photo-like image, so encoders produce enough data for truncation to bite mid-stream. */
function noisy(width: number, height: number) {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  });
}

/** 66 bytes that claim to be a 50000 × 50000 RGB PNG: 7.5 GB if anyone believed it. */
function pngBomb(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(50_000, 0);
  header.writeUInt32BE(50_000, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return pngFile([pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(Buffer.alloc(1)))]);
}

async function expectRefusal(
  bytes: Uint8Array,
  code: ImageInputErrorCode,
  decodeOptionsOverride: DecodeImageOptions = options,
): Promise<ImageInputError> {
  const error: unknown = await decodeImage(bytes, decodeOptionsOverride).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ImageInputError);
  const inputError = error as ImageInputError;
  expect(inputError.code).toBe(code);
  return inputError;
}

function pixel(data: Uint8ClampedArray, width: number, x: number, y: number): number[] {
  const i = (y * width + x) * 4;
  return Array.from(data.subarray(i, i + 4));
}

describe('decodeImage: accepted formats', () => {
  it.each(['png', 'jpeg', 'webp', 'gif'] as const)(
    'decodes a %s to upright 8-bit RGBA with opaque alpha',
    async (format) => {
      const bytes = await solid(800, 720).toFormat(format).toBuffer();
      const decoded = await decodeImage(bytes, options);
      expect(decoded.format).toBe(format);
      expect([decoded.width, decoded.height]).toEqual([800, 720]);
      expect(decoded.raster.data).toBeInstanceOf(Uint8ClampedArray);
      expect(decoded.raster.data.length).toBe(800 * 720 * 4);
      expect(decoded.raster.data.every((value, index) => index % 4 !== 3 || value === 255)).toBe(
        true,
      );
      expect(decoded.warnings).toEqual([]);
    },
  );

  it('accepts a Uint8Array that is not a Buffer', async () => {
    const buffer = await solid(720, 720).png().toBuffer();
    const decoded = await decodeImage(new Uint8Array(buffer), options);
    expect(pixel(decoded.raster.data, 720, 10, 10)).toEqual([200, 100, 50, 255]);
  });
});

describe('decodeImage: refused files', () => {
  it('refuses an empty upload', async () => {
    await expectRefusal(new Uint8Array(0), 'empty_image');
  });

  it('refuses a file over 10 MB before looking inside it', async () => {
    const png = await solid(8, 8).png().toBuffer();
    const big = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]);
    const error = await expectRefusal(big, 'image_too_large');
    expect(error.message).toMatch(/limit is 10 MB/);
  });

  it('honours a smaller byte limit', async () => {
    const png = await noisy(200, 200).png().toBuffer();
    await expectRefusal(png, 'image_too_large', { ...options, maxBytes: 1000 });
  });

  it.each([
    [
      'an SVG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      /SVG/,
    ],
    ['an XML-prologued SVG', Buffer.from('<?xml version="1.0"?>\n<svg width="10"/>'), /SVG/],
    ['a PDF', Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n'), /PDF/],
    ['plain text', Buffer.from('before and after photo, honest'), /text/],
    [
      'an AVIF image (HEIF with AV1, which we cannot decode)',
      Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypavif\0\0\0\0mif1avif')]),
      /AVIF/,
    ],
    ['random bytes', Buffer.from([0x00, 0x01, 0x02, 0x9f, 0x00, 0x00, 0x07]), /recognise/],
  ])('refuses %s by its bytes', async (_label, bytes, wording) => {
    const error = await expectRefusal(bytes, 'invalid_image_format');
    expect(error.message).toMatch(wording);
    expect(error.message).toMatch(/Upload a PNG, JPEG, WEBP, GIF or HEIC image/);
  });

  it.each(['tiff', 'avif'] as const)('refuses a real %s image', async (format) => {
    const bytes = await solid(64, 64).toFormat(format).toBuffer();
    const error = await expectRefusal(bytes, 'invalid_image_format');
    expect(error.message).toMatch(new RegExp(format, 'i'));
  });

  it.each(['gif', 'webp'] as const)('refuses an animated %s', async (format) => {
    const frames = await Promise.all([RED, BLUE].map((c) => solid(64, 64, c).png().toBuffer()));
    const animated = await sharp(frames, { join: { animated: true } })
      .toFormat(format)
      .toBuffer();
    const error = await expectRefusal(animated, 'animated_image');
    expect(error.message).toBe(ANIMATED_IMAGE_MESSAGE);
    expect(error.message).toBe(
      "Animated images aren't supported — upload one still composite, or separate before and after photos",
    );
  });

  it('refuses a tiny PNG declaring 50000 × 50000 px in milliseconds, without decoding it', async () => {
    const bomb = pngBomb();
    const started = performance.now();
    const error = await expectRefusal(bomb, 'image_too_many_pixels');
    const elapsed = performance.now() - started;
    console.log(
      `decodeImage refused a ${bomb.length}-byte 50000x50000 PNG in ${elapsed.toFixed(1)} ms`,
    );
    expect(error.message).toMatch(/50000 × 50000 px/);
    // Decoding would allocate 7.5 GB and take many seconds; refusal from the header takes ~1 ms.
    expect(elapsed).toBeLessThan(1000);
  });

  it('has the decoder itself refuse the bomb too (limitInputPixels), not only our header check', async () => {
    const started = performance.now();
    await expect(sharp(pngBomb(), decodeOptions(40_000_000)).raw().toBuffer()).rejects.toThrow(
      /pixel limit/,
    );
    console.log(
      `sharp with decodeOptions refused it in ${(performance.now() - started).toFixed(1)} ms`,
    );
  });

  it('honours a smaller pixel limit', async () => {
    const png = await solid(1000, 1000).png().toBuffer();
    await expectRefusal(png, 'image_too_many_pixels', { ...options, maxPixels: 999_999 });
    await expect(decodeImage(png, { ...options, maxPixels: 1_000_000 })).resolves.toBeDefined();
  });

  it.each(['jpeg', 'png', 'webp', 'gif'] as const)(
    'refuses a %s cut in half instead of rendering grey',
    async (format) => {
      // GIF quantisation of noise is slow, so that one is smaller.
      const whole = await (format === 'gif' ? noisy(240, 160) : noisy(800, 600))
        .toFormat(format)
        .toBuffer();
      const half = whole.subarray(0, Math.floor(whole.length / 2));
      const error = await expectRefusal(half, 'truncated_image');
      expect(error.message).toMatch(/ends early/);
      expect(error.message).toMatch(/Upload the original photo again/);
    },
  );

  it('refuses a PNG whose header is damaged as an invalid image', async () => {
    const png = await noisy(64, 64).png().toBuffer();
    const damaged = Buffer.from(png);
    damaged.fill(0xee, 12, 40); // IHDR and what follows
    const error = await expectRefusal(damaged, 'invalid_image_format');
    expect(error.message).toMatch(/damaged/);
  });

  it('rejects a malformed background colour as a programming error', async () => {
    const png = await solid(8, 8).png().toBuffer();
    await expect(decodeImage(png, { background: 'white' })).rejects.toThrow(TypeError);
  });
});

describe('decodeImage: colour and orientation', () => {
  it('applies EXIF orientation exactly once', async () => {
    // Stored 200 × 100: left half red, right half blue. Orientation 6 = rotate 90° clockwise.
    const stored = await solid(200, 100, RED)
      .composite([{ input: await solid(100, 100, BLUE).png().toBuffer(), left: 100, top: 0 }])
      .jpeg({ quality: 95 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(stored).metadata()).orientation).toBe(6);
    const decoded = await decodeImage(stored, options);
    // Once: 100 × 200 with red on top. Not at all: 200 × 100. Twice: 200 × 100, red on the right.
    expect([decoded.width, decoded.height]).toEqual([100, 200]);
    expect([decoded.raster.width, decoded.raster.height]).toEqual([100, 200]);
    const top = pixel(decoded.raster.data, 100, 50, 20);
    const bottom = pixel(decoded.raster.data, 100, 50, 180);
    expect(top[0]).toBeGreaterThan(200);
    expect(top[2]).toBeLessThan(60);
    expect(bottom[2]).toBeGreaterThan(200);
    expect(bottom[0]).toBeLessThan(60);
  });

  it('converts a CMYK JPEG to sRGB', async () => {
    const cmyk = await solid(720, 720).jpeg({ quality: 95 }).toColourspace('cmyk').toBuffer();
    const metadata = await sharp(cmyk).metadata();
    expect([metadata.space, metadata.channels]).toEqual(['cmyk', 4]);
    const [r = 0, g = 0, b = 0, a] = pixel(
      (await decodeImage(cmyk, options)).raster.data,
      720,
      5,
      5,
    );
    // Round-tripping through a CMYK profile costs a little accuracy; inverted or raw ink values
    // would be nowhere near (200, 100, 50).
    expect(Math.abs(r - 200)).toBeLessThan(12);
    expect(Math.abs(g - 100)).toBeLessThan(12);
    expect(b).toBeLessThan(70);
    expect(a).toBe(255);
  });

  it('reduces a 16-bit PNG to 8-bit with the same colour', async () => {
    const png16 = await solid(720, 720).png().toColourspace('rgb16').toBuffer();
    expect((await sharp(png16).metadata()).depth).toBe('ushort');
    const decoded = await decodeImage(png16, options);
    expect(decoded.raster.data.length).toBe(720 * 720 * 4);
    expect(pixel(decoded.raster.data, 720, 3, 3)).toEqual([200, 100, 50, 255]);
  });

  it('composites transparency onto the background colour', async () => {
    const translucent = await solid(720, 720, { r: 255, g: 0, b: 0, alpha: 0.5 } as never, 4)
      .png()
      .toBuffer();
    const decoded = await decodeImage(translucent, { background: '#0000ff' });
    const [r = 0, g, b = 0, a] = pixel(decoded.raster.data, 720, 1, 1);
    expect(Math.abs(r - 128)).toBeLessThanOrEqual(2);
    expect(g).toBe(0);
    expect(Math.abs(b - 127)).toBeLessThanOrEqual(2);
    expect(a).toBe(255);

    const clear = await solid(720, 720, { r: 9, g: 9, b: 9, alpha: 0 } as never, 4)
      .png()
      .toBuffer();
    const background = await decodeImage(clear, { background: '#123456' });
    expect(pixel(background.raster.data, 720, 7, 7)).toEqual([0x12, 0x34, 0x56, 255]);
  });

  it.each([
    ['grey', false],
    ['grey with alpha', true],
  ])('expands %s to RGBA', async (_label, withAlpha) => {
    let image = solid(720, 720, { r: 90, g: 90, b: 90 }).toColourspace('b-w');
    if (withAlpha) image = image.ensureAlpha(1);
    const grey = await image.png().toBuffer();
    expect((await sharp(grey).metadata()).channels).toBe(withAlpha ? 2 : 1);
    const decoded = await decodeImage(grey, options);
    expect(pixel(decoded.raster.data, 720, 0, 0)).toEqual([90, 90, 90, 255]);
  });

  it('converts a Display P3 photo to sRGB using its embedded profile', async () => {
    // sharp converts our sRGB colour into P3 numbers and tags the file with the P3 profile.
    const p3 = await solid(720, 720, { r: 200, g: 60, b: 40 })
      .withIccProfile('p3')
      .png()
      .toBuffer();
    expect((await sharp(p3).metadata()).hasProfile).toBe(true);
    const stored = await sharp(p3, { ignoreIcc: true }).raw().toBuffer();
    const decoded = pixel((await decodeImage(p3, options)).raster.data, 720, 0, 0);
    // Read as if sRGB, the stored numbers are a visibly different colour; through the profile they
    // come back to the colour the photographer saw.
    expect(Math.abs((stored[0] ?? 0) - 200) + Math.abs((stored[1] ?? 0) - 60)).toBeGreaterThan(10);
    expect(Math.abs((decoded[0] ?? 0) - 200)).toBeLessThanOrEqual(3);
    expect(Math.abs((decoded[1] ?? 0) - 60)).toBeLessThanOrEqual(3);
    expect(Math.abs((decoded[2] ?? 0) - 40)).toBeLessThanOrEqual(3);
  });
});

describe('decodeImage: warnings', () => {
  it('warns when the shortest side is under 720 px', async () => {
    const small = await decodeImage(await solid(1280, 640).png().toBuffer(), options);
    expect(small.warnings).toEqual([
      { code: 'below_minimum_resolution', message: expect.stringMatching(/720 px/) as string },
    ]);
    expect(small.warnings[0]?.message).toMatch(/may look soft/);
  });

  it('does not warn at exactly 720 px', async () => {
    const ok = await decodeImage(await solid(720, 1280).png().toBuffer(), options);
    expect(ok.warnings).toEqual([]);
  });
});
