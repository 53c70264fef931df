// Where the cut could be, judged from the seam itself: a gutter (a uniform band with an
// edge on each side) or a plain cut (a one-line step across the whole image, far
// stronger than the steps between its neighbouring lines).
import type { LineProfiles } from './split-profiles.ts';

export interface SeamCandidate {
  /** First line of the gutter, or the first line after a plain cut. */
  start: number;
  /** First line after the gutter; equal to start for a plain cut. */
  end: number;
  kind: 'gutter' | 'cut';
  /** 0..1: how clearly the seam itself shows. */
  evidence: number;
  /** Mean luma of a gutter (0 for a plain cut), to name its colour. */
  fill: number;
}

// Natural edges blur over a few lines, so the baseline skips the lines next to the one
// judged. Inside a flat area (a gutter, a clean backdrop) steps are near zero, and the
// floor keeps a one-level wobble there from looking like a seam.
const BASELINE_GAP = 3;
const BASELINE_REACH = 12;
const BASELINE_FLOOR = 0.75;

/**
 * How many times stronger each line's step is than the steps around it. The baseline is
 * the calmer of the two sides: where two dark backgrounds meet, the seam is faint next to
 * the textured side but still stands out against the flat one.
 */
export function stepContrast(profiles: LineProfiles): Float32Array {
  const { step } = profiles;
  const contrast = new Float32Array(step.length);
  for (let k = 0; k < step.length; k += 1) {
    const before = step.subarray(
      Math.max(0, k - BASELINE_GAP - BASELINE_REACH),
      Math.max(0, k - BASELINE_GAP + 1),
    );
    const after = step.subarray(k + BASELINE_GAP, k + BASELINE_GAP + BASELINE_REACH);
    const sides = [before, after].filter((side) => side.length > 0).map(median);
    const baseline = Math.max(BASELINE_FLOOR, Math.min(...sides));
    contrast[k] = (step[k] ?? 0) / baseline;
  }
  return contrast;
}

function median(values: Float32Array): number {
  const sorted = Float32Array.from(values).sort();
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Maps a step contrast to 0..1: below 2.5× it is texture, from 7.5× it is certain. */
export function seamEvidence(contrast: number): number {
  return Math.max(0, Math.min(1, (contrast - 2.5) / 5));
}

// JPEG leaves a white gutter at 242–255, so "uniform" allows a little spread, and more
// in a noisy image: a line counts as uniform when it varies far less than a typical line.
// That relative test is kept for bands of a few lines: a single blended line where a
// resized composite's halves meet can vary little too, and is no divider.
const UNIFORM_STD_FLOOR = 6;
const MIN_NOISY_BAND = 3;
const UNIFORM_SHARE_OF_TYPICAL = 0.25;
// A gutter's lines share one colour; the outermost ones may be tinted by the neighbouring
// photo (JPEG ringing, resampling), so the colour may creep a little from line to line but
// not jump, and not wander far overall (a black gutter must not run on into a dark
// background).
const UNIFORM_CREEP = 3;
const UNIFORM_DRIFT = 10;
const MAX_GUTTER_SHARE = 0.15;
// Both edges of a band seen together say more than either edge alone.
const BAND_BONUS = 0.3;

/** Uniform bands with an edge on both sides, inside the profiled range. */
export function findGutters(
  profiles: LineProfiles,
  contrast: Float32Array,
  axisLength: number,
): SeamCandidate[] {
  const { mean, std, lo } = profiles;
  const maxStd = Math.max(UNIFORM_STD_FLOOR, UNIFORM_SHARE_OF_TYPICAL * median(std));
  const continuesBand = (k: number, first: number) =>
    (std[k] ?? Infinity) <= maxStd &&
    Math.abs((mean[k] ?? 0) - (mean[k - 1] ?? 0)) <= UNIFORM_CREEP &&
    Math.abs((mean[k] ?? 0) - (mean[first] ?? 0)) <= UNIFORM_DRIFT;
  const found: SeamCandidate[] = [];
  let k = 0;
  while (k < mean.length) {
    let end = (std[k] ?? Infinity) <= maxStd ? k + 1 : k;
    while (end > k && end < mean.length && continuesBand(end, k)) end += 1;
    const width = end - k;
    const isClean = std.subarray(k, end).every((value) => value <= UNIFORM_STD_FLOOR);
    const isBand =
      width > 0 &&
      (isClean || width >= MIN_NOISY_BAND) &&
      k > 0 &&
      end < mean.length &&
      width <= axisLength * MAX_GUTTER_SHARE;
    if (isBand) {
      // JPEG ringing can make the band's outermost lines fail the uniformity test; the
      // edge is where the step is, within two lines of the uniform run.
      const first = strongestStep(contrast, k - 2, k);
      const firstAfter = strongestStep(contrast, end, end + 2);
      const edges = [seamEvidence(contrast[first] ?? 0), seamEvidence(contrast[firstAfter] ?? 0)];
      if (Math.min(...edges) > 0) {
        const evidence = Math.min(1, (edges[0] ?? 0) / 2 + (edges[1] ?? 0) / 2 + BAND_BONUS);
        const fill = mean[Math.floor((k + end) / 2)] ?? 0;
        found.push({ start: lo + first, end: lo + firstAfter, kind: 'gutter', evidence, fill });
      }
    }
    k = Math.max(end, k + 1);
  }
  return found;
}

function strongestStep(contrast: Float32Array, from: number, to: number): number {
  let best = Math.max(0, from);
  for (let k = best; k <= Math.min(contrast.length - 1, to); k += 1) {
    if ((contrast[k] ?? 0) > (contrast[best] ?? 0)) best = k;
  }
  return best;
}

/**
 * The strongest plain cuts: local maxima of the step contrast that count as evidence,
 * except the edges of gutters already found (the gutter explains them).
 */
export function findCuts(
  profiles: LineProfiles,
  contrast: Float32Array,
  gutters: SeamCandidate[],
  limit = 4,
): SeamCandidate[] {
  const isGutterEdge = (line: number) =>
    gutters.some((g) => Math.abs(line - g.start) <= 2 || Math.abs(line - g.end) <= 2);
  const peaks: number[] = [];
  for (let k = 0; k < contrast.length; k += 1) {
    const value = contrast[k] ?? 0;
    if (seamEvidence(value) <= 0 || isGutterEdge(profiles.lo + k)) continue;
    let isPeak = true;
    for (let d = -3; d <= 3 && isPeak; d += 1) {
      if (d !== 0 && (contrast[k + d] ?? 0) > value) isPeak = false;
    }
    if (isPeak) peaks.push(k);
  }
  peaks.sort((a, b) => (contrast[b] ?? 0) - (contrast[a] ?? 0));
  return peaks.slice(0, limit).map((k) => ({
    start: profiles.lo + k,
    end: profiles.lo + k,
    kind: 'cut' as const,
    evidence: seamEvidence(contrast[k] ?? 0),
    fill: 0,
  }));
}
