// The one step from "the faces found in each panel" to the scene fields that use them. The
// server render and the browser preview both call it, so they align, focus and move the
// same faces in the same way.
import { IDENTITY } from '../geometry.ts';
import { resizeTransform, type SceneInput } from '../plan/build-scene.ts';
import { planAlignment, type AlignmentOutcome } from './alignment.ts';
import type { FaceLandmarks } from './face-types.ts';

interface Size {
  width: number;
  height: number;
}

export interface FaceSceneFieldsInput {
  /** The most prominent face in each panel, in that panel's own pixels; undefined when none. */
  before: FaceLandmarks | undefined;
  after: FaceLandmarks | undefined;
  /** The user's auto-align option. */
  autoAlign: boolean;
  /** False when face detection did not run at all (then no face motion is planned either). */
  wasDetectionRun: boolean;
  /**
   * Each panel's size, so the faces are compared where the scene shows them unaligned (the
   * after panel resized onto the before panel's frame). Omitted means the same size.
   */
  panelSizes?: { before: Size; after: Size };
}

export interface FaceSceneFields {
  /** Whether and how the after panel is aligned, with the reason when it is not (for provenance). */
  alignment: AlignmentOutcome;
  /** What buildScene takes from the faces. */
  scene: Pick<SceneInput, 'alignment' | 'faceCenter' | 'faces'>;
}

export function faceSceneFields(input: FaceSceneFieldsInput): FaceSceneFields {
  const { before, after } = input;
  const unaligned = input.panelSizes
    ? resizeTransform(input.panelSizes.after, input.panelSizes.before)
    : IDENTITY;
  const alignment = planAlignment(before, after, input.autoAlign, unaligned);
  // Zooms push toward the middle of the before face (the panel everything is drawn in).
  const faceCenter = before
    ? { x: before.box.x + before.box.width / 2, y: before.box.y + before.box.height / 2 }
    : null;
  return {
    alignment,
    scene: {
      alignment: alignment.applied ? alignment.transform : null,
      faceCenter,
      faces: input.wasDetectionRun ? { before: before ?? null, after: after ?? null } : null,
    },
  };
}
