import type { Rect } from './geometry.ts';

/**
 * Decoded pixels, RGBA 8-bit, row-major, no padding — the layout of ImageData, so the
 * browser (canvas getImageData) and the server (sharp .ensureAlpha().raw()) share it.
 */
export interface Raster {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export function createRaster(width: number, height: number): Raster {
  return { width, height, data: new Uint8ClampedArray(width * height * 4) };
}

/** The whole pixels of `rect` inside the raster: what cropRaster cuts. */
export function wholePixelRect(source: { width: number; height: number }, rect: Rect): Rect {
  const x = Math.max(0, Math.floor(rect.x));
  const y = Math.max(0, Math.floor(rect.y));
  const right = Math.min(source.width, Math.floor(rect.x + rect.width));
  const bottom = Math.min(source.height, Math.floor(rect.y + rect.height));
  return { x, y, width: Math.max(0, right - x), height: Math.max(0, bottom - y) };
}

/** A copy of part of a raster (the rectangle is clamped to the raster). */
export function cropRaster(source: Raster, rect: Rect): Raster {
  const { x, y, width, height } = wholePixelRect(source, rect);
  const out = createRaster(width, height);
  for (let row = y; row < y + height; row += 1) {
    const from = (row * source.width + x) * 4;
    out.data.set(source.data.subarray(from, from + width * 4), (row - y) * width * 4);
  }
  return out;
}

/** Rec. 601 luma of the pixel at (x, y), 0–255. */
export function lumaAt(raster: Raster, x: number, y: number): number {
  const i = (y * raster.width + x) * 4;
  return (
    0.299 * (raster.data[i] ?? 0) +
    0.587 * (raster.data[i + 1] ?? 0) +
    0.114 * (raster.data[i + 2] ?? 0)
  );
}
