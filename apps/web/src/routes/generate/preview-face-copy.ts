import type { PreviewFaces } from '../../lib/preview/use-preview-faces.ts';
import { GENERATE_TEXT } from './generate-copy.ts';

// What /generate says about faces when the server renders with FACE_DETECTION=false: the render
// neither aligns nor moves faces and zooms toward the middle, so nothing here may promise it.
export const FACE_DETECTION_OFF_TEXT = {
  status:
    'Face detection is turned off on this Glowreel server, so neither your render nor this preview aligns or moves faces.',
  previewNote:
    'Face detection is turned off on this Glowreel server: the render does not look for faces, so it does not align the after photo by the eyes or move a face, and zooms push toward the middle of the photo. The preview shows exactly that.',
  motionNote:
    'Face detection is turned off on this Glowreel server, so the chosen animation is not applied: both faces stay still, the after photo is not aligned by the eyes, and zooms push toward the middle of the photo. Your result says so too.',
  highlightNote:
    'Circles the treated area with a pulsing outline (no synthesized hands); with face detection off, the faces stay still while it plays.',
} as const;

/** The note under the animation choice; null (not known yet) keeps the usual note. */
export function faceMotionNote(faceDetection: boolean | null): string {
  return faceDetection === false
    ? FACE_DETECTION_OFF_TEXT.motionNote
    : GENERATE_TEXT.faceMotionNote;
}

/** The note under the highlight effect: it plays alongside face motion only where there is any. */
export function highlightNote(faceDetection: boolean | null): string {
  return faceDetection === false
    ? FACE_DETECTION_OFF_TEXT.highlightNote
    : GENERATE_TEXT.handGestureNote;
}

/**
 * The preview's face status line, or null when the render's own warnings should be listed
 * instead (faces were checked and something will keep still).
 */
export function describePreviewFaces(faces: PreviewFaces, warnings: string[]): string | null {
  switch (faces.status) {
    case 'finding':
      return 'Finding faces…';
    case 'unavailable':
      return 'The face model could not load in this browser, so the preview plays without face alignment and face motion. Your render finds the faces and adds them.';
    case 'off':
      return FACE_DETECTION_OFF_TEXT.status;
    case 'found':
      return warnings.length === 0
        ? 'Faces found: the preview aligns, frames and moves them as your render will.'
        : null;
  }
}
