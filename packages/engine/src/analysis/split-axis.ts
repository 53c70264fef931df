// The split detectors are written once for a vertical cut and reused for a horizontal
// one by walking the plane with strides, instead of transposing a full-size copy.
import type { Plane } from './split-plane.ts';

/** 'x': the cut is a column (side by side); 'y': the cut is a row (stacked). */
export type SplitAxis = 'x' | 'y';

/** A plane seen as `lines` parallel to the cut, each `length` pixels long. */
export interface OrientedPlane {
  data: Plane['data'];
  lines: number;
  length: number;
  /** Offset between line i and line i + 1. */
  lineStride: number;
  /** Offset between consecutive pixels of one line. */
  alongStride: number;
}

export function orient(plane: Plane, axis: SplitAxis): OrientedPlane {
  return axis === 'x'
    ? {
        data: plane.data,
        lines: plane.width,
        length: plane.height,
        lineStride: 1,
        alongStride: plane.width,
      }
    : {
        data: plane.data,
        lines: plane.height,
        length: plane.width,
        lineStride: plane.width,
        alongStride: 1,
      };
}

/** The range of line indices where a cut may lie: the central part of the axis. */
export function searchRange(lines: number, from = 0.3, to = 0.7): { lo: number; hi: number } {
  return {
    lo: Math.max(1, Math.floor(lines * from)),
    hi: Math.min(lines - 1, Math.ceil(lines * to)),
  };
}
