import type { SceneInput } from '../plan/build-scene.ts';
import { type AlignmentOutcome } from './alignment.ts';
import type { FaceLandmarks } from './face-types.ts';
export interface FaceSceneFieldsInput {
  /** The most prominent face in each panel, in that panel's own pixels; undefined when none. */
  before: FaceLandmarks | undefined;
  after: FaceLandmarks | undefined;
  /** The user's auto-align option. */
  autoAlign: boolean;
  /** False when face detection did not run at all (then no face motion is planned either). */
  wasDetectionRun: boolean;
}
export interface FaceSceneFields {
  /** Whether and how the after panel is aligned, with the reason when it is not (for provenance). */
  alignment: AlignmentOutcome;
  /** What buildScene takes from the faces. */
  scene: Pick<SceneInput, 'alignment' | 'faceCenter' | 'faces'>;
}
export declare function faceSceneFields(input: FaceSceneFieldsInput): FaceSceneFields;
