// Single-channel planes for the panel and treated-area analysis: one value per pixel is
// all the detectors need, and it keeps every scan over a 2000 px photo cache-friendly.
import type { Raster } from '../raster.ts';

/** One value per pixel, row-major (luma 0–255, or a difference map). */
export interface Plane {
  width: number;
  height: number;
  data: Uint8ClampedArray | Float32Array;
}

/** Rec. 601 luma of every pixel; alpha is ignored (composites are opaque photos). */
export function toLuma(raster: Raster): Plane {
  const { width, height, data } = raster;
  const out = new Uint8ClampedArray(width * height);
  for (let y = 0; y < height; y += 1) lumaRow(data, out, y * width, (y + 1) * width);
  return { width, height, data: out };
}

/**
 * Pixels [from, to) of one row. A row per call: V8 optimises a small function called a
 * thousand times once and keeps it, while a loop over the whole photo in a function called
 * once a render was compiled anew on the stack (OSR) in every render.
 */
function lumaRow(data: Raster['data'], out: Uint8ClampedArray, from: number, to: number): void {
  for (let p = from, i = from * 4; p < to; p += 1, i += 4) {
    out[p] = 0.299 * (data[i] ?? 0) + 0.587 * (data[i + 1] ?? 0) + 0.114 * (data[i + 2] ?? 0);
  }
}

/**
 * Box-average by an integer factor (the last partial block is averaged over what exists). Each
 * row is summed block by block into its output row: the same sums, in the same order, as adding
 * pixel by pixel with the block found by division, at a fraction of the cost.
 */
export function downsamplePlane(plane: Plane, factor: number): Plane {
  const width = Math.ceil(plane.width / factor);
  const height = Math.ceil(plane.height / factor);
  const sums = new Float32Array(width * height);
  const { data } = plane;
  for (let y = 0; y < plane.height; y += 1) {
    addBlocksOfRow(
      data,
      y * plane.width,
      plane.width,
      factor,
      sums,
      Math.floor(y / factor) * width,
    );
  }
  for (let row = 0; row < height; row += 1) {
    const rows = Math.min(factor, plane.height - row * factor);
    for (let block = 0; block < width; block += 1) {
      const count = rows * Math.min(factor, plane.width - block * factor);
      const o = row * width + block;
      sums[o] = (sums[o] ?? 0) / count;
    }
  }
  return { width, height, data: sums };
}

/** Adds one input row (`length` values from `inRow`), block by block, to the sums at `outRow`. */
function addBlocksOfRow(
  data: Plane['data'],
  inRow: number,
  length: number,
  factor: number,
  sums: Float32Array,
  outRow: number,
): void {
  const end = inRow + length;
  for (let from = inRow, o = outRow; from < end; from += factor, o += 1) {
    const to = Math.min(from + factor, end);
    // Rounded to a float after every addition, as a Float32Array element added to in place.
    let sum = sums[o] ?? 0;
    for (let i = from; i < to; i += 1) sum = Math.fround(sum + (data[i] ?? 0));
    sums[o] = sum;
  }
}

/** Summed-area table, so the mean of any axis-aligned box costs four reads. */
export interface IntegralImage {
  width: number;
  height: number;
  sums: Float64Array;
}

export function integralImage(plane: Plane): IntegralImage {
  const stride = plane.width + 1;
  const sums = new Float64Array(stride * (plane.height + 1));
  for (let y = 0; y < plane.height; y += 1) integralRow(plane, y, sums);
  return { width: plane.width, height: plane.height, sums };
}

function integralRow(plane: Plane, y: number, sums: Float64Array): void {
  const stride = plane.width + 1;
  let rowSum = 0;
  for (let x = 0; x < plane.width; x += 1) {
    rowSum += plane.data[y * plane.width + x] ?? 0;
    sums[(y + 1) * stride + x + 1] = (sums[y * stride + x + 1] ?? 0) + rowSum;
  }
}

/** Mean over [x0,x1) × [y0,y1); integer bounds, clamped; 0 for an empty box. */
export function boxMean(table: IntegralImage, x0: number, y0: number, x1: number, y1: number) {
  const stride = table.width + 1;
  const ax = Math.max(0, Math.min(table.width, x0));
  const bx = Math.max(ax, Math.min(table.width, x1));
  const ay = Math.max(0, Math.min(table.height, y0));
  const by = Math.max(ay, Math.min(table.height, y1));
  const area = (bx - ax) * (by - ay);
  if (area === 0) return 0;
  const s = table.sums;
  const total =
    (s[by * stride + bx] ?? 0) -
    (s[ay * stride + bx] ?? 0) -
    (s[by * stride + ax] ?? 0) +
    (s[ay * stride + ax] ?? 0);
  return total / area;
}
