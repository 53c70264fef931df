import { type FrameState } from './frame-state.ts';
import type { Scene } from './scene.ts';
export {
  phasesFor,
  type FrameState,
  type LabelState,
  type PanelState,
  type Phases,
  type TextRole,
  type TextState,
} from './frame-state.ts';
/** Two frames with equal keys have equal timeline states, so they paint the same pixels. */
export declare function frameStateKey(state: FrameState): string;
/**
 * The state of the video at time t (seconds): a pure function of the scene, computable for
 * any frame on its own, so the preview and the render agree frame for frame.
 */
export declare function evaluate(scene: Scene, t: number): FrameState;
/**
 * The largest on-screen size of one canonical pixel over the whole video, per panel (for
 * shrinking the photos once to what the frames need). Every frame is evaluated: cheap, and
 * exact for any template.
 */
export declare function largestPanelScales(scene: Scene): {
  before: number;
  after: number;
};
/** The cover (poster) moment: the proof, both faces whole with their badges, text faded in. */
export declare function coverSeconds(scene: Scene): number;
