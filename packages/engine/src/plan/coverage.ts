// The part of the canonical panel frame that both photos cover once the after photo is
// aligned: cropping every panel to it means no pixel from outside a photo (a backdrop wedge
// where the turned after photo ends) is ever shown.
import { applyAffine, type Affine, type Point, type Rect } from '../geometry.ts';

interface Size {
  width: number;
  height: number;
}

/**
 * How far inside its own edge (after-photo pixels) the after photo counts as covered: a
 * smoothed draw blends the outermost pixel with what lies beyond it, which shows as a dark
 * hairline along the edge of a turned or shrunk photo.
 */
export const RESAMPLING_EDGE = 1.5;

/** Rows tried for the rectangle's top and bottom: a loss of under 1 % of the height. */
const ROWS = 128;

/**
 * The largest axis-aligned rectangle (found to within 1 % of the height, always inside) of the
 * canonical frame — the before panel, `panelSize` — that the after photo also covers once
 * `afterTransform` (after-photo pixels → canonical) places it. Whole pixels.
 */
export function coverageRect(panelSize: Size, afterSize: Size, afterTransform: Affine): Rect {
  const panel = { x: 0, y: 0, width: panelSize.width, height: panelSize.height };
  const placed = corners({ x: 0, y: 0, ...afterSize }).map((p) => applyAffine(afterTransform, p));
  // A plain resize (no alignment) covers the frame exactly; its edges are the panel's own.
  if (corners(panel).every((p) => isInsideConvex(placed, p, 1e-6))) return panel;
  const inner = {
    x: RESAMPLING_EDGE,
    y: RESAMPLING_EDGE,
    width: afterSize.width - 2 * RESAMPLING_EDGE,
    height: afterSize.height - 2 * RESAMPLING_EDGE,
  };
  const covered = clipToRect(
    corners(inner).map((p) => applyAffine(afterTransform, p)),
    panel,
  );
  // An alignment maps eyes onto eyes, so the photos always share the face; an empty
  // overlap means no usable transform, and the whole frame is the honest answer.
  return largestInscribedRect(covered) ?? panel;
}

function corners(rect: Rect): Point[] {
  const { x, y, width, height } = rect;
  return [
    { x, y },
    { x: x + width, y },
    { x: x + width, y: y + height },
    { x, y: y + height },
  ];
}

/** Whether p is inside the convex polygon (either winding), allowing `slack` pixels. */
function isInsideConvex(polygon: Point[], p: Point, slack: number): boolean {
  let sign = 0;
  for (let i = 0; i < polygon.length; i += 1) {
    const a = polygon[i] as Point;
    const b = polygon[(i + 1) % polygon.length] as Point;
    const length = Math.hypot(b.x - a.x, b.y - a.y) || 1;
    const side = ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) / length;
    if (Math.abs(side) <= slack) continue;
    if (sign === 0) sign = Math.sign(side);
    else if (Math.sign(side) !== sign) return false;
  }
  return true;
}

/** Sutherland–Hodgman: the convex polygon cut to the rectangle. */
function clipToRect(polygon: Point[], rect: Rect): Point[] {
  const edges: { inside: (p: Point) => number }[] = [
    { inside: (p) => p.x - rect.x },
    { inside: (p) => rect.x + rect.width - p.x },
    { inside: (p) => p.y - rect.y },
    { inside: (p) => rect.y + rect.height - p.y },
  ];
  let result = polygon;
  for (const edge of edges) {
    const next: Point[] = [];
    for (let i = 0; i < result.length; i += 1) {
      const current = result[i] as Point;
      const previous = result[(i + result.length - 1) % result.length] as Point;
      const dc = edge.inside(current);
      const dp = edge.inside(previous);
      if (dc >= 0) {
        if (dp < 0) next.push(crossing(previous, current, dp, dc));
        next.push(current);
      } else if (dp >= 0) {
        next.push(crossing(previous, current, dp, dc));
      }
    }
    result = next;
  }
  return result;
}

