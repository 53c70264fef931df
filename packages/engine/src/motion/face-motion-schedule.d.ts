import type { MotionSpeed } from '@glowreel/contracts';
export type FaceMotionKind = 'head_turn' | 'smile' | 'surprise' | 'blink';
/** What a panel's face does at one moment; plain data inside the frame state. */
export interface FaceMotionState {
    /** Head turn about the vertical axis, degrees; positive turns the nose toward the image's right. */
    yawDegrees: number;
    smile: number;
    surprise: number;
    /** 0 = eyes as photographed, 1 = closed. */
    blink: number;
}
export declare const HEAD_TURN_DEGREES = 15;
export interface MotionTiming {
    motionSpeed: MotionSpeed;
    /** When the end card starts (motion must be done by then). */
    endCardStart: number;
}
export declare function headTurnDegrees(timing: MotionTiming, t: number): number;
/** Neutral → gentle smile over 2.5 s (at normal speed), then held. */
export declare function smileAmount(timing: MotionTiming, t: number): number;
/** Brows rise and eyes widen over 1.2 s (at normal speed), then held. */
export declare function surpriseAmount(timing: MotionTiming, t: number): number;
/** Two blinks in 8 s at most, at different moments in the two panels so they never look synced. */
export declare const BLINK_TIMES: Record<'before' | 'after', readonly [number, number]>;
export declare function blinkAmount(panel: 'before' | 'after', t: number): number;
export declare function faceMotionAt(kind: FaceMotionKind, panel: 'before' | 'after', timing: MotionTiming, t: number): FaceMotionState;
