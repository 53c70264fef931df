// Where a treated area lies on one face: the convex patches of its landmark groups, in the
// pixels of the photo the face was found in, and the box around them (the highlight).
import type { TreatedAreaName } from '@glowreel/contracts';
import type { FaceLandmarks } from '../faces/face-types.ts';
import { applyAffine, type Affine, type Point, type Rect } from '../geometry.ts';
import { TREATED_AREA_REGIONS } from './treated-area-rules.ts';

export type Polygon = readonly Point[];

const cross = (o: Point, a: Point, b: Point) =>
  (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);

/** Andrew's monotone chain; counter-clockwise in y-up terms, without repeated end point. */
export function convexHull(points: readonly Point[]): Point[] {
  const sorted = [...points].sort((p, q) => p.x - q.x || p.y - q.y);
  if (sorted.length < 3) return sorted;
  const half = (list: Point[]) => {
    const out: Point[] = [];
    for (const p of list) {
      while (out.length >= 2 && cross(out[out.length - 2] as Point, out.at(-1) as Point, p) <= 0)
        out.pop();
      out.push(p);
    }
    out.pop();
    return out;
  };
  return [...half(sorted), ...half([...sorted].reverse())];
}

/** The treated area's patches on this face; empty for areas off the face (body, other). */
export function treatedRegionPolygons(face: FaceLandmarks, area: TreatedAreaName): Polygon[] {
  return TREATED_AREA_REGIONS[area].map((group) =>
    convexHull(
      group.flatMap((index) => {
        const point = face.mesh[index];
        return point ? [{ x: point[0], y: point[1] }] : [];
      }),
    ),
  );
}

/** The landmark box of the treated area (photo pixels), a little roomier; null off the face. */
export function treatedAreaBox(face: FaceLandmarks, area: TreatedAreaName): Rect | null {
  const points = treatedRegionPolygons(face, area).flat();
  if (points.length === 0) return null;
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const x0 = Math.min(...xs);
  const y0 = Math.min(...ys);
  const width = Math.max(...xs) - x0;
  const height = Math.max(...ys) - y0;
  // The highlight circles the area, so it gets a little air rather than touching its edges.
  const pad = 0.08 * Math.max(width, height);
  return { x: x0 - pad, y: y0 - pad, width: width + 2 * pad, height: height + 2 * pad };
}

function isInside(polygon: Polygon, p: Point): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i, i += 1) {
    const a = polygon[i] as Point;
    const b = polygon[j] as Point;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x)
      inside = !inside;
  }
  return inside;
}

function pointSegmentDistance(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length2 = dx * dx + dy * dy;
  const t =
    length2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

function segmentsCross(a: Point, b: Point, c: Point, d: Point): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  return d1 * d2 < 0 && d3 * d4 < 0;
}

const edges = (polygon: Polygon): [Point, Point][] =>
  polygon.map((p, i) => [p, polygon[(i + 1) % polygon.length] as Point]);

/** Whether two polygons overlap or come closer than `margin` to each other. */
export function arePolygonsWithin(a: Polygon, b: Polygon, margin: number): boolean {
  if (a.length === 0 || b.length === 0) return false;
  if (a.some((p) => b.length >= 3 && isInside(b, p))) return true;
  if (b.some((p) => a.length >= 3 && isInside(a, p))) return true;
  for (const [p, q] of edges(a)) {
    for (const [r, s] of edges(b)) {
      if (segmentsCross(p, q, r, s)) return true;
      const gap = Math.min(
        pointSegmentDistance(p, r, s),
        pointSegmentDistance(q, r, s),
        pointSegmentDistance(r, p, q),
        pointSegmentDistance(s, p, q),
      );
      if (gap <= margin) return true;
    }
  }
  return false;
}

/**
 * The highlight's rect in the canonical panel frame: the after face's landmark box of the
 * stated area, carried through the after photo's transform. Null without a face or a stated
 * area on the face (then the pixel difference is the fallback).
 */
export function statedTreatedAreaRect(
  afterFace: FaceLandmarks | null | undefined,
  area: TreatedAreaName | null | undefined,
  afterTransform: Affine,
): Rect | null {
  if (!afterFace || !area) return null;
  const box = treatedAreaBox(afterFace, area);
  if (!box) return null;
  const corners = [
    { x: box.x, y: box.y },
    { x: box.x + box.width, y: box.y },
    { x: box.x, y: box.y + box.height },
    { x: box.x + box.width, y: box.y + box.height },
  ].map((p) => applyAffine(afterTransform, p));
  const xs = corners.map((p) => p.x);
  const ys = corners.map((p) => p.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}
