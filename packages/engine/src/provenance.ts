import { ANIMATION_LABELS, DEFAULT_TYPEFACE } from '@glowreel/contracts';
import type { Rect } from './geometry.ts';
import type { Affine } from './geometry.ts';
import { leavesFrameUnfilled, templateContext } from './plan/templates/parts.ts';
import type { Scene } from './plan/scene.ts';

// Every transformation applied to the patient's photos, stored with the video and written
// into the MP4's metadata (DESIGN.md §1: authentic by construction, nothing silent).
export interface ProvenanceInput {
  engineVersion: string;
  scene: Scene;
  panels: {
    layout: string;
    before: Rect;
    after: Rect;
    confidence: number;
    isFallback: boolean;
    reason: string;
  };
  alignment:
    | {
        applied: true;
        transform: Affine;
        scale: number;
        rotationDegrees: number;
        translation: { x: number; y: number };
      }
    | { applied: false; reason: string };
  faces: { before: boolean; after: boolean; enabled: boolean };
  /** The pixel-difference guess, when it was computed (the highlight's fallback). */
  treatedArea: { rect: Rect; strength: number } | null;
  /** The clinic's consent record for the video, by id only; null when there is none. */
  consentId?: string | null;
  /**
   * The uploaded file's own size. `decodedAt` is the size it was decoded at for this video when
   * that was smaller (see renderDecodeSide): the split and the alignment are in its pixels.
   */
  source: {
    width: number;
    height: number;
    format: string;
    decodedAt?: { width: number; height: number };
  };
}

export interface Provenance {
  engineVersion: string;
  summary: string;
  output: { width: number; height: number; fps: number; durationSeconds: number; aspect: string };
  options: {
    template: string;
    primaryAnimation: string;
    emphasisEffect: string;
    motionSpeed: string;
  };
  source: ProvenanceInput['source'];
  split: ProvenanceInput['panels'];
  transforms: { panel: 'before' | 'after'; kind: string; detail: unknown }[];
  faceMotion: {
    requested: string;
    /** True when at least one panel's face moves. */
    applied: boolean;
    panels: {
      panel: 'before' | 'after';
      motion: string;
      applied: boolean;
      reason: string;
      eyeDistancePx: number | null;
    }[];
  };
  /** DESIGN.md D16: the stated treated area, and what face motion left out or held still for it. */
  treatedArea: {
    area: string | null;
    /** Motions left out because they would move it, e.g. "after blink". */
    withheld: string[];
    /** Motions applied with the area pinned, e.g. "after smile". */
    heldStill: string[];
  };
  pixelPolicy: string;
  /** The consent record the video was made under, by reference: its id, never personal data. */
  consent: { id: string } | null;
  /** The brand kit's look drawn on the video (issue #16 §5); the clinic's own choices, no patient data. */
  branding: { accentColor: string; typeface: string; hasLogo: boolean };
  warnings: { code: string; message: string }[];
}

const round = (value: number) => Math.round(value * 10_000) / 10_000;

