import type { FrameState } from '../frame-state.ts';
import type { Scene } from '../scene.ts';
export declare function planReveal(scene: Scene, t: number): FrameState;
