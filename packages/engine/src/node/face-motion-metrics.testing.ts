// Measurements the face-motion tests make on rendered pixels.
import { applyAffine, type Affine, type Point } from '../geometry.ts';
import { STILL_PX, triangleAffine } from '../motion/draw-face-warp.ts';
import type { FaceRig } from '../motion/face-rig.ts';
import { lumaAt, type Raster } from '../raster.ts';

export function isInsidePolygon(polygon: readonly Point[], p: Point): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i, i += 1) {
    const a = polygon[i];
    const b = polygon[j];
    if (!a || !b) continue;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) {
      inside = !inside;
    }
  }
  return inside;
}

function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length2 = dx * dx + dy * dy || 1;
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

export function distanceToPolygon(polygon: readonly Point[], p: Point): number {
  let best = Infinity;
  for (let i = 0; i < polygon.length; i += 1) {
    const a = polygon[i];
    const b = polygon[(i + 1) % polygon.length];
    if (a && b) best = Math.min(best, distanceToSegment(p, a, b));
  }
  return best;
}

/** Signed distance of p inside triangle abc (positive inside), the smallest over its edges. */
function insideDepth(tri: readonly Point[], p: Point): number {
  const [a, b, c] = tri;
  if (!a || !b || !c) return -Infinity;
  const area = (b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y);
  const sign = area >= 0 ? 1 : -1;
  let depth = Infinity;
  for (const [u, v] of [
    [a, b],
    [b, c],
    [c, a],
  ] as const) {
    const length = Math.hypot(v.x - u.x, v.y - u.y) || 1;
    const cross = ((v.x - u.x) * (p.y - u.y) - (v.y - u.y) * (p.x - u.x)) / length;
    depth = Math.min(depth, sign * cross);
  }
  return depth;
}

function corners(rig: FaceRig, t: number, at: (v: number) => Point): Point[] {
  return [0, 1, 2].map((k) => at(rig.triangles[t + k] ?? 0));
}

/** The triangles the warp redraws (at output scale 1): those with a corner moved beyond STILL_PX. */
function movedTriangles(rig: FaceRig, positions: Float64Array): number[] {
  const out: number[] = [];
  for (let t = 0; t < rig.triangles.length; t += 3) {
    const moved = [0, 1, 2].some((k) => {
      const v = rig.triangles[t + k] ?? 0;
      return (
        Math.hypot(
          (positions[v * 2] ?? 0) - (rig.rest[v * 3] ?? 0),
          (positions[v * 2 + 1] ?? 0) - (rig.rest[v * 3 + 1] ?? 0),
        ) > STILL_PX
      );
    });
    if (moved) out.push(t);
  }
  return out;
}

/**
 * Pixels well inside the area the moved triangles cover (2 px from its outline) that show
 * the magenta underneath: gaps between triangles.
 */
export function seamContamination(
  raster: Raster,
  rig: FaceRig,
  positions: Float64Array,
): { checked: number; contaminated: number } {
  const { width, height } = raster;
  const covered = new Uint8Array(width * height);
  const at = (v: number) => ({ x: positions[v * 2] ?? 0, y: positions[v * 2 + 1] ?? 0 });
  for (const t of movedTriangles(rig, positions)) {
    const tri = corners(rig, t, at);
    const x0 = Math.max(0, Math.floor(Math.min(...tri.map((p) => p.x))));
    const x1 = Math.min(width - 1, Math.ceil(Math.max(...tri.map((p) => p.x))));
    const y0 = Math.max(0, Math.floor(Math.min(...tri.map((p) => p.y))));
    const y1 = Math.min(height - 1, Math.ceil(Math.max(...tri.map((p) => p.y))));
    for (let y = y0; y <= y1; y += 1) {
      for (let x = x0; x <= x1; x += 1) {
        if (insideDepth(tri, { x: x + 0.5, y: y + 0.5 }) >= 0) covered[y * width + x] = 1;
      }
    }
  }
  let checked = 0;
  let contaminated = 0;
  for (let y = 2; y < height - 2; y += 1) {
    for (let x = 2; x < width - 2; x += 1) {
      let interior = true;
      for (let dy = -2; dy <= 2 && interior; dy += 1) {
        for (let dx = -2; dx <= 2 && interior; dx += 1) {
          if (!covered[(y + dy) * width + x + dx]) interior = false;
        }
      }
      if (!interior) continue;
      checked += 1;
      const i = (y * width + x) * 4;
      const r = raster.data[i] ?? 0;
      const g = raster.data[i + 1] ?? 0;
      const b = raster.data[i + 2] ?? 0;
      if (r - g > 6 && b - g > 6) contaminated += 1;
    }
  }
  return { checked, contaminated };
}

