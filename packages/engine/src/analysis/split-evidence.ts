// Scores every candidate cut on one axis by combining what the seam looks like (gutter
// or step) with how alike the two panels it would produce are.
import { orient, searchRange, type SplitAxis } from './split-axis.ts';
import { findCuts, findGutters, stepContrast, type SeamCandidate } from './split-candidates.ts';
import type { IntegralImage, Plane } from './split-plane.ts';
import { lineProfiles } from './split-profiles.ts';
import { similarityAt, similarityCurve, similarityPeak } from './split-similarity.ts';

export interface ScoredCandidate {
  axis: SplitAxis;
  start: number;
  end: number;
  /** 'resemblance': no visible seam, placed where the panels look most alike. */
  kind: SeamCandidate['kind'] | 'resemblance';
  fill: number;
  seam: number;
  similarity: number;
  /** seam + similarity: about 2 for a clear seam between look-alike panels. */
  score: number;
}

export interface AxisSources {
  luma: Plane;
  /** Integral image of the luma downsampled by `factor`. */
  coarse: IntegralImage;
  factor: number;
}

export function scoreAxis(sources: AxisSources, axis: SplitAxis): ScoredCandidate[] {
  const { luma, coarse, factor } = sources;
  const view = orient(luma, axis);
  const range = searchRange(view.lines);
  const profiles = lineProfiles(view, range.lo, range.hi);
  const contrast = stepContrast(profiles);
  const gutters = findGutters(profiles, contrast, view.lines);
  const seams = [...gutters, ...findCuts(profiles, contrast, gutters)];

  const coarseLines = axis === 'x' ? coarse.width : coarse.height;
  const coarseRange = searchRange(coarseLines);
  const curve = similarityCurve(coarse, axis, coarseRange.lo, coarseRange.hi);
  const similarityOf = (start: number, end: number) =>
    Math.max(0, similarityAt(curve, (start + end) / 2 / factor));

  const scored: ScoredCandidate[] = seams.map((seam) => {
    const similarity = similarityOf(seam.start, seam.end);
    return { axis, ...seam, seam: seam.evidence, similarity, score: seam.evidence + similarity };
  });

  // With no visible seam (two photos with the same background meeting), the resemblance
  // of the panels alone places the cut, trusted as far as its peak stands out.
  const peak = similarityPeak(curve);
  const cut = Math.round(peak.position * factor);
  const similarity = Math.max(0, peak.value) * peak.prominence;
  scored.push({
    axis,
    start: cut,
    end: cut,
    kind: 'resemblance',
    fill: 0,
    seam: 0,
    similarity,
    score: similarity,
  });
  return scored;
}
