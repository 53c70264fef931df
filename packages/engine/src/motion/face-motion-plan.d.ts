import type { PrimaryAnimation } from '@glowreel/contracts';
import type { FaceLandmarks } from '../faces/face-types.ts';
import { type FaceRig } from './face-rig.ts';
import { type FaceMotionKind } from './face-motion-schedule.ts';
/** Below this many output pixels between the eyes a warp has too little face to work with. */
export declare const MIN_MOTION_EYE_DISTANCE_PX = 120;
export type PanelName = 'before' | 'after';
export interface PanelFaceMotion {
    kind: FaceMotionKind;
    rig: FaceRig;
}
/** One line of the provenance record per panel. */
export interface FaceMotionRecord {
    panel: PanelName;
    requested: FaceMotionKind;
    applied: boolean;
    /** What was done, or why nothing was. */
    reason: string;
    /** Eye distance as shown in the video (largest on-screen size), when there is a face. */
    eyeDistancePx: number | null;
}
export interface SceneFaceMotion {
    before: PanelFaceMotion | null;
    after: PanelFaceMotion | null;
    records: FaceMotionRecord[];
}
export interface FaceMotionPlanInput {
    primaryAnimation: PrimaryAnimation;
    /** null when no face analysis ran (face detection off). */
    faces: {
        before: FaceLandmarks | null;
        after: FaceLandmarks | null;
    } | null;
    /** Output pixels per panel-photo pixel where each panel is shown largest. */
    displayScale: {
        before: number;
        after: number;
    };
}
export declare function planFaceMotion(input: FaceMotionPlanInput): SceneFaceMotion;
