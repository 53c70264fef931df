import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { readImageHeader } from './decode-header.ts';
import { decodeImage, type DecodedImage } from './decode-image.ts';
import { encodeHeic, withIrot } from './heic-file.testing.ts';
import { ImageInputError, type ImageInputErrorCode } from './image-input-error.ts';

const options = { background: '#000000' } as const;
const WIDTH = 300;
const HEIGHT = 200;

/**
 * 300 × 200: the left half red, the right half blue, a green-tinted band along the top (so
 * red turns yellow and blue cyan there). Any turn or mirror moves these corners somewhere else.
 */
function marked(): Sharp {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y += 1) {
    for (let x = 0; x < WIDTH; x += 1) {
      const at = (y * WIDTH + x) * 3;
      pixels[at] = x < WIDTH / 2 ? 255 : 0;
      pixels[at + 1] = y < 30 ? 255 : 0;
      pixels[at + 2] = x < WIDTH / 2 ? 0 : 255;
    }
  }
  return sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } });
}

type Colour = 'red' | 'blue' | 'yellow' | 'cyan';

function colourAt(decoded: DecodedImage, x: number, y: number): Colour | 'other' {
  const { raster } = decoded;
  const column = x < 0 ? raster.width + x : x;
  const row = y < 0 ? raster.height + y : y;
  const at = (row * raster.width + column) * 4;
  const [r, g, b] = [raster.data[at] ?? 0, raster.data[at + 1] ?? 0, raster.data[at + 2] ?? 0];
  const on = (value: number) => value > 200;
  const off = (value: number) => value < 60;
  if (on(r) && off(g) && off(b)) return 'red';
  if (off(r) && off(g) && on(b)) return 'blue';
  if (on(r) && on(g) && off(b)) return 'yellow';
  if (off(r) && on(g) && on(b)) return 'cyan';
  return 'other';
}

/** Top-left, top-right, bottom-left corners, 8 px in. */
function corners(decoded: DecodedImage): [Colour | 'other', Colour | 'other', Colour | 'other'] {
  return [colourAt(decoded, 8, 8), colourAt(decoded, -9, 8), colourAt(decoded, 8, -9)];
}

async function expectRefusal(
  bytes: Uint8Array,
  code: ImageInputErrorCode,
  limits: { maxBytes?: number; maxPixels?: number } = {},
): Promise<ImageInputError> {
  const error: unknown = await decodeImage(bytes, { ...options, ...limits }).catch(
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(ImageInputError);
  expect((error as ImageInputError).code).toBe(code);
  return error as ImageInputError;
}

describe('decodeImage: HEIC/HEIF photos', () => {
  it('decodes a HEIC photo to the pixels it was made from', async () => {
    const decoded = await decodeImage(encodeHeic(await marked().png().toBuffer()), options);
    expect(decoded.format).toBe('heic');
    expect([decoded.width, decoded.height]).toEqual([WIDTH, HEIGHT]);
    expect([decoded.raster.width, decoded.raster.height]).toEqual([WIDTH, HEIGHT]);
    expect(corners(decoded)).toEqual(['yellow', 'cyan', 'red']);
    expect(decoded.raster.data[3]).toBe(255);
  });

  it('shrinks a HEIC photo to maxSide like any other upload', async () => {
    const heic = encodeHeic(await marked().png().toBuffer());
    const decoded = await decodeImage(heic, { ...options, maxSide: 150 });
    expect([decoded.raster.width, decoded.raster.height]).toEqual([150, 100]);
    expect([decoded.width, decoded.height]).toEqual([WIDTH, HEIGHT]);
  });

  it('applies an irot rotation (as iPhones write it)', async () => {
    const heic = withIrot(encodeHeic(await marked().png().toBuffer()), 1);
    const header = await readImageHeader(heic, { maxBytes: 10_000_000, maxPixels: 1_000_000 });
    expect([header.width, header.height]).toEqual([HEIGHT, WIDTH]);
    const decoded = await decodeImage(heic, options);
    // A quarter turn anticlockwise: the top band becomes the left edge, red goes to the bottom.
    expect([decoded.width, decoded.height]).toEqual([HEIGHT, WIDTH]);
    expect(corners(decoded)).toEqual(['cyan', 'blue', 'yellow']);
  });

  it('applies the EXIF orientation when the file has no irot', async () => {
    const jpeg = await marked().jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).toBuffer();
    const decoded = await decodeImage(encodeHeic(jpeg), options);
    // Orientation 6 shows the stored image turned a quarter clockwise, as a JPEG viewer does.
    expect([decoded.width, decoded.height]).toEqual([HEIGHT, WIDTH]);
    expect(corners(decoded)).toEqual(['red', 'yellow', 'blue']);
    const asJpeg = await decodeImage(jpeg, options);
    expect(corners(asJpeg)).toEqual(corners(decoded));
  });

  it('applies irot alone when the file also carries an EXIF orientation (never turns twice)', async () => {
    const jpeg = await marked().jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).toBuffer();
    const decoded = await decodeImage(withIrot(encodeHeic(jpeg), 1), options);
    expect(corners(decoded)).toEqual(['cyan', 'blue', 'yellow']);
  });

  it('refuses a HEIC over the byte limit before decoding it', async () => {
    const heic = encodeHeic(await marked().png().toBuffer());
    const error = await expectRefusal(heic, 'image_too_large', { maxBytes: heic.length - 1 });
    expect(error.message).toMatch(/limit is/);
  });

  it('refuses a HEIC over the pixel limit from its header', async () => {
    const heic = encodeHeic(await marked().png().toBuffer());
    const error = await expectRefusal(heic, 'image_too_many_pixels', { maxPixels: 50_000 });
    expect(error.message).toMatch(/300 × 200 px/);
  });

  it('refuses a cut-off HEIC as truncated', async () => {
    const heic = encodeHeic(await marked().png().toBuffer());
    const error = await expectRefusal(heic.subarray(0, heic.length - 200), 'truncated_image');
    expect(error.message).toMatch(/HEIC file ends early/);
  });

  it('refuses a HEIC whose boxes are damaged with a clear message', async () => {
    const heic = Buffer.from(encodeHeic(await marked().png().toBuffer()));
    const meta = heic.indexOf('meta');
    heic.write('xxxx', meta, 'latin1');
    const error = await expectRefusal(heic, 'invalid_image_format');
    expect(error.message).toMatch(/starts like a HEIC image but its structure is damaged/);
  });

  it('refuses a HEIC whose image data is garbage with a clear message', async () => {
    const heic = Buffer.from(encodeHeic(await marked().png().toBuffer()));
    const mdat = heic.indexOf('mdat');
    heic.fill(0xff, mdat + 4, heic.length);
    const error = await expectRefusal(heic, 'invalid_image_format');
    expect(error.message).toMatch(/HEIC image but its data is damaged/);
  });

  it('decodes off the main thread: the event loop keeps turning meanwhile', async () => {
    const big = sharp({
      create: { width: 1600, height: 1200, channels: 3, background: '#808080' },
    });
    const heic = encodeHeic(await big.png().toBuffer(), 60);
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 5);
    try {
      await decodeImage(heic, { ...options, maxSide: 256 });
    } finally {
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThanOrEqual(5);
  });
});
