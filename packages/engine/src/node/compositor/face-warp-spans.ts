// A moving face texture-mapped straight into the frame's memory: every moved triangle is
// sampled from the photo row by row by the compositor's bilinear sampler (frame-compositor.wat's
// warpTriangle), with the triangle's own affine transform, far to near, the same triangles
// (outlines grown by the same seam overlap) Canvas 2D fills in the preview (draw-face-warp.ts).
// A pixel is painted when its centre lies inside a triangle, without anti-aliasing: inside the
// face neighbouring triangles overlap by the seam margin, and at the moved area's rim the
// still photo underneath lies less than STILL_PX away from the warped one, so no edge shows.
// Pixels the panel's clip covers in part are mixed in that proportion, as Canvas 2D's clip does.
import { invertAffine, type Affine, type Point } from '../../geometry.ts';
import type { WarpTriangle } from '../../motion/draw-face-warp.ts';
import { coverageAt, eachCoveredRun, type ClipCoverage } from './clip-coverage.ts';
import type { CompositorKernels } from './compositor-kernels.ts';
import { sampleRun, type FrameInMemory, type PhotoInMemory } from './photo-sampling.ts';

/**
 * Paints the triangles from `photo` into the frame at `frame` (rows `rowBytes` apart), inside
 * `clip`. Returns how many it painted.
 */
export function warpTrianglesInto(
  kernels: CompositorKernels,
  photo: PhotoInMemory,
  frame: FrameInMemory,
  triangles: readonly WarpTriangle[],
  clip: ClipCoverage,
  outlineBuffer: OutlineBuffer,
): number {
  const top = clip.rows[0]?.from ?? 0;
  const bottom = clip.rows.reduce((end, span) => Math.max(end, span.from + span.count), top);
  const covered = coveredBox(clip);
  let painted = 0;
  for (const { transform, outline } of triangles) {
    let back: Affine;
    try {
      back = invertAffine(transform);
    } catch {
      continue;
    }
    const xs = outline.map((p) => p.x);
    const ys = outline.map((p) => p.y);
    if (
      outline.length <= OUTLINE_POINTS &&
      covered &&
      Math.floor(Math.min(...xs)) >= covered.left &&
      Math.ceil(Math.max(...xs)) <= covered.right &&
      Math.floor(Math.min(...ys)) >= covered.top &&
      Math.ceil(Math.max(...ys)) <= covered.bottom
    ) {
      // Wholly inside the clip's fully covered pixels: the whole triangle in one call.
      outline.forEach((point, k) => {
        outlineBuffer.points[k * 2] = point.x;
        outlineBuffer.points[k * 2 + 1] = point.y;
      });
      kernels.warpTriangle(
        photo.address,
        photo.width,
        photo.height,
        frame.address,
        frame.rowBytes,
        outlineBuffer.address,
        outline.length,
        back.a,
        back.b,
        back.c,
        back.d,
        back.e,
        back.f,
        covered.left,
        covered.top,
        covered.right,
        covered.bottom,
      );
      painted += 1;
      continue;
    }
    const firstRow = Math.max(top, Math.ceil(Math.min(...ys) - 0.5));
    const lastRow = Math.min(bottom, Math.ceil(Math.max(...ys) - 0.5));
    for (let row = firstRow; row < lastRow; row += 1) {
      const rowCoverage = coverageAt(clip.rows, row);
      const centreY = row + 0.5;
      const span = rowCoverage > 0 ? outlineSpan(outline, centreY) : null;
      if (!span) continue;
      eachCoveredRun(clip.columns, span[0], span[1], (from, count, coverage) =>
        sampleRun(kernels, photo, frame, back, {
          row,
          from,
          count,
          coverage: rowCoverage * coverage,
        }),
      );
    }
    painted += 1;
  }
  return painted;
}

/** The pixels of one row whose centres lie inside a convex outline: [left, right), or null. */
function outlineSpan(outline: readonly Point[], centreY: number): [number, number] | null {
  let left = Infinity;
  let right = -Infinity;
  for (let k = 0; k < outline.length; k += 1) {
    const p = outline[k];
    const q = outline[(k + 1) % outline.length];
    if (!p || !q) continue;
    if (p.y <= centreY === q.y <= centreY) continue;
    const x = p.x + ((centreY - p.y) * (q.x - p.x)) / (q.y - p.y);
    left = Math.min(left, x);
    right = Math.max(right, x);
  }
  if (right < left) return null;
  return [Math.ceil(left - 0.5), Math.ceil(right - 0.5)];
}

/**
 * Points a grown triangle's outline can have: each corner becomes one point, or two where the
 * corner is sharp (growTriangle).
 */
export const OUTLINE_POINTS = 6;

/** Where an outline's points are handed to the kernel: f64 x, y pairs in the kernels' memory. */
export interface OutlineBuffer {
  address: number;
  points: Float64Array;
}

export const OUTLINE_BUFFER_BYTES = OUTLINE_POINTS * 16;

/** The pixels the clip covers completely, or null when there are none. */
function coveredBox(
  clip: ClipCoverage,
): { left: number; top: number; right: number; bottom: number } | null {
  const rows = clip.rows.find((span) => span.coverage === 1);
  const columns = clip.columns.find((span) => span.coverage === 1);
  if (!rows || !columns) return null;
  return {
    left: columns.from,
    top: rows.from,
    right: columns.from + columns.count,
    bottom: rows.from + rows.count,
  };
}
