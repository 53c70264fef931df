// How alike the two candidate panels look. The after panel is the same person as the
// before panel, so at the true cut the two sides match once shrunk to a coarse grid,
// while the top and bottom halves of a side-by-side image (or the left and right of a
// stacked one) do not. The coarse grid tolerates a small shift, rotation or rescale.
import type { SplitAxis } from './split-axis.ts';
import { boxMean, type IntegralImage } from './split-plane.ts';

const GRID = 20;

interface Span {
  from: number;
  to: number;
}

/** Cell means of a panel [from,to) along the axis, full extent across it, on a GRID² grid. */
function panelCells(table: IntegralImage, axis: SplitAxis, span: Span): Float64Array {
  const across = axis === 'x' ? table.height : table.width;
  const cells = new Float64Array(GRID * GRID);
  for (let u = 0; u < GRID; u += 1) {
    const a0 = Math.round(span.from + ((span.to - span.from) * u) / GRID);
    const a1 = Math.max(a0 + 1, Math.round(span.from + ((span.to - span.from) * (u + 1)) / GRID));
    for (let v = 0; v < GRID; v += 1) {
      const b0 = Math.round((across * v) / GRID);
      const b1 = Math.max(b0 + 1, Math.round((across * (v + 1)) / GRID));
      cells[u * GRID + v] =
        axis === 'x' ? boxMean(table, a0, b0, a1, b1) : boxMean(table, b0, a0, b1, a1);
    }
  }
  return cells;
}

/** Normalised cross-correlation, -1..1; 0 when either side is flat (nothing to compare). */
function correlation(a: Float64Array, b: Float64Array): number {
  const n = a.length;
  let meanA = 0;
  let meanB = 0;
  for (let i = 0; i < n; i += 1) {
    meanA += a[i] ?? 0;
    meanB += b[i] ?? 0;
  }
  meanA /= n;
  meanB /= n;
  let cross = 0;
  let varA = 0;
  let varB = 0;
  for (let i = 0; i < n; i += 1) {
    const da = (a[i] ?? 0) - meanA;
    const db = (b[i] ?? 0) - meanB;
    cross += da * db;
    varA += da * da;
    varB += db * db;
  }
  // Below about one grey level of spread the "pattern" is noise, not content.
  if (varA < n || varB < n) return 0;
  return cross / Math.sqrt(varA * varB);
}

/** Similarity of the panels either side of a cut at `cut` (downsampled coordinates). */
export function panelSimilarity(table: IntegralImage, axis: SplitAxis, cut: number): number {
  const lines = axis === 'x' ? table.width : table.height;
  const before = panelCells(table, axis, { from: 0, to: cut });
  const after = panelCells(table, axis, { from: cut, to: lines });
  return correlation(before, after);
}

/** Similarity for every downsampled cut position lo..hi-1 along one axis. */
export interface SimilarityCurve {
  lo: number;
  values: Float32Array;
}

export function similarityCurve(
  table: IntegralImage,
  axis: SplitAxis,
  lo: number,
  hi: number,
): SimilarityCurve {
  const values = new Float32Array(Math.max(0, hi - lo));
  for (let k = 0; k < values.length; k += 1) values[k] = panelSimilarity(table, axis, lo + k);
  return { lo, values };
}

/** Linear interpolation of the curve at a (fractional) downsampled position, clamped. */
export function similarityAt(curve: SimilarityCurve, position: number): number {
  const last = curve.values.length - 1;
  if (last < 0) return 0;
  const t = Math.max(0, Math.min(last, position - curve.lo));
  const k = Math.floor(t);
  const a = curve.values[k] ?? 0;
  const b = curve.values[Math.min(last, k + 1)] ?? a;
  return a + (b - a) * (t - k);
}

export interface SimilarityPeak {
  /** Downsampled position of the best cut, refined between samples. */
  position: number;
  value: number;
  /**
   * How much the peak stands out, 0..1. A true cut is an interior maximum well above the
   * rest of the curve; a featureless or smoothly shaded image gives a flat curve, and the
   * wrong axis usually rises toward one end of the search range.
   */
  prominence: number;
}

export function similarityPeak(curve: SimilarityCurve): SimilarityPeak {
  const { values, lo } = curve;
  let best = 0;
  let sum = 0;
  for (let k = 0; k < values.length; k += 1) {
    sum += values[k] ?? 0;
    if ((values[k] ?? 0) > (values[best] ?? 0)) best = k;
  }
  const value = values[best] ?? 0;
  const isInterior = best >= 2 && best <= values.length - 3;
  if (!isInterior || value <= 0) return { position: lo + best, value, prominence: 0 };
  // A parabola through the peak and its neighbours puts the cut between samples.
  const left = values[best - 1] ?? value;
  const right = values[best + 1] ?? value;
  const curvature = left - 2 * value + right;
  const offset =
    curvature < 0 ? Math.max(-0.5, Math.min(0.5, (left - right) / (2 * curvature))) : 0;
  const rise = value - sum / values.length;
  return { position: lo + best + offset, value, prominence: Math.max(0, Math.min(1, rise / 0.2)) };
}
