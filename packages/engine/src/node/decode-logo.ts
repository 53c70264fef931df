import type { Raster } from '../raster.ts';
import { DEFAULT_COLORS } from '../plan/scene.ts';
import { decodeImage } from './decode-image.ts';

/** A logo is a small graphic; anything larger is almost certainly the wrong file. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** 4000 × 4000 px: far more than the end card ever shows, far below a decompression bomb. */
export const LOGO_MAX_PIXELS = 16_000_000;

/**
 * Decodes a clinic logo with the same safety checks as a photo (type by content, size, pixel
 * bomb, truncation, animation). Transparent areas are flattened onto the end card's own
 * background, so a transparent PNG logo sits on the card without a box around it.
 */
export async function decodeLogo(bytes: Uint8Array): Promise<Raster> {
  const decoded = await decodeImage(bytes, {
    background: DEFAULT_COLORS.background,
    maxBytes: LOGO_MAX_BYTES,
    maxPixels: LOGO_MAX_PIXELS,
  });
  return decoded.raster;
}
