import type { FaceLandmarks } from '@glowreel/engine';
import { useEffect, useState } from 'react';
import { canvasToRaster } from './decode-photo.ts';
import { loadPreviewFaceDetector } from './preview-face-detector.ts';
import type { AnalyzedPhoto } from './split-photo.ts';

/** The faces found in a photo's panels, in each panel's own pixels (as the render finds them). */
export interface PanelFaces {
  before: FaceLandmarks | undefined;
  after: FaceLandmarks | undefined;
}

export type PreviewFaces =
  | { status: 'finding' }
  | { status: 'found'; faces: PanelFaces }
  /** The face model could not load or run in this browser; the render still finds faces. */
  | { status: 'unavailable' }
  /** The server renders with face detection off (FACE_DETECTION=false): nobody looks for faces. */
  | { status: 'off' };

// One object each, so the scene built from them is not rebuilt on every render.
const FINDING: PreviewFaces = { status: 'finding' };
const OFF: PreviewFaces = { status: 'off' };

/**
 * Finds the face in each full-resolution panel of the chosen photo, like the render does.
 * The face model loads on the first photo only; a newer photo drops an older one's result.
 * `faceDetection` is the server's setting (null while unknown): when it is off, the model is
 * never loaded, because the render will not look for faces either.
 */
export function usePreviewFaces(
  photo: AnalyzedPhoto | null,
  faceDetection: boolean | null,
): PreviewFaces | null {
  const [result, setResult] = useState<{ photo: AnalyzedPhoto; faces: PreviewFaces } | null>(null);
  const isLooking = faceDetection === true;

  useEffect(() => {
    if (!photo || !isLooking) return;
    let isCurrent = true;
    findPanelFaces(photo).then(
      (faces) => {
        if (isCurrent) setResult({ photo, faces: { status: 'found', faces } });
      },
      (error: unknown) => {
        console.warn('Face detection is unavailable in the preview', error);
        if (isCurrent) setResult({ photo, faces: { status: 'unavailable' } });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [photo, isLooking]);

  if (!photo) return null;
  if (faceDetection === false) return OFF;
  return result?.photo === photo ? result.faces : FINDING;
}

async function findPanelFaces(photo: AnalyzedPhoto): Promise<PanelFaces> {
  const detector = await loadPreviewFaceDetector();
  // One panel at a time, like the render (the detector queues calls anyway).
  const before = await detector.detect(canvasToRaster(photo.before));
  const after = await detector.detect(canvasToRaster(photo.after));
  return { before, after };
}
