// Where a held face's patch certainly paints over the frame: per patch row its longest run of
// opaque pixels, and the pixels of a laid span that fall in it. The photo under them is not
// sampled first (held-face-patches.ts, photo-sampling.ts).
import { FIXED_ONE } from './photo-sampling.ts';

/** Per patch row, the longest run of opaque pixels as [first, end) pairs (equal when none). */
export function longestOpaqueRuns(
  bytes: Uint8Array,
  address: number,
  width: number,
  height: number,
) {
  const pixels = new Uint32Array(bytes.buffer, address, width * height);
  const runs = new Int32Array(height * 2);
  for (let row = 0; row < height; row += 1) longestRunOfRow(pixels, row, width, runs);
  return runs;
}

function longestRunOfRow(pixels: Uint32Array, row: number, width: number, runs: Int32Array) {
  const start = row * width;
  let bestFirst = 0;
  let bestEnd = 0;
  let first = -1;
  for (let column = 0; column <= width; column += 1) {
    const opaque = column < width && (pixels[start + column] ?? 0) >>> 24 !== 0;
    if (opaque && first < 0) first = column;
    if (!opaque && first >= 0) {
      if (column - first > bestEnd - bestFirst) [bestFirst, bestEnd] = [first, column];
      first = -1;
    }
  }
  runs[row * 2] = bestFirst;
  runs[row * 2 + 1] = bestEnd;
}

/**
 * Output rows top…bottom − 1 and, per row, the columns [from, to) a held face's patch
 * certainly paints over (opaque patch pixels laid at full coverage): what is under them there
 * need not be painted first. from === to where a row has none.
 */
export interface SolidSpans {
  top: number;
  from: Int32Array;
  to: Int32Array;
}

/**
 * The pixels k of a span (patch column (u + k du) >> 16, as the kernel steps it) whose patch
 * column lies in [first, end): [k first, k end), or null when none do.
 */
export function solidPixels(
  span: { count: number; u: number; du: number },
  first: number,
  end: number,
): { first: number; end: number } | null {
  const { count, u, du } = span;
  if (end <= first || du <= 0 || count <= 0) return null;
  const column = (k: number) => (u + k * du) >> 16;
  let from = Math.max(0, Math.ceil((first * FIXED_ONE - u) / du));
  let to = Math.min(count, Math.floor((end * FIXED_ONE - 1 - u) / du) + 1);
  // The divisions are of whole numbers far below 2^53, so at most a rounding at the ends.
  while (from < to && column(from) < first) from += 1;
  while (to > from && column(to - 1) >= end) to -= 1;
  return to > from ? { first: from, end: to } : null;
}
