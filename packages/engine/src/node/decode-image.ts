import sharp, { type Sharp } from 'sharp';
import type { Raster } from '../raster.ts';
import { toImageInputError } from './decode-failure.ts';
import { withDecodeSlot } from './decode-gate.ts';
import { decodeHeicPixels, readHeicHeader } from './decode-heic.ts';
import {
  DEFAULT_MAX_IMAGE_BYTES,
  DEFAULT_MAX_IMAGE_PIXELS,
  decodeOptions,
  readImageHeader,
} from './decode-header.ts';
import type { ImageFormat } from './decode-sniff.ts';
import { assertPanelsBigEnough, type UploadRole } from './panel-minimum.ts';

export type { ImageFormat } from './decode-sniff.ts';
export {
  ANIMATED_IMAGE_MESSAGE,
  DEFAULT_MAX_IMAGE_BYTES,
  DEFAULT_MAX_IMAGE_PIXELS,
  decodeOptions,
} from './decode-header.ts';

/** SPEC §5: "at least 720px on the smallest side" — stated as advice, so we warn rather than refuse. */
export const MIN_RECOMMENDED_SIDE = 720;

export interface ImageWarning {
  code: 'below_minimum_resolution';
  message: string;
}

export interface DecodedImage {
  /** sRGB, 8-bit RGBA, alpha 255 everywhere, upright (EXIF orientation applied once). */
  raster: Raster;
  format: ImageFormat;
  /** The file's own upright size; the raster is smaller when `maxSide` shrank it. */
  width: number;
  height: number;
  warnings: ImageWarning[];
}

export interface DecodeImageOptions {
  /** '#rrggbb' that transparent pixels are composited onto. */
  background: string;
  maxBytes?: number;
  maxPixels?: number;
  /**
   * Shrink the raster to fit inside maxSide × maxSide while decoding (null: full size), or
   * inside the side this function picks for the file's upright size. JPEG
   * and WebP then decode at a fraction of their size (shrink-on-load); a PNG is shrunk as its
   * rows stream in, so neither ever exists at full size in 8-bit RGBA, nor at 16 bits.
   */
  maxSide?: number | ((size: { width: number; height: number }) => number) | null;
  /** Refuse files too small for the panels they become (null: no minimum, e.g. a logo). */
  role?: UploadRole | null;
}

/**
 * Checks an upload and decodes it to the raster the engine draws from. Throws ImageInputError for
 * anything the user can fix by choosing another file; other errors are our bugs.
 */
export async function decodeImage(
  bytes: Uint8Array,
  options: DecodeImageOptions,
): Promise<DecodedImage> {
  const maxPixels = options.maxPixels ?? DEFAULT_MAX_IMAGE_PIXELS;
  assertHexColour(options.background);
  const header = await readImageHeader(bytes, {
    maxBytes: options.maxBytes ?? DEFAULT_MAX_IMAGE_BYTES,
    maxPixels,
  });
  if (options.role) assertPanelsBigEnough(header, options.role);
  const maxSide = typeof options.maxSide === 'function' ? options.maxSide(header) : options.maxSide;
  try {
    const { data, info } = await withDecodeSlot(async () => {
      let image =
        header.format === 'heic'
          ? await openHeic(bytes, maxPixels)
          : // EXIF orientation, exactly once: raw output carries no tag to be applied again.
            sharp(bytes, decodeOptions(maxPixels)).rotate();
      if (maxSide) image = image.resize(fitInside(maxSide));
      return image
        .flatten({ background: options.background })
        .toColourspace('srgb') // CMYK, grey and 16-bit all end up as 8-bit sRGB.
        .ensureAlpha(1)
        .raw({ depth: 'uchar' })
        .toBuffer({ resolveWithObject: true });
    });
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
      format: header.format,
      width: header.width,
      height: header.height,
      warnings: resolutionWarnings(header.width, header.height),
    };
  } catch (error) {
    throw toImageInputError(error, bytes, header.format);
  }
}

/**
 * A HEIC photo as a sharp pipeline: libheif decodes it upright in a worker thread (whole: it
 * has no shrink-on-load, so a 12 MP iPhone photo holds 48 MB of RGBA there for the moment of
 * the decode), and sharp then shrinks and flattens it like any other upload.
 */
async function openHeic(bytes: Uint8Array, maxPixels: number): Promise<Sharp> {
  const { exifOrientation } = readHeicHeader(bytes);
  const raster = await decodeHeicPixels(bytes, { maxPixels, exifOrientation });
  return sharp(raster.data, {
    raw: { width: raster.width, height: raster.height, channels: 4 },
    limitInputPixels: maxPixels,
  });
}

/** sharp's resize to fit inside side × side, never enlarging. */
export function fitInside(side: number) {
  return { width: side, height: side, fit: 'inside', withoutEnlargement: true } as const;
}

export function resolutionWarnings(width: number, height: number): ImageWarning[] {
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
