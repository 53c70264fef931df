import type { Raster } from '../raster.ts';
/** A logo is a small graphic; anything larger is almost certainly the wrong file. */
export declare const LOGO_MAX_BYTES: number;
/** 4000 × 4000 px: far more than the end card ever shows, far below a decompression bomb. */
export declare const LOGO_MAX_PIXELS = 16000000;
/**
 * Decodes a clinic logo with the same safety checks as a photo (type by content, size, pixel
 * bomb, truncation, animation). Transparent areas are flattened onto the end card's own
 * background, so a transparent PNG logo sits on the card without a box around it.
 */
export declare function decodeLogo(bytes: Uint8Array): Promise<Raster>;
