import { GENERIC_HEIF_BRANDS, isAvif, isHevcHeif, readFtypBrands } from '../heif/heif-brand.ts';

/**
 * Identifies an upload by its first bytes. The file name and the browser's MIME type are whatever
 * the client says; the bytes are what sharp will actually parse, so only they decide.
 */
export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'gif' | 'heic';

export const ACCEPTED_FORMATS_TEXT = 'PNG, JPEG, WEBP, GIF or HEIC';

export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (isHevcHeif(bytes)) return 'heic';
  return null;
}

/** A best-effort name for a refused file, so the message can say what it was and what to do. */
export function describeUnsupportedFile(bytes: Uint8Array): string {
  const head = ascii(bytes, 0, 512).trimStart().toLowerCase();
  if (ascii(bytes, 0, 4) === '%PDF') return 'This file is a PDF document, not a photo';
  if (ascii(bytes, 0, 4) === 'II*\0' || ascii(bytes, 0, 4) === 'MM\0*') {
    return 'This file is a TIFF image, which is not supported';
  }
  const brands = readFtypBrands(bytes);
  if (brands) {
    if (isAvif(brands)) return 'This file is an AVIF image, which is not supported';
    if (GENERIC_HEIF_BRANDS.includes(brands[0] ?? '')) {
      return 'This file is a HEIF image in a codec we cannot decode (HEIC photos from iPhones are accepted)';
    }
    return 'This file is a video or other ISO media file, not a photo';
  }
  if (ascii(bytes, 0, 2) === 'BM') return 'This file is a BMP image, which is not supported';
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'))) {
    return 'This file is an SVG drawing, not a photo';
  }
  if (isMostlyText(bytes)) return 'This file is text, not an image';
  return "This file isn't an image we recognise (it was identified from its contents, not its name)";
}

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return signature.every((byte, index) => bytes[index] === byte);
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, Math.min(end, bytes.length)));
}

function isMostlyText(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 512);
  let printable = 0;
  for (const byte of sample) {
    if (
      byte === 0x09 ||
      byte === 0x0a ||
      byte === 0x0d ||
      (byte >= 0x20 && byte < 0x7f) ||
      byte >= 0x80
    ) {
      printable += 1;
    }
  }
  return sample.length > 0 && printable / sample.length > 0.95;
}