function crossing(p: Point, q: Point, dp: number, dq: number): Point {
  const t = dp / (dp - dq);
  return { x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t };
}

/** The polygon's extent along the horizontal line at y, or null when the line misses it. */
function spanAt(polygon: Point[], y: number): { left: number; right: number } | null {
  let left = Infinity;
  let right = -Infinity;
  for (let i = 0; i < polygon.length; i += 1) {
    const a = polygon[i] as Point;
    const b = polygon[(i + 1) % polygon.length] as Point;
    if ((a.y - y) * (b.y - y) > 0) continue;
    const xs = a.y === b.y ? [a.x, b.x] : [a.x + ((y - a.y) / (b.y - a.y)) * (b.x - a.x)];
    for (const x of xs) {
      left = Math.min(left, x);
      right = Math.max(right, x);
    }
  }
  return left <= right ? { left, right } : null;
}

/**
 * For a convex polygon a rectangle is inside when its four corners are, and the widest it can
 * be between rows y0 and y1 is set by the polygon's spans at those two rows alone (the left
 * boundary is convex, the right concave). So trying every pair of sampled rows finds it.
 */
function largestInscribedRect(polygon: Point[]): Rect | null {
  if (polygon.length < 3) return null;
  const top = Math.min(...polygon.map((p) => p.y));
  const bottom = Math.max(...polygon.map((p) => p.y));
  const rows: { y: number; left: number; right: number }[] = [];
  for (let i = 0; i <= ROWS; i += 1) {
    const y = top + ((bottom - top) * i) / ROWS;
    const span = spanAt(polygon, y);
    if (span) rows.push({ y, ...span });
  }
  let best: Rect | null = null;
  let bestArea = 0;
  for (let i = 0; i < rows.length; i += 1) {
    for (let j = i + 1; j < rows.length; j += 1) {
      const upper = rows[i] as (typeof rows)[number];
      const lower = rows[j] as (typeof rows)[number];
      // Whole pixels, rounded inward, so the rectangle stays inside.
      const x0 = Math.ceil(Math.max(upper.left, lower.left));
      const x1 = Math.floor(Math.min(upper.right, lower.right));
      const y0 = Math.ceil(upper.y);
      const y1 = Math.floor(lower.y);
      const area = (x1 - x0) * (y1 - y0);
      if (x1 > x0 && y1 > y0 && area > bestArea) {
        bestArea = area;
        best = { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
      }
    }
  }
  return best;
}

/** Labels smaller than this share of the coverage are cropped off; larger ones are kept. */
const MAX_LABEL_CROP_LOSS = 0.35;

/**
 * The coverage with labels burned into the photos cropped off: for each label (canonical
 * pixels) the largest part of the rectangle above, below, left or right of it. Null when that
 * would lose too much of the photos (then the video leaves its own badges out instead).
 */
export function withoutLabels(coverage: Rect, labels: Rect[]): Rect | null {
  let kept = coverage;
  for (const label of labels) {
    const right = Math.min(kept.x + kept.width, label.x + label.width);
    const bottom = Math.min(kept.y + kept.height, label.y + label.height);
    const left = Math.max(kept.x, label.x);
    const top = Math.max(kept.y, label.y);
    if (right <= left || bottom <= top) continue;
    const candidates: Rect[] = [
      { ...kept, height: top - kept.y },
      { ...kept, y: bottom, height: kept.y + kept.height - bottom },
      { ...kept, width: left - kept.x },
      { ...kept, x: right, width: kept.x + kept.width - right },
    ];
    kept = candidates.reduce((best, next) =>
      next.width * next.height > best.width * best.height ? next : best,
    );
  }
  const loss = 1 - (kept.width * kept.height) / (coverage.width * coverage.height);
  return loss <= MAX_LABEL_CROP_LOSS ? kept : null;
}

/** The bounding box of a rectangle placed by `transform`. */
export function placedBounds(rect: Rect, transform: Affine): Rect {
  const points = corners(rect).map((p) => applyAffine(transform, p));
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}
