// Scores every candidate cut on one axis by combining what the seam looks like (gutter
// or step) with how alike the two panels it would produce are.
import { orient, searchRange, type SplitAxis } from './split-axis.ts';
import { findCuts, findGutters, stepContrast } from './split-candidates.ts';
import type { IntegralImage, Plane } from './split-plane.ts';
import { lineProfiles } from './split-profiles.ts';
import { similarityAt, similarityCurve, similarityPeak } from './split-similarity.ts';

export interface ScoredCandidate {
  axis: SplitAxis;
  /** First line of the gutter, or the first line after a plain cut. */
  start: number;
  /** First line after the gutter; equal to start for a plain cut. */
  end: number;
  /** 'resemblance': no visible seam; placed where the two panels look most alike. */
  kind: 'gutter' | 'cut' | 'resemblance';
  /** Mean luma of a gutter, to name its colour; 0 otherwise. */
  fill: number;
  /** 0..1 from the seam itself; 0 for 'resemblance'. */
  evidence: number;
  /** 0..1: how alike the panels either side are. */
  similarity: number;
  /** evidence + similarity: about 2 for a clear seam between look-alike panels. */
  score: number;
}

export interface AxisSources {
  luma: Plane;
  /** Integral image of the luma downsampled by `factor`. */
  coarse: IntegralImage;
  factor: number;
}

// Where the resemblance alone places the cut, a line stepping this many times more than
// its surroundings is taken as the faint seam (plain noise stays near 1).
const FAINT_SEAM_CONTRAST = 1.5;

export function scoreAxis(sources: AxisSources, axis: SplitAxis): ScoredCandidate[] {
  const { luma, coarse, factor } = sources;
  const view = orient(luma, axis);
  const range = searchRange(view.lines);
  const profiles = lineProfiles(view, range.lo, range.hi);
  const contrast = stepContrast(profiles);
  const gutters = findGutters(profiles, contrast, view.lines);
  const seams = [...gutters, ...findCuts(profiles, contrast, gutters)];

  const coarseRange = searchRange(axis === 'x' ? coarse.width : coarse.height);
  const curve = similarityCurve(coarse, axis, coarseRange.lo, coarseRange.hi);
  const scored: ScoredCandidate[] = seams.map((seam) => {
    const similarity = Math.max(0, similarityAt(curve, (seam.start + seam.end) / 2 / factor));
    return { axis, ...seam, similarity, score: seam.evidence + similarity };
  });

  // With no visible seam (two photos with the same plain background meeting), the
  // resemblance of the panels alone places the cut, trusted as far as its peak stands out;
  // the coarse position is then refined to the strongest full-resolution step near it.
  const peak = similarityPeak(curve);
  const similarity = Math.max(0, peak.value) * peak.prominence;
  const coarseCut = Math.round(peak.position * factor);
  let cut = coarseCut;
  for (let line = coarseCut - factor; line <= coarseCut + factor; line += 1) {
    const value = contrast[line - profiles.lo] ?? 0;
    if (value >= FAINT_SEAM_CONTRAST && value > (contrast[cut - profiles.lo] ?? 0)) cut = line;
  }
  scored.push({
    axis,
    start: cut,
    end: cut,
    kind: 'resemblance',
    fill: 0,
    evidence: 0,
    similarity,
    score: similarity,
  });
  return scored;
}
