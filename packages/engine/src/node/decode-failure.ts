import type { ImageFormat } from './decode-sniff.ts';
import { ImageInputError } from './image-input-error.ts';

const FORMAT_NAMES: Record<ImageFormat, string> = {
  png: 'PNG',
  jpeg: 'JPEG',
  webp: 'WEBP',
  gif: 'GIF',
  heic: 'HEIC',
};

/**
 * Turns a libvips failure into the code the API reports. libvips only gives prose ("VipsJpeg:
 * premature end of JPEG image", "vipspng: libpng read error", "webp: unable to parse image"), so we
 * also look at the file's own structure: a PNG without its IEND chunk or a WEBP shorter than its
 * RIFF header declares was cut off, whatever the decoder called it.
 */
export function toImageInputError(
  error: unknown,
  bytes: Uint8Array,
  format: ImageFormat,
): ImageInputError {
  if (error instanceof ImageInputError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  const name = FORMAT_NAMES[format];
  if (/pixel limit/i.test(detail)) {
    return new ImageInputError(
      'image_too_many_pixels',
      `This ${name} image has more pixels than the limit allows. Resize it to at most 40 megapixels (for example 6000 × 4000 px) and upload it again.`,
      { cause: error },
    );
  }
  if (isStructurallyTruncated(bytes, format) || TRUNCATION_WORDS.test(detail)) {
    return new ImageInputError(
      'truncated_image',
      `This ${name} file ends early — it was probably cut off while uploading or copying. Upload the original photo again.`,
      { cause: error },
    );
  }
  return new ImageInputError(
    'invalid_image_format',
    `This file starts like a ${name} image but its data is damaged and cannot be decoded. Open it in a photo editor, export it again as ${name} or JPEG, and upload that.`,
    { cause: error },
  );
}

const TRUNCATION_WORDS =
  /premature end|unexpected end|truncated|not enough data|end of (file|stream|data)/i;

function isStructurallyTruncated(bytes: Uint8Array, format: ImageFormat): boolean {
  switch (format) {
    case 'png':
      // Every complete PNG ends with an IEND chunk; encoders never omit it.
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).lastIndexOf('IEND') < 0;
    case 'webp': {
      // RIFF size (bytes 4–7, little-endian) counts everything after the first 8 bytes.
      if (bytes.byteLength < 12) return true;
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      return view.getUint32(4, true) + 8 > bytes.byteLength;
    }
    case 'heic': // readHeicHeader already refused a file whose items run past its end
    case 'jpeg':
    case 'gif':
      // Phones append data after a JPEG's end marker and GIF trailers are optional in practice, so
      // the decoder's own "premature end" is the only reliable signal for these two.
      return false;
  }
}
