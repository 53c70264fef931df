// The global tone change between before and after (exposure, contrast, white balance, a
// lifted tone curve), fitted as one curve per RGB channel: after ≈ curve(before). Such a
// change touches every pixel of a given colour alike, so a per-channel curve absorbs it;
// a local treatment (smoothing, redness reduction) varies pixel by pixel and survives.

export interface ToneChange {
  /** Luma plus chroma size of after − curve(before), capped (see RESIDUAL_CAP). */
  residual(before: Uint8ClampedArray, i: number, after: Uint8ClampedArray, j: number): number;
}

// Every third pixel each way is plenty for three curves, and keeps the fit cheap.
const SAMPLE_STEP = 3;
const BIN_WIDTH = 8;
const MIN_BIN_SAMPLES = 20;
// A burned-in "BEFORE"/"AFTER" label or a watermark differs by 100+ levels over a small
// area; a treatment by a few levels over a large one. Capping each pixel keeps the small
// violent change from outweighing the large mild one.
const RESIDUAL_CAP = 24;

type Curve = Float32Array;

export function fitToneChange(
  before: { width: number; data: Uint8ClampedArray },
  after: { width: number; data: Uint8ClampedArray },
  width: number,
  height: number,
): ToneChange {
  const curves = [0, 1, 2].map((channel) => {
    const bins = Math.ceil(256 / BIN_WIDTH);
    const count = new Float64Array(bins);
    const sumBefore = new Float64Array(bins);
    const sumAfter = new Float64Array(bins);
    for (let y = 0; y < height; y += SAMPLE_STEP) {
      for (let x = 0; x < width; x += SAMPLE_STEP) {
        const b = before.data[(y * before.width + x) * 4 + channel] ?? 0;
        const a = after.data[(y * after.width + x) * 4 + channel] ?? 0;
        const bin = Math.floor(b / BIN_WIDTH);
        count[bin] = (count[bin] ?? 0) + 1;
        sumBefore[bin] = (sumBefore[bin] ?? 0) + b;
        sumAfter[bin] = (sumAfter[bin] ?? 0) + a;
      }
    }
    const knots: { from: number; to: number }[] = [];
    count.forEach((n, bin) => {
      if (n >= MIN_BIN_SAMPLES)
        knots.push({ from: (sumBefore[bin] ?? 0) / n, to: (sumAfter[bin] ?? 0) / n });
    });
    return curveThrough(knots);
  });
  const [red, green, blue] = curves;
  return {
    residual(beforeData, i, afterData, j) {
      const dr = (afterData[j] ?? 0) - (red?.[beforeData[i] ?? 0] ?? 0);
      const dg = (afterData[j + 1] ?? 0) - (green?.[beforeData[i + 1] ?? 0] ?? 0);
      const db = (afterData[j + 2] ?? 0) - (blue?.[beforeData[i + 2] ?? 0] ?? 0);
      // JPEG's YCbCr: luma and the two colour-difference channels.
      const dy = 0.299 * dr + 0.587 * dg + 0.114 * db;
      const dcb = -0.168736 * dr - 0.331264 * dg + 0.5 * db;
      const dcr = 0.5 * dr - 0.418688 * dg - 0.081312 * db;
      return Math.min(RESIDUAL_CAP, Math.abs(dy) + Math.abs(dcb) + Math.abs(dcr));
    },
  };
}

/**
 * A 256-entry table through the knots (sorted by `from`), linear between them; beyond
 * the end knots it keeps their offset. No knots at all means no change.
 */
function curveThrough(knots: { from: number; to: number }[]): Curve {
  const table = new Float32Array(256);
  let k = 0;
  for (let v = 0; v < 256; v += 1) {
    while (k < knots.length && (knots[k]?.from ?? 0) < v) k += 1;
    const lower = knots[k - 1];
    const upper = knots[k];
    if (lower && upper) {
      const t = (v - lower.from) / Math.max(1e-6, upper.from - lower.from);
      table[v] = lower.to + t * (upper.to - lower.to);
    } else {
      const edge = lower ?? upper;
      table[v] = edge ? v + (edge.to - edge.from) : v;
    }
  }
  return table;
}
