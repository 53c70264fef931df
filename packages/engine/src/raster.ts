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

/** A copy of part of a raster (the rectangle is clamped to the raster). */
export function cropRaster(source: Raster, rect: Rect): Raster {
  const x0 = Math.max(0, Math.floor(rect.x));
  const y0 = Math.max(0, Math.floor(rect.y));
  const x1 = Math.min(source.width, Math.floor(rect.x + rect.width));
  const y1 = Math.min(source.height, Math.floor(rect.y + rect.height));
  const out = createRaster(Math.max(0, x1 - x0), Math.max(0, y1 - y0));
  for (let y = y0; y < y1; y += 1) {
    const from = (y * source.width + x0) * 4;
    out.data.set(source.data.subarray(from, from + out.width * 4), (y - y0) * out.width * 4);
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
