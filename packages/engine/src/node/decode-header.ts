import sharp, { type Metadata, type SharpOptions } from 'sharp';
import { toImageInputError } from './decode-failure.ts';
import { readHeicHeader } from './decode-heic.ts';
import {
  ACCEPTED_FORMATS_TEXT,
  describeUnsupportedFile,
  sniffImageFormat,
  type ImageFormat,
} from './decode-sniff.ts';
import { ImageInputError } from './image-input-error.ts';
import { countPngFrames } from './png-animation.ts';

/** SPEC §5: "each image under 10MB". */
export const DEFAULT_MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Well above any phone or DSLR photo (a 24 MP camera is ~6000 × 4000), far below a decompression bomb. */
export const DEFAULT_MAX_IMAGE_PIXELS = 40_000_000;

export const ANIMATED_IMAGE_MESSAGE =
  "Animated images aren't supported — upload one still composite, or separate before and after photos";

export interface ImageHeader {
  format: ImageFormat;
  /** Upright: EXIF orientations 5–8 swap the stored width and height. */
  width: number;
  height: number;
}

/**
 * Everything that can be refused without decoding a pixel: size in bytes, type by content,
 * animation (GIF, WebP and APNG alike) and the pixel count the header declares. Throws
 * ImageInputError; a damaged header is reported by the caller's error mapping.
 */
export async function readImageHeader(
  bytes: Uint8Array,
  limits: { maxBytes: number; maxPixels: number },
): Promise<ImageHeader> {
  assertWithinByteLimit(bytes, limits.maxBytes);
  const format = sniffImageFormat(bytes);
  if (format === null) {
    throw new ImageInputError(
      'invalid_image_format',
      `${describeUnsupportedFile(bytes)}. Upload a ${ACCEPTED_FORMATS_TEXT} image.`,
    );
  }
  return { format, ...(await readDimensions(bytes, format, limits.maxPixels)) };
}

async function readDimensions(
  bytes: Uint8Array,
  format: ImageFormat,
  maxPixels: number,
): Promise<{ width: number; height: number }> {
  // sharp's libheif is built without HEVC: the HEIC boxes are read here instead (no decode).
  if (format === 'heic') return assertPixelLimit(readHeicHeader(bytes), maxPixels);
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, headerOptions()).metadata();
  } catch (error) {
    throw toImageInputError(error, bytes, format);
  }
  const frames = format === 'png' ? countPngFrames(bytes) : (metadata.pages ?? 1);
  if (frames > 1) throw new ImageInputError('animated_image', ANIMATED_IMAGE_MESSAGE);
  const { width, height } = assertPixelLimit(metadata, maxPixels);
  const isTurned = (metadata.orientation ?? 1) >= 5;
  return isTurned ? { width: height, height: width } : { width, height };
}

function assertPixelLimit(
  size: { width: number; height: number },
  maxPixels: number,
): { width: number; height: number } {
  const { width, height } = size;
  if (width * height > maxPixels) {
    throw new ImageInputError(
      'image_too_many_pixels',
      `The image is ${width} × ${height} px (${megapixels(width * height)} megapixels); the limit is ${megapixels(maxPixels)} megapixels. Resize it (for example to 6000 × 4000 px) and upload it again.`,
    );
  }
  return { width, height };
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

function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '');
}

function megapixels(pixels: number): string {
  return (pixels / 1_000_000).toFixed(1).replace(/\.0$/, '');
}
