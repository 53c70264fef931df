// How much of each frame pixel a panel's clip covers. Canvas 2D clips with anti-aliasing: a
// pixel the clip's edge crosses is painted in proportion to the part of it inside. A clip is
// a rectangle, so that share is the product of its row's and its column's.
import type { Rect } from '../../geometry.ts';

/** A run of whole pixels along one axis and the share of each that the clip covers (0–1]. */
export interface CoveredSpan {
  from: number;
  count: number;
  coverage: number;
}

export interface ClipCoverage {
  rows: CoveredSpan[];
  columns: CoveredSpan[];
}

export function clipCoverage(clip: Rect, frame: { width: number; height: number }): ClipCoverage {
  return {
    rows: coveredSpans(clip.y, clip.y + clip.height, frame.height),
    columns: coveredSpans(clip.x, clip.x + clip.width, frame.width),
  };
}

/**
 * The whole pixels [start, end) touches inside [0, limit): the partly covered one at each end
 * on its own, the fully covered ones between as one run.
 */
export function coveredSpans(start: number, end: number, limit: number): CoveredSpan[] {
  const low = Math.max(0, start);
  const high = Math.min(limit, end);
  if (high <= low) return [];
  const first = Math.floor(low);
  const last = Math.ceil(high);
  if (last - first === 1) return [{ from: first, count: 1, coverage: high - low }];
  const spans: CoveredSpan[] = [];
  const innerFirst = Math.ceil(low);
  const innerLast = Math.floor(high);
  if (innerFirst > first) spans.push({ from: first, count: 1, coverage: innerFirst - low });
  if (innerLast > innerFirst) {
    spans.push({ from: innerFirst, count: innerLast - innerFirst, coverage: 1 });
  }
  if (last > innerLast) spans.push({ from: innerLast, count: 1, coverage: high - innerLast });
  return spans;
}

/** The share of pixel `index` the spans cover (0 outside them). */
export function coverageAt(spans: readonly CoveredSpan[], index: number): number {
  for (const span of spans) {
    if (index >= span.from && index < span.from + span.count) return span.coverage;
  }
  return 0;
}

/** The parts of [from, to) inside the spans, each with its span's coverage. */
export function eachCoveredRun(
  spans: readonly CoveredSpan[],
  from: number,
  to: number,
  visit: (from: number, count: number, coverage: number) => void,
): void {
  for (const span of spans) {
    const start = Math.max(from, span.from);
    const end = Math.min(to, span.from + span.count);
    if (end > start) visit(start, end - start, span.coverage);
  }
}

/** Coverage as the compositor's kernels take it: 0–256. */
export function coverageUnits(coverage: number): number {
  return Math.min(256, Math.round(coverage * 256));
}