export function buildProvenance(input: ProvenanceInput): Provenance {
  const { scene } = input;
  const transforms: Provenance['transforms'] = [
    { panel: 'before', kind: 'crop', detail: input.panels.before },
    { panel: 'after', kind: 'crop', detail: input.panels.after },
  ];
  const warnings: Provenance['warnings'] = [];
  if (input.alignment.applied) {
    const { transform, scale, rotationDegrees, translation } = input.alignment;
    transforms.push({
      panel: 'after',
      kind: 'align',
      detail: {
        matrix: [transform.a, transform.b, transform.c, transform.d, transform.e, transform.f].map(
          round,
        ),
        scale: round(scale),
        rotationDegrees: round(rotationDegrees),
        translation: { x: round(translation.x), y: round(translation.y) },
      },
    });
  } else {
    transforms.push({
      panel: 'after',
      kind: 'resize-to-before',
      detail: { reason: input.alignment.reason },
    });
    if (input.faces.enabled && (!input.faces.before || !input.faces.after)) {
      warnings.push({
        code: 'no_face_alignment',
        message: `Rendered without face alignment: ${input.alignment.reason}.`,
      });
    }
  }
  // Every template pushes in slowly on the shown photos; "subtle zoom" pushes further.
  const push = scene.emphasisEffect === 'subtle_zoom' ? 1.12 : 1.06;
  for (const panel of ['before', 'after'] as const) {
    transforms.push({
      panel,
      kind: 'zoom',
      detail: { from: 1, to: push, toward: scene.subject, template: scene.template },
    });
  }
  const framings = templateContext(scene);
  if (leavesFrameUnfilled(framings)) {
    warnings.push({
      code: 'photo_too_small_to_fill',
      message:
        'The photos have too few pixels to fill the frame without enlarging them more than 2×, so they are shown smaller than the frame.',
    });
  }
  for (const record of scene.faceMotion.records) {
    const motion = scene.faceMotion[record.panel];
    if (record.applied && motion) {
      transforms.push({
        panel: record.panel,
        kind: 'face-warp',
        detail: {
          motion: record.requested,
          description: record.reason,
          method:
            'Triangle mesh over the face (facemesh landmarks) with a fixed anchor ring; each triangle is moved by one affine map of the original pixels',
          triangles: motion.rig.triangles.length / 3,
          anchorRing: motion.rig.ring.map(round),
        },
      });
    } else if (record.requested !== 'blink') {
      // A skipped blink is not worth a warning; a skipped chosen animation is.
      warnings.push({
        code: 'face_motion_skipped',
        message: `Face motion skipped on the ${record.panel} photo: ${record.reason}.`,
      });
    }
  }
  if (scene.emphasisEffect === 'hand_gesture' && scene.treatedArea) {
    transforms.push({
      panel: 'after',
      kind: 'highlight-overlay',
      detail: {
        rect: scene.treatedArea,
        source: scene.treatedAreaSource,
        ...(scene.treatedAreaSource === 'pixel_difference' &&
          input.treatedArea && { strength: input.treatedArea.strength }),
      },
    });
  }
  const motionsWhere = (outcome: 'withheld' | 'held_still') =>
    scene.faceMotion.records
      .filter((record) => record.treatedArea?.outcome === outcome)
      .map((record) => `${record.panel} ${record.requested.replace('_', ' ')}`);
  const applied = scene.faceMotion.records.filter((record) => record.applied);
  const motionSummary =
    applied.length > 0
      ? `face motion: ${applied.map((record) => `${record.panel} ${record.requested.replace('_', ' ')}`).join(', ')}, made by moving the photo's own pixels`
      : 'face motion not applied';
  if (input.panels.isFallback) {
    warnings.push({
      code: 'split_uncertain',
      message: `We could not find a clear line between the before and after photos, so we split it in the middle. ${input.panels.reason}`,
    });
  }
  return {
    engineVersion: input.engineVersion,
    summary: `Glowreel built-in engine: real photo pixels only (crop, scale, rotate, translate, zoom); no retouching. Animation requested: ${ANIMATION_LABELS[scene.primaryAnimation]} (${motionSummary}).`,
    output: {
      width: scene.width,
      height: scene.height,
      fps: scene.fps,
      durationSeconds: scene.durationSeconds,
      aspect: scene.aspect,
    },
    options: {
      template: scene.template,
      primaryAnimation: scene.primaryAnimation,
      emphasisEffect: scene.emphasisEffect,
      motionSpeed: scene.motionSpeed,
    },
    source: input.source,
    split: input.panels,
    transforms,
    faceMotion: {
      requested: scene.primaryAnimation,
      applied: applied.length > 0,
      panels: scene.faceMotion.records.map((record) => ({
        panel: record.panel,
        motion: record.requested,
        applied: record.applied,
        reason: record.reason,
        eyeDistancePx: record.eyeDistancePx,
      })),
    },
    treatedArea: {
      area: scene.treatedAreaName,
      withheld: motionsWhere('withheld'),
      heldStill: motionsWhere('held_still'),
    },
    pixelPolicy:
      'Pixels are only moved (crop, scale, rotate, translate, zoom, and per-triangle affine face warps); no blur, sharpening, colour change or synthesis.',
    consent: input.consentId ? { id: input.consentId } : null,
    branding: {
      accentColor: scene.colors.accent,
      typeface: scene.branding.typeface ?? DEFAULT_TYPEFACE,
      hasLogo: scene.branding.hasLogo,
    },
    warnings,
  };
}
