// Paints a moving face: every triangle of the rig whose corners moved is texture-mapped from
// the original photo with one affine transform (the Canvas 2D interface has nothing else, and
// an affine map only moves pixels: no colour is changed, nothing is synthesised). Triangles
// that did not move are left to the unwarped panel drawn underneath.
import type { Canvas2D } from '../paint/canvas.ts';
import {
  applyAffine,
  composeAffine,
  invertAffine,
  type Affine,
  type Point,
  type Rect,
} from '../geometry.ts';
import { deformRig } from './face-deform.ts';
import type { FaceMotionState } from './face-motion-schedule.ts';
import type { FaceRig } from './face-rig.ts';

/**
 * Below this (output pixels) a vertex counts as not moved: the far tails of the expression
 * fields are cut off there, so fewer triangles redraw, and a 0.25 px step cannot be seen.
 */
export const STILL_PX = 0.25;
/**
 * Clip paths are anti-aliased: two triangles meeting on an edge each cover a pixel only
 * partly and the unwarped panel shows through the seam. Growing each clip by this much
 * (output pixels) makes neighbours overlap instead.
 */
export const SEAM_OVERLAP_PX = 0.75;
/** Source triangles thinner than this (image pixels²) cannot define a transform. */
const MIN_SOURCE_AREA = 0.25;

/** The affine transform taking triangle (s0, s1, s2) onto (d0, d1, d2); null when degenerate. */
export function triangleAffine(s: readonly number[], d: readonly number[]): Affine | null {
  const [s0x = 0, s0y = 0, s1x = 0, s1y = 0, s2x = 0, s2y = 0] = s;
  const [d0x = 0, d0y = 0, d1x = 0, d1y = 0, d2x = 0, d2y = 0] = d;
  const ux = s1x - s0x;
  const uy = s1y - s0y;
  const vx = s2x - s0x;
  const vy = s2y - s0y;
  const det = ux * vy - vx * uy;
  if (Math.abs(det) < 2 * MIN_SOURCE_AREA) return null;
  const px = d1x - d0x;
  const py = d1y - d0y;
  const qx = d2x - d0x;
  const qy = d2y - d0y;
  const a = (px * vy - qx * uy) / det;
  const b = (py * vy - qy * uy) / det;
  const c = (qx * ux - px * vx) / det;
  const dd = (qy * ux - py * vx) / det;
  return { a, b, c, d: dd, e: d0x - (a * s0x + c * s0y), f: d0y - (b * s0x + dd * s0y) };
}

/**
 * The triangle with every edge moved outward by `by`, so neighbours overlap by that much
 * along every edge. Corners are mitred; a sharp corner (whose miter would reach far past the
 * triangle) is bevelled instead, so nothing is drawn more than 2 × `by` beyond a corner.
 */
export function growTriangle(corners: readonly Point[], by: number): Point[] {
  if (by === 0) return [...corners];
  const [a, b, c] = corners;
  if (!a || !b || !c) return [...corners];
  // Outward normals depend on the winding (y points down on screen).
  const area = (b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y);
  const sign = area >= 0 ? 1 : -1;
  const normal = (p: Point, q: Point): Point => {
    const length = Math.hypot(q.x - p.x, q.y - p.y) || 1;
    return { x: (sign * (q.y - p.y)) / length, y: (sign * -(q.x - p.x)) / length };
  };
  const edges = [normal(a, b), normal(b, c), normal(c, a)];
  const out: Point[] = [];
  corners.forEach((p, k) => {
    const before = edges[(k + 2) % 3] ?? { x: 0, y: 0 };
    const after = edges[k] ?? { x: 0, y: 0 };
    const cosHalf = Math.sqrt(Math.max(0, (1 + before.x * after.x + before.y * after.y) / 2));
    if (cosHalf > 0.5) {
      // Along the bisector, by / cos(half the angle between the normals) keeps both edges at `by`.
      const sum = { x: before.x + after.x, y: before.y + after.y };
      const length = Math.hypot(sum.x, sum.y) || 1;
      const reach = by / cosHalf;
      out.push({ x: p.x + (sum.x / length) * reach, y: p.y + (sum.y / length) * reach });
    } else {
      out.push({ x: p.x + before.x * by, y: p.y + before.y * by });
      out.push({ x: p.x + after.x * by, y: p.y + after.y * by });
    }
  });
  return out;
}

export interface FaceWarpOptions {
  /** Output pixels each triangle grows by to hide anti-aliased seams (tests set 0 to see them). */
  seamOverlapPx?: number;
}

export interface FaceWarpPlacement {
  /** Panel-photo pixels → output frame pixels (fit, zoom, alignment). */
  imageToOutput: Affine;
  /** Drawn-image pixels → panel-photo pixels (the asset may be a shrunk copy). */
  assetToImage: Affine;
}

// One pattern per context and image: creating one can copy the image (Chromium snapshots a
// canvas source), which would cost more than the triangles themselves if done every frame.
const patterns = new WeakMap<object, WeakMap<object, object>>();

