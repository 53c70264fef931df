import sharp, { type Metadata, type SharpOptions } from 'sharp';
import type { Raster } from '../raster.ts';
import { toImageInputError } from './decode-failure.ts';
import {
  ACCEPTED_FORMATS_TEXT,
  describeUnsupportedFile,
  sniffImageFormat,
  type ImageFormat,
} from './decode-sniff.ts';
import { ImageInputError } from './image-input-error.ts';

export type { ImageFormat } from './decode-sniff.ts';

/** SPEC §5: "each image under 10MB". */
export const DEFAULT_MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Well above any phone or DSLR photo (a 24 MP camera is ~6000 × 4000), far below a decompression bomb. */
export const DEFAULT_MAX_IMAGE_PIXELS = 40_000_000;
/** SPEC §5: "at least 720px on the smallest side" — stated as advice, so we warn rather than refuse. */
export const MIN_RECOMMENDED_SIDE = 720;

export const ANIMATED_IMAGE_MESSAGE =
  "Animated images aren't supported — upload one still composite, or separate before and after photos";

export interface ImageWarning {
  code: 'below_minimum_resolution';
  message: string;
}

export interface DecodedImage {
  /** sRGB, 8-bit RGBA, alpha 255 everywhere, upright (EXIF orientation applied once). */
  raster: Raster;
  format: ImageFormat;
  width: number;
  height: number;
  warnings: ImageWarning[];
}

export interface DecodeImageOptions {
  /** '#rrggbb' that transparent pixels are composited onto. */
  background: string;
  maxBytes?: number;
  maxPixels?: number;
}

/**
 * Checks an upload and decodes it to the raster the engine draws from. Throws ImageInputError for
 * anything the user can fix by choosing another file; other errors are our bugs.
 */
export async function decodeImage(
  bytes: Uint8Array,
  options: DecodeImageOptions,
): Promise<DecodedImage> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_IMAGE_BYTES;
  const maxPixels = options.maxPixels ?? DEFAULT_MAX_IMAGE_PIXELS;
  assertHexColour(options.background);
  assertWithinByteLimit(bytes, maxBytes);
  const format = sniffImageFormat(bytes);
  if (format === null) {
    throw new ImageInputError(
      'invalid_image_format',
      `${describeUnsupportedFile(bytes)}. Upload a ${ACCEPTED_FORMATS_TEXT} image.`,
    );
  }
  try {
    assertDecodable(await sharp(bytes, headerOptions()).metadata(), maxPixels);
    const { data, info } = await sharp(bytes, decodeOptions(maxPixels))
      .rotate() // EXIF orientation, exactly once: raw output carries no tag to be applied again.
      .flatten({ background: options.background })
      .toColourspace('srgb') // CMYK, grey and 16-bit all end up as 8-bit sRGB.
      .ensureAlpha(1)
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 4 || data.byteLength !== info.width * info.height * 4) {
      throw new Error(`sharp returned ${info.channels} channels, expected RGBA`);
    }
    const raster: Raster = {
      width: info.width,
      height: info.height,
      data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
    };
    return {
      raster,
      format,
      width: info.width,
      height: info.height,
      warnings: resolutionWarnings(info.width, info.height),
    };
  } catch (error) {
    throw toImageInputError(error, bytes, format);
  }
}

/**
 * Options for the pixel decode. limitInputPixels makes libvips refuse an oversized image from its
 * header, before allocating anything (sharp's default, 268 MP, lets a 100 MP bomb through).
 * failOn 'error' aborts on truncated or undecodable data instead of padding it with grey, but
 * tolerates libjpeg/libpng warnings that real phone and Photoshop files trigger and that still
 * decode completely.
 */
export function decodeOptions(maxPixels: number): SharpOptions {
  return { limitInputPixels: maxPixels, failOn: 'error' };
}

/** The metadata read only parses the header, so no limit is needed to read dimensions safely. */
function headerOptions(): SharpOptions {
  return { limitInputPixels: false, failOn: 'error' };
}

function assertWithinByteLimit(bytes: Uint8Array, maxBytes: number): void {
  if (bytes.byteLength === 0) {
    throw new ImageInputError(
      'empty_image',
      'The uploaded file is empty (0 bytes). Choose the photo again and re-upload it.',
    );
  }
  if (bytes.byteLength > maxBytes) {
    throw new ImageInputError(
      'image_too_large',
      `The image is ${megabytes(bytes.byteLength)} MB; the limit is ${megabytes(maxBytes)} MB. Export it as a JPEG (quality 85–90) or at a smaller size and upload it again.`,
    );
  }
}

function assertDecodable(metadata: Metadata, maxPixels: number): void {
  if ((metadata.pages ?? 1) > 1) {
    throw new ImageInputError('animated_image', ANIMATED_IMAGE_MESSAGE);
  }
  const width = metadata.width;
  const height = metadata.height;
  if (width * height > maxPixels) {
    throw new ImageInputError(
      'image_too_many_pixels',
      `The image is ${width} × ${height} px (${megapixels(width * height)} megapixels); the limit is ${megapixels(maxPixels)} megapixels. Resize it (for example to 6000 × 4000 px) and upload it again.`,
    );
  }
}

function resolutionWarnings(width: number, height: number): ImageWarning[] {
  if (Math.min(width, height) >= MIN_RECOMMENDED_SIDE) return [];
  return [
    {
      code: 'below_minimum_resolution',
      message: `This photo is ${width} × ${height} px, smaller than ${MIN_RECOMMENDED_SIDE} px on its shortest side, so the video may look soft. Upload a larger original if you have one.`,
    },
  ];
}

function assertHexColour(value: string): void {
  if (!/^#[0-9a-f]{6}$/i.test(value)) {
    throw new TypeError(`background must be a '#rrggbb' colour, got ${JSON.stringify(value)}`);
  }
}

function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '');
}

function megapixels(pixels: number): string {
  return (pixels / 1_000_000).toFixed(1).replace(/\.0$/, '');
}
