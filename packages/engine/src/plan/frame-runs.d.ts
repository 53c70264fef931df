import type { Scene } from './scene.ts';
/** Consecutive frames that look the same: painted once, sent to the encoder `length` times. */
export interface FrameRun {
  firstFrame: number;
  length: number;
}
/**
 * The video's frames grouped into runs of identical ones. The opening hold, the pauses of
 * a head turn and the end card repeat a state for many frames; painting each run once
 * saves a full-frame paint per repeat.
 */
export declare function frameRuns(scene: Scene): FrameRun[];