function patternFor<T>(ctx: Canvas2D<T>, image: T): object | null {
  if (typeof image !== 'object' || image === null) return ctx.createPattern(image, 'no-repeat');
  let byImage = patterns.get(ctx);
  if (!byImage) {
    byImage = new WeakMap();
    patterns.set(ctx, byImage);
  }
  let pattern = byImage.get(image);
  if (!pattern) {
    pattern = ctx.createPattern(image, 'no-repeat') ?? undefined;
    if (pattern) byImage.set(image, pattern);
  }
  return pattern ?? null;
}

/** One moved triangle: its texture transform and its outline in output pixels (grown). */
export interface WarpTriangle {
  /** Asset pixels → output pixels for this triangle's texture. */
  transform: Affine;
  outline: Point[];
}

/** The triangles a frame redraws, far to near, with what drawing each one needs. */
export function movedTriangles(
  rig: FaceRig,
  motion: FaceMotionState,
  placement: FaceWarpPlacement,
  overlap: number,
): WarpTriangle[] {
  const { positions, depth } = deformRig(rig, motion);
  const toOut = placement.imageToOutput;
  const outScale = Math.sqrt(Math.abs(toOut.a * toOut.d - toOut.b * toOut.c));
  const count = rig.weight.length;
  const moved = new Uint8Array(count);
  for (let i = 0; i < count; i += 1) {
    const dx = (positions[i * 2] ?? 0) - (rig.rest[i * 3] ?? 0);
    const dy = (positions[i * 2 + 1] ?? 0) - (rig.rest[i * 3 + 1] ?? 0);
    moved[i] = Math.hypot(dx, dy) * outScale > STILL_PX ? 1 : 0;
  }
  const drawn: { t: number; depth: number }[] = [];
  const tris = rig.triangles;
  for (let t = 0; t < tris.length; t += 3) {
    const i = tris[t] ?? 0;
    const j = tris[t + 1] ?? 0;
    const k = tris[t + 2] ?? 0;
    if (!moved[i] && !moved[j] && !moved[k]) continue;
    drawn.push({ t, depth: (depth[i] ?? 0) + (depth[j] ?? 0) + (depth[k] ?? 0) });
  }
  // Far to near: where a turn folds the far cheek behind the nose, the near side wins.
  drawn.sort((p, q) => q.depth - p.depth);
  const triangles: WarpTriangle[] = [];
  for (const { t } of drawn) {
    const corners = [tris[t] ?? 0, tris[t + 1] ?? 0, tris[t + 2] ?? 0];
    const source = corners.flatMap((v) => [rig.rest[v * 3] ?? 0, rig.rest[v * 3 + 1] ?? 0]);
    const target = corners.flatMap((v) => [positions[v * 2] ?? 0, positions[v * 2 + 1] ?? 0]);
    const warp = triangleAffine(source, target);
    if (!warp) continue;
    const out = [0, 1, 2].map((n) =>
      applyAffine(toOut, { x: target[n * 2] ?? 0, y: target[n * 2 + 1] ?? 0 }),
    );
    triangles.push({
      transform: composeAffine(toOut, composeAffine(warp, placement.assetToImage)),
      outline: growTriangle(out, overlap),
    });
  }
  return triangles;
}

/**
 * The output pixels a face warp can touch: the box of every triangle drawFaceWarp would draw
 * for this motion (outlines grown as drawn), or null when none moves.
 */
export function faceWarpBounds(
  rig: FaceRig,
  motion: FaceMotionState,
  placement: FaceWarpPlacement,
  options: FaceWarpOptions = {},
): Rect | null {
  const triangles = movedTriangles(
    rig,
    motion,
    placement,
    options.seamOverlapPx ?? SEAM_OVERLAP_PX,
  );
  const points = triangles.flatMap((triangle) => triangle.outline);
  if (points.length === 0) return null;
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const left = Math.min(...xs);
  const top = Math.min(...ys);
  return { x: left, y: top, width: Math.max(...xs) - left, height: Math.max(...ys) - top };
}

/**
 * Draws the moved triangles; returns how many were drawn (for tests and the benchmark).
 * Each triangle is filled with the photo as a pattern under the triangle's own transform:
 * one fill per triangle, no clip (clipping per triangle costs several times more).
 */
export function drawFaceWarp<T>(
  ctx: Canvas2D<T>,
  image: T,
  rig: FaceRig,
  motion: FaceMotionState,
  placement: FaceWarpPlacement,
  options: FaceWarpOptions = {},
): number {
  const overlap = options.seamOverlapPx ?? SEAM_OVERLAP_PX;
  const triangles = movedTriangles(rig, motion, placement, overlap);
  const pattern = patternFor(ctx, image);
  if (!pattern) return 0;
  ctx.save();
  ctx.fillStyle = pattern;
  let count = 0;
  for (const { transform: m, outline } of triangles) {
    let back: Affine;
    try {
      back = invertAffine(m);
    } catch {
      continue;
    }
    // The path is given in the photo's own (asset) pixels, under the triangle's transform,
    // so the pattern lands where the triangle's texture belongs.
    ctx.setTransform(m.a, m.b, m.c, m.d, m.e, m.f);
    ctx.beginPath();
    outline.forEach((p, n) => {
      const q = applyAffine(back, p);
      if (n === 0) ctx.moveTo(q.x, q.y);
      else ctx.lineTo(q.x, q.y);
    });
    ctx.closePath();
    ctx.fill();
    count += 1;
  }
  ctx.restore();
  return count;
}