function highFrequencyEnergy(
  raster: Raster,
  tri: readonly Point[],
): { energy: number; count: number } {
  const x0 = Math.max(1, Math.floor(Math.min(...tri.map((p) => p.x))));
  const x1 = Math.min(raster.width - 2, Math.ceil(Math.max(...tri.map((p) => p.x))));
  const y0 = Math.max(1, Math.floor(Math.min(...tri.map((p) => p.y))));
  const y1 = Math.min(raster.height - 2, Math.ceil(Math.max(...tri.map((p) => p.y))));
  let sum = 0;
  let count = 0;
  for (let y = y0; y <= y1; y += 1) {
    for (let x = x0; x <= x1; x += 1) {
      if (insideDepth(tri, { x: x + 0.5, y: y + 0.5 }) < 2) continue;
      const laplacian =
        4 * lumaAt(raster, x, y) -
        lumaAt(raster, x - 1, y) -
        lumaAt(raster, x + 1, y) -
        lumaAt(raster, x, y - 1) -
        lumaAt(raster, x, y + 1);
      sum += Math.abs(laplacian);
      count += 1;
    }
  }
  return { energy: count > 0 ? sum / count : 0, count };
}

/**
 * High-frequency energy (mean |Laplacian| of luma) of each moved triangle in the frame,
 * divided by that of its source triangle in the still frame (drawn with the same placement). Only triangles the motion neither
 * stretches nor squeezes by more than 8 % are compared (resizing changes frequencies by itself).
 */
export function checkTexture(
  still: Raster,
  moved: Raster,
  rig: FaceRig,
  positions: Float64Array,
  imageToOutput: Affine,
): { triangles: number; median: number; worst: number } {
  const ratios: number[] = [];
  const rest = (v: number) =>
    applyAffine(imageToOutput, { x: rig.rest[v * 3] ?? 0, y: rig.rest[v * 3 + 1] ?? 0 });
  const now = (v: number) =>
    applyAffine(imageToOutput, { x: positions[v * 2] ?? 0, y: positions[v * 2 + 1] ?? 0 });
  for (const t of movedTriangles(rig, positions)) {
    const from = corners(rig, t, rest);
    const to = corners(rig, t, now);
    const m = triangleAffine(
      from.flatMap((p) => [p.x, p.y]),
      to.flatMap((p) => [p.x, p.y]),
    );
    if (!m) continue;
    // Singular values of the linear part.
    const s1 = m.a * m.a + m.b * m.b + m.c * m.c + m.d * m.d;
    const s2 = Math.sqrt((s1 / 2) ** 2 - (m.a * m.d - m.b * m.c) ** 2);
    const high = Math.sqrt(s1 / 2 + s2);
    const low = Math.sqrt(Math.max(0, s1 / 2 - s2));
    if (high > 1.08 || low < 0.92) continue;
    const before = highFrequencyEnergy(still, from);
    const after = highFrequencyEnergy(moved, to);
    if (before.count < 80 || after.count < 80 || before.energy < 0.5) continue;
    ratios.push(after.energy / before.energy);
  }
  ratios.sort((p, q) => p - q);
  const median = ratios[Math.floor(ratios.length / 2)] ?? 0;
  const worst = ratios.reduce((w, r) => (Math.abs(r - 1) > Math.abs(w - 1) ? r : w), 1);
  return { triangles: ratios.length, median, worst };
}
