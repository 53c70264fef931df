// Which parts of the frame a photo panel paints over completely, so what lies under them (the
// backdrop's gradient, a full-frame fill) need not be painted first. Only whole pixels count
// that the panel covers with its clip and its image on every side: there the photo's opaque
// pixels replace whatever was under them, so leaving the backdrop out changes no pixel.
import { applyAffine, type Affine, type Point, type Rect } from '../geometry.ts';

/**
 * Extra distance (output pixels) the image must reach past a pixel for the pixel to count as
 * covered: rounding in the asset's shrunk size or in the transform must not turn a pixel the
 * image only half covers (blended with the backdrop) into a covered one.
 */
const COVER_MARGIN_PX = 1;

/**
 * The largest whole-pixel rectangle inside `clip` that an image of `size` drawn through
 * `assetToOutput` covers on every side, or null when none does.
 */
export function opaqueRect(
  clip: Rect,
  assetToOutput: Affine,
  size: { width: number; height: number },
): Rect | null {
  const left = Math.ceil(clip.x);
  const top = Math.ceil(clip.y);
  const right = Math.floor(clip.x + clip.width);
  const bottom = Math.floor(clip.y + clip.height);
  if (right <= left || bottom <= top) return null;
  const quad = [
    { x: 0, y: 0 },
    { x: size.width, y: 0 },
    { x: size.width, y: size.height },
    { x: 0, y: size.height },
  ].map((corner) => applyAffine(assetToOutput, corner));
  const corners = [
    { x: left, y: top },
    { x: right, y: top },
    { x: right, y: bottom },
    { x: left, y: bottom },
  ];
  return corners.every((corner) => insideConvex(quad, corner, COVER_MARGIN_PX))
    ? { x: left, y: top, width: right - left, height: bottom - top }
    : null;
}

/** True when `point` lies inside the convex polygon `quad`, at least `margin` from each edge. */
function insideConvex(quad: Point[], point: Point, margin: number): boolean {
  // Which side of its edges the inside is depends on the winding (a mirroring transform flips it).
  let area = 0;
  quad.forEach((p, k) => {
    const q = quad[(k + 1) % quad.length] ?? p;
    area += p.x * q.y - q.x * p.y;
  });
  const sign = Math.sign(area);
  if (sign === 0) return false;
  for (let k = 0; k < quad.length; k += 1) {
    const p = quad[k];
    const q = quad[(k + 1) % quad.length];
    if (!p || !q) return false;
    const length = Math.hypot(q.x - p.x, q.y - p.y);
    if (length === 0) return false;
    // Signed distance of the point from the edge's line (positive on one side).
    const distance = ((q.x - p.x) * (point.y - p.y) - (q.y - p.y) * (point.x - p.x)) / length;
    if (distance * sign < margin) return false;
  }
  return true;
}

/** `from` without `cut`: at most four rectangles that do not overlap. */
export function subtractRect(from: Rect, cut: Rect): Rect[] {
  const left = Math.max(from.x, cut.x);
  const top = Math.max(from.y, cut.y);
  const right = Math.min(from.x + from.width, cut.x + cut.width);
  const bottom = Math.min(from.y + from.height, cut.y + cut.height);
  if (right <= left || bottom <= top) return [from];
  const fromRight = from.x + from.width;
  const fromBottom = from.y + from.height;
  const pieces: Rect[] = [
    { x: from.x, y: from.y, width: from.width, height: top - from.y },
    { x: from.x, y: bottom, width: from.width, height: fromBottom - bottom },
    { x: from.x, y: top, width: left - from.x, height: bottom - top },
    { x: right, y: top, width: fromRight - right, height: bottom - top },
  ];
  return pieces.filter((piece) => piece.width > 0 && piece.height > 0);
}

/** The parts of `area` outside every rectangle of `cuts`, as rectangles that do not overlap. */
export function uncoveredRects(area: Rect, cuts: readonly Rect[]): Rect[] {
  let pieces = [area];
  for (const cut of cuts) pieces = pieces.flatMap((piece) => subtractRect(piece, cut));
  return pieces;
}
