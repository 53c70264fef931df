import type { FaceRig } from './face-rig.ts';
import type { FaceMotionState } from './face-motion-schedule.ts';
export interface DeformedMesh {
    /** x, y per vertex, image pixels. */
    positions: Float64Array;
    /** Depth per vertex after the turn (larger is farther from the camera). */
    depth: Float64Array;
}
export declare function deformRig(rig: FaceRig, motion: FaceMotionState): DeformedMesh;
export declare function isStill(motion: FaceMotionState): boolean;
