import type { Canvas2D } from '../canvas.ts';
import { type Affine } from '../geometry.ts';
import type { FaceMotionState } from './face-motion-schedule.ts';
import type { FaceRig } from './face-rig.ts';
/** The affine transform taking triangle (s0, s1, s2) onto (d0, d1, d2); null when degenerate. */
export declare function triangleAffine(s: readonly number[], d: readonly number[]): Affine | null;
export interface FaceWarpPlacement {
    /** Panel-photo pixels → output frame pixels (fit, zoom, alignment). */
    imageToOutput: Affine;
    /** Drawn-image pixels → panel-photo pixels (the asset may be a shrunk copy). */
    assetToImage: Affine;
}
/** Draws the moved triangles; returns how many were drawn (for tests and the benchmark). */
export declare function drawFaceWarp<T>(ctx: Canvas2D<T>, image: T, rig: FaceRig, motion: FaceMotionState, placement: FaceWarpPlacement): number;
