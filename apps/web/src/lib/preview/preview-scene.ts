import { outputSizeFor } from '@glowreel/contracts';
import { buildScene, phasesFor, type Scene } from '@glowreel/engine';
import type { VideoFormOptions, VideoTextFields } from '../videos-api.ts';
import type { AnalyzedPhoto } from './split-photo.ts';

export interface PreviewSettings {
  options: VideoFormOptions;
  text: VideoTextFields;
  /** What the server puts on the end card when the clinic name is left empty. */
  fallbackClinicName: string;
}

/**
 * The scene the server would build for these choices, minus what needs face detection
 * (alignment, the face centre zooms push toward). The layout is proportional, so the
 * 720p size every plan shares draws the same picture as a 1080p render.
 */
export function buildPreviewScene(
  photo: AnalyzedPhoto,
  settings: PreviewSettings,
  hasLogo: boolean,
): Scene {
  const { options, text } = settings;
  return buildScene({
    size: outputSizeFor('free', options.aspect),
    options,
    beforeSize: { width: photo.before.width, height: photo.before.height },
    afterSize: { width: photo.after.width, height: photo.after.height },
    alignment: null,
    faceCenter: null,
    // Like the server: only the highlight effect looks for the treated area.
    treatedArea: options.emphasisEffect === 'hand_gesture' ? photo.treatedArea : null,
    branding: {
      clinicName: text.clinicName.trim() || settings.fallbackClinicName,
      contact: text.contact.trim() || null,
      treatmentTitle: text.treatmentTitle.trim() || null,
      disclosure: text.disclosure,
      hasLogo,
    },
  });
}

/** A moment in the side-by-side comparison: the still shown when motion is reduced. */
export function compareStillTime(scene: Scene): number {
  const phases = phasesFor(scene);
  return (phases.splitEnd + phases.endCardStart) / 2;
}
