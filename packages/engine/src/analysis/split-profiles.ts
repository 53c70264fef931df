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

export function lineProfiles(view: OrientedPlane, lo: number, hi: number): LineProfiles {
  const count = Math.max(0, hi - lo);
  const mean = new Float32Array(count);
  const std = new Float32Array(count);
  const step = new Float32Array(count);
  const { data, length, lineStride, alongStride } = view;
  const histogram = new Uint32Array(STEP_CAP + 1);
  for (let k = 0; k < count; k += 1) {
    const base = (lo + k) * lineStride;
    const previous = base - lineStride;
    let sum = 0;
    let sumSquares = 0;
    histogram.fill(0);
    for (let j = 0; j < length; j += 1) {
      const value = data[base + j * alongStride] ?? 0;
      sum += value;
      sumSquares += value * value;
      const change = Math.abs(value - (data[previous + j * alongStride] ?? value));
      const bin = Math.min(STEP_CAP, Math.round(change));
      histogram[bin] = (histogram[bin] ?? 0) + 1;
    }
    const m = sum / length;
    mean[k] = m;
    std[k] = Math.sqrt(Math.max(0, sumSquares / length - m * m));
    step[k] = trimmedMean(histogram, Math.ceil(length * (1 - TRIMMED_SHARE)));
  }
  return { lo, hi, mean, std, step };
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
