// Finds the before and after panels of one composite before/after image: side by side or
// stacked, with or without a gutter or divider, decided from the content (a portrait image
// can be side by side and a landscape one stacked), never from the aspect ratio alone.
import type { Rect } from '../geometry.ts';
import type { Raster } from '../raster.ts';
import { findBurnedInLabels, type BurnedInLabels } from './burned-in-labels.ts';
import type { SplitAxis } from './split-axis.ts';
import { scoreAxis, type ScoredCandidate } from './split-evidence.ts';
import { downsamplePlane, integralImage, toLuma } from './split-plane.ts';

export interface PanelDetection {
  layout: 'side-by-side' | 'stacked';
  /** The before panel (left or top), excluding any gutter or divider. */
  before: Rect;
  /** The after panel (right or bottom), excluding any gutter or divider. */
  after: Rect;
  /** The cut: the band [start, end) along `axis`; start === end for a plain cut. */
  boundary: { axis: SplitAxis; start: number; end: number };
  /** 0..1. */
  confidence: number;
  /** True when no boundary was found and the image was split in the middle of its longer side. */
  isFallback: boolean;
  /** A short explanation for people, e.g. 'white gutter found at x 900–919'. */
  reason: string;
  /** BEFORE/AFTER labels already burned into the photos, each in its own panel's pixels. */
  burnedInLabels: BurnedInLabels;
}

// The resemblance test runs on a copy about this size: plenty for a 20×20 grid per panel,
// and it keeps a 2000 px photo well under the time budget.
const COARSE_SIDE = 256;
const MIN_SIDE = 16;
const MIN_CONFIDENCE = 0.35;
/**
 * No panel is cut narrower or shorter than this: smaller ones cannot be told apart from noise
 * or drawn (the upload check refuses composites that cannot hold two of them).
 */
export const MIN_PANEL_SIDE = 64;

export function detectPanels(raster: Raster): PanelDetection {
  const panels = findPanels(raster);
  const burnedInLabels = findBurnedInLabels(
    { raster, rect: panels.before },
    { raster, rect: panels.after },
  );
  return { ...panels, burnedInLabels };
}

function findPanels(raster: Raster): Omit<PanelDetection, 'burnedInLabels'> {
  if (Math.min(raster.width, raster.height) < MIN_SIDE) return splitInMiddle(raster, 0);
  const luma = toLuma(raster);
  const factor = Math.max(1, Math.round(Math.max(raster.width, raster.height) / COARSE_SIDE));
  const sources = { luma, coarse: integralImage(downsamplePlane(luma, factor)), factor };
  const ranked = [...scoreAxis(sources, 'x'), ...scoreAxis(sources, 'y')]
    .filter((candidate) => leavesPanelsOfMinimumSize(candidate, raster))
    .sort((a, b) => b.score - a.score);
  const best = ranked[0];
  if (!best) return splitInMiddle(raster, 0);
  const confidence = confidenceOf(best, ranked, raster);
  if (confidence < MIN_CONFIDENCE) return splitInMiddle(raster, confidence);
  return panelsAt(raster, best, confidence, reasonFor(best));
}

/**
 * A score near 2 (clear seam, look-alike panels) is certain; a rival cut elsewhere, or on
 * the other axis, scoring nearly as well makes the choice a guess.
 */
function confidenceOf(best: ScoredCandidate, ranked: ScoredCandidate[], raster: Raster): number {
  const base = clamp01((best.score - 0.3) / 1.2);
  const axisLength = best.axis === 'x' ? raster.width : raster.height;
  const rival = ranked.find(
    (other) => other.axis !== best.axis || Math.abs(other.start - best.start) > axisLength * 0.05,
  );
  if (!rival) return base;
  return base * (0.5 + 0.5 * clamp01((best.score - rival.score) / 0.5));
}

/**
 * Two separate images: each panel is the whole of its own image, so the rectangles are in
 * the coordinates of their own files and there is no cut. The boundary is the empty band
 * at 0 on x (start === end === 0), which crops nothing from either image.
 */
export function panelsFromPair(before: Raster, after: Raster): PanelDetection {
  return {
    layout: 'side-by-side',
    before: { x: 0, y: 0, width: before.width, height: before.height },
    after: { x: 0, y: 0, width: after.width, height: after.height },
    boundary: { axis: 'x', start: 0, end: 0 },
    confidence: 1,
    isFallback: false,
    reason: 'two separate images: each panel is a whole image',
    burnedInLabels: findBurnedInLabels({ raster: before }, { raster: after }),
  };
}

function splitInMiddle(raster: Raster, confidence: number): Omit<PanelDetection, 'burnedInLabels'> {
  const axis: SplitAxis = raster.width >= raster.height ? 'x' : 'y';
  const cut = Math.floor((axis === 'x' ? raster.width : raster.height) / 2);
  const reason = 'no clear boundary; split in the middle of the longer side';
  return {
    ...panelsAt(raster, { axis, start: cut, end: cut }, confidence, reason),
    isFallback: true,
  };
}

function panelsAt(
  raster: Raster,
  cut: { axis: SplitAxis; start: number; end: number },
  confidence: number,
  reason: string,
): Omit<PanelDetection, 'burnedInLabels'> {
  const { width, height } = raster;
  const { axis, start, end } = cut;
  const isSideBySide = axis === 'x';
  return {
    layout: isSideBySide ? 'side-by-side' : 'stacked',
    before: isSideBySide
      ? { x: 0, y: 0, width: start, height }
      : { x: 0, y: 0, width, height: start },
    after: isSideBySide
      ? { x: end, y: 0, width: width - end, height }
      : { x: 0, y: end, width, height: height - end },
    boundary: { axis, start, end },
    confidence,
    isFallback: false,
    reason,
  };
}

function reasonFor(candidate: ScoredCandidate): string {
  const { axis, start, end } = candidate;
  switch (candidate.kind) {
    case 'gutter': {
      const colour = candidate.fill >= 200 ? 'white' : candidate.fill <= 55 ? 'black' : 'plain';
      const what = end - start <= 4 ? `thin ${colour} divider line` : `${colour} gutter`;
      return `${what} found at ${axis} ${start}–${end - 1}`;
    }
    case 'cut':
      return `sharp cut at ${axis} ${start} where the two photos meet`;
    case 'resemblance':
      return `no visible seam; the panels look most alike when cut at ${axis} ${start}`;
  }
}

function leavesPanelsOfMinimumSize(candidate: ScoredCandidate, raster: Raster): boolean {
  const across = candidate.axis === 'x' ? raster.height : raster.width;
  const along = candidate.axis === 'x' ? raster.width : raster.height;
  return (
    across >= MIN_PANEL_SIDE &&
    candidate.start >= MIN_PANEL_SIDE &&
    along - candidate.end >= MIN_PANEL_SIDE
  );
}

function clamp01(value: number): number {
  return Math.max(0, Math.min(1, value));
}
