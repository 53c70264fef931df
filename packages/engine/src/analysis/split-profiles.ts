// Per-line statistics at full resolution near the middle of an axis: what a gutter (a
// uniform band) and a plain cut (a one-pixel step that runs the whole length) look like.
import type { OrientedPlane } from './split-axis.ts';

/** Statistics of lines lo..hi-1 (index k holds line lo + k). */
export interface LineProfiles {
  lo: number;
  hi: number;
  mean: Float32Array;
  std: Float32Array;
  /** Typical step from line i - 1 to line i along its length (see TRIMMED_SHARE). */
  step: Float32Array;
}

// A cut runs the whole length of the image; a short strong edge (a burned-in label box,
// a flag stripe, the near-vertical side of a head) does not. So each pixel's step is
// capped and the largest quarter of them is left out of the line's mean.
const STEP_CAP = 40;
const TRIMMED_SHARE = 0.25;

/**
 * Lines run along the rows of the plane's memory or down its columns. Down columns, a line at a
 * time read one byte of every row for each line (a cache line each); this many neighbouring
 * lines are walked together instead, so each row's bytes are read once for all of them.
 */
const LINES_TOGETHER = 64;
const BINS = STEP_CAP + 1;

export function lineProfiles(view: OrientedPlane, lo: number, hi: number): LineProfiles {
  const count = Math.max(0, hi - lo);
  const mean = new Float32Array(count);
  const std = new Float32Array(count);
  const step = new Float32Array(count);
  const { data, length, lineStride, alongStride } = view;
  const together = alongStride === 1 ? 1 : LINES_TOGETHER;
  const sums = new Float64Array(together);
  const squares = new Float64Array(together);
  const histograms = new Uint32Array(together * BINS);
  const keep = Math.ceil(length * (1 - TRIMMED_SHARE));
  for (let first = 0; first < count; first += together) {
    const lines = Math.min(together, count - first);
    sums.fill(0);
    squares.fill(0);
    histograms.fill(0);
    const lineSums = { sums, squares, histograms };
    const start = (lo + first) * lineStride;
    if (lines === 1) addAlong(data, start, alongStride, length, lineStride, lineSums);
    else {
      for (let j = 0; j < length; j += 1) {
        addAcross(data, start + j * alongStride, lineStride, lines, lineSums);
      }
    }
    // Each line's sums took its pixels in its own order, so its figures are as if walked alone.
    for (let line = 0; line < lines; line += 1) {
      const m = (sums[line] ?? 0) / length;
      mean[first + line] = m;
      std[first + line] = Math.sqrt(Math.max(0, (squares[line] ?? 0) / length - m * m));
      step[first + line] = trimmedMean(histograms.subarray(line * BINS, (line + 1) * BINS), keep);
    }
  }
  return { lo, hi, mean, std, step };
}

interface LineSums {
  sums: Float64Array;
  squares: Float64Array;
  histograms: Uint32Array;
}

/**
 * One pixel of each of `lines` neighbouring lines, from `index` on, `lineStride` apart, added to
 * their sums. A call per place along the lines (or per line, addAlong): V8 optimises a small
 * function called thousands of times once and keeps it, while a loop over the whole photo in a
 * function called once a render was compiled anew on the stack (OSR) in every render.
 */
function addAcross(
  data: OrientedPlane['data'],
  index: number,
  lineStride: number,
  lines: number,
  { sums, squares, histograms }: LineSums,
): void {
  for (let line = 0, at = index; line < lines; line += 1, at += lineStride) {
    const value = data[at] ?? 0;
    sums[line] = (sums[line] ?? 0) + value;
    squares[line] = (squares[line] ?? 0) + value * value;
    // The same place on the line before (its step; none before the first line).
    const change = Math.abs(value - (data[at - lineStride] ?? value));
    const bin = line * BINS + Math.min(STEP_CAP, Math.round(change));
    histograms[bin] = (histograms[bin] ?? 0) + 1;
  }
}

/** The `length` pixels of one line, from `index` on, `alongStride` apart, added to its sums. */
function addAlong(
  data: OrientedPlane['data'],
  index: number,
  alongStride: number,
  length: number,
  lineStride: number,
  { sums, squares, histograms }: LineSums,
): void {
  let sum = sums[0] ?? 0;
  let square = squares[0] ?? 0;
  for (let j = 0, at = index; j < length; j += 1, at += alongStride) {
    const value = data[at] ?? 0;
    sum += value;
    square += value * value;
    const change = Math.abs(value - (data[at - lineStride] ?? value));
    const bin = Math.min(STEP_CAP, Math.round(change));
    histograms[bin] = (histograms[bin] ?? 0) + 1;
  }
  sums[0] = sum;
  squares[0] = square;
}

/** Mean of the `keep` smallest values counted in a histogram of whole numbers. */
function trimmedMean(histogram: Uint32Array, keep: number): number {
  let left = keep;
  let total = 0;
  for (let value = 0; value < histogram.length && left > 0; value += 1) {
    const taken = Math.min(left, histogram[value] ?? 0);
    total += taken * value;
    left -= taken;
  }
  return keep > 0 ? total / keep : 0;
}
