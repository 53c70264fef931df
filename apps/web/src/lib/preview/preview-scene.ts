import { outputSizeFor, type PlanId } from '@glowreel/contracts';
import {
  buildProvenance,
  buildScene,
  faceSceneFields,
  coverSeconds,
  type Rect,
  type Scene,
  type SceneInput,
} from '@glowreel/engine';
import {
  chosenTemplate,
  type VideoBrandLook,
  type VideoFormOptions,
  type VideoTextFields,
} from '../videos-api.ts';
import type { PanelSplit } from './split-photo.ts';
import type { PreviewFaces } from './use-preview-faces.ts';

export interface PreviewSettings {
  options: VideoFormOptions;
  text: VideoTextFields;
  /** The accent and typeface the render will use (the brand kit's, or this video's edit). */
  look: VideoBrandLook;
  /** What the server puts on the end card when the clinic name is left empty. */
  fallbackClinicName: string;
  /** The user's plan: it sets the render's size, where the face-motion eye-distance rule is judged. */
  plan: PlanId;
}

/** What the scene needs from an analysed photo (AnalyzedPhoto has it all). */
export interface PreviewPhoto {
  width: number;
  height: number;
  split: PanelSplit;
  before: { width: number; height: number };
  after: { width: number; height: number };
  treatedArea: Rect;
}

export interface PreviewScene {
  scene: Scene;
  /** The render's own warnings about the faces, word for word; empty until faces were looked for. */
  faceWarnings: string[];
}

/** The render's warnings that are about faces (the others concern decoding and the split). */
const FACE_WARNING_CODES = new Set(['face_motion_skipped', 'no_face_alignment']);

const NO_FACE_FIELDS = { alignment: null, faceCenter: null, faces: null } as const;

/**
 * The scene the server would build for these choices. Until the preview has looked for the
 * faces (or when it cannot), it plays without them; once found, alignment, the zoom's focus
 * and face motion come from the same engine step the render uses. When the server renders with
 * face detection off, that step is taken as the render takes it: no faces, no alignment, the
 * focus in the middle. The layout is proportional, so the 720p size every plan shares draws
 * the same picture as a 1080p render; only the face-size rule depends on the size, so it is
 * judged at the plan's size, where the render judges it.
 */
export function buildPreviewScene(
  photo: PreviewPhoto,
  settings: PreviewSettings,
  hasLogo: boolean,
  faces: PreviewFaces | null,
): PreviewScene {
  const { options, text } = settings;
  const found = faces?.status === 'found' ? faces.faces : null;
  const isDetectionOff = faces?.status === 'off';
  const face =
    found || isDetectionOff
      ? faceSceneFields({
          before: found?.before,
          after: found?.after,
          autoAlign: options.autoAlign,
          wasDetectionRun: !isDetectionOff,
          panelSizes: { before: photo.before, after: photo.after },
        })
      : null;
  const input: SceneInput = {
    size: outputSizeFor('free', options.aspect),
    // The stated area keeps its pixels still and places the highlight, as in the render.
    options: {
      ...options,
      treatedArea: options.treatedArea ?? undefined,
      template: chosenTemplate(options),
    },
    beforeSize: { width: photo.before.width, height: photo.before.height },
    afterSize: { width: photo.after.width, height: photo.after.height },
    ...(face?.scene ?? NO_FACE_FIELDS),
    // Like the server: only the highlight effect looks for the treated area, and the pixel
    // difference is only the fallback when the face's landmarks cannot place it.
    treatedArea: options.emphasisEffect === 'hand_gesture' ? photo.treatedArea : null,
    burnedInLabels: photo.split.burnedInLabels,
    branding: {
      clinicName: text.clinicName.trim() || settings.fallbackClinicName,
      contact: text.contact.trim() || null,
      treatmentTitle: text.treatmentTitle.trim() || null,
      disclosure: text.disclosure,
      hasLogo,
      accentColor: settings.look.accentColor,
      typeface: settings.look.typeface,
    },
  };
  const preview = buildScene(input);
  const renderSize = outputSizeFor(settings.plan, options.aspect);
  const render =
    renderSize.width === preview.width && renderSize.height === preview.height
      ? preview
      : buildScene({ ...input, size: renderSize });
  // The face rigs are in panel pixels, whatever the output size, so the render's plan fits here.
  const scene: Scene = { ...preview, faceMotion: render.faceMotion };
  if (!face) return { scene, faceWarnings: [] };
  const provenance = buildProvenance({
    engineVersion: 'preview',
    scene: render,
    panels: photo.split,
    alignment: face.alignment,
    faces: {
      before: found?.before !== undefined,
      after: found?.after !== undefined,
      enabled: !isDetectionOff,
    },
    treatedArea: null,
    source: { width: photo.width, height: photo.height, format: 'preview' },
  });
  const faceWarnings = provenance.warnings
    .filter((warning) => FACE_WARNING_CODES.has(warning.code))
    .map((warning) => warning.message);
  return { scene, faceWarnings };
}

/** A moment in the side-by-side comparison: the still shown when motion is reduced. */
export function compareStillTime(scene: Scene): number {
  return coverSeconds(scene);
}
