// Which face motion each panel gets, and why not when it gets none. The named panel performs
// the chosen animation; the other panel keeps still apart from natural blinks.
import type { PrimaryAnimation, TreatedAreaName } from '@glowreel/contracts';
import type { FaceLandmarks } from '../faces/face-types.ts';
import { FACE_MESH_POINT_COUNT } from '../faces/face-types.ts';
import { buildFaceRig, type FaceRig } from './face-rig.ts';
import { HEAD_TURN_DEGREES, type FaceMotionKind } from './face-motion-schedule.ts';
import { areaPhrase, doesMotionMove, hasFaceRegion } from './treated-area-rules.ts';
import { treatedRegionPolygons } from './treated-region.ts';

/**
 * Below this many output pixels between the eyes a warp has too little face to work with.
 * Judged on the closest crop a template draws; the close-ups put the eyes ≥ 14 % of the
 * short side apart, 101 px at 720p.
 */
export const MIN_MOTION_EYE_DISTANCE_PX = 96;

export type PanelName = 'before' | 'after';

export interface PanelFaceMotion {
  kind: FaceMotionKind;
  rig: FaceRig;
}

/** One line of the provenance record per panel. */
export interface FaceMotionRecord {
  panel: PanelName;
  requested: FaceMotionKind;
  applied: boolean;
  /** What was done, or why nothing was. */
  reason: string;
  /** Eye distance as shown in the video (largest on-screen size), when there is a face. */
  eyeDistancePx: number | null;
  /**
   * What the treated area changed (after panel only): the motion left out because it would
   * move it, or the area held still while the rest of the face moves; null when nothing.
   */
  treatedArea: { area: TreatedAreaName; outcome: 'withheld' | 'held_still' } | null;
}

export interface SceneFaceMotion {
  before: PanelFaceMotion | null;
  after: PanelFaceMotion | null;
  records: FaceMotionRecord[];
}

/** The panel and motion an animation asks for (the other panel blinks). */
export function mainFaceMotion(animation: PrimaryAnimation): {
  panel: PanelName;
  kind: FaceMotionKind;
} {
  return MAIN_MOTION[animation];
}

const MAIN_MOTION: Record<PrimaryAnimation, { panel: PanelName; kind: FaceMotionKind }> = {
  animate_before_head_turn: { panel: 'before', kind: 'head_turn' },
  animate_after_head_turn: { panel: 'after', kind: 'head_turn' },
  animate_after_smile: { panel: 'after', kind: 'smile' },
  animate_after_surprise: { panel: 'after', kind: 'surprise' },
};

const APPLIED: Record<FaceMotionKind, string> = {
  head_turn: `Head turn: about ${HEAD_TURN_DEGREES}° to one side, back, then to the other side and back (3D landmarks rotated about the head's vertical axis)`,
  smile: 'Gentle smile: mouth corners up and out, cheeks and lower eyelids lifted slightly',
  surprise: 'Surprise: brows raised, eyes widened a little, mouth softened',
  blink: 'Two natural blinks (eyelid landmarks)',
};

export interface FaceMotionPlanInput {
  primaryAnimation: PrimaryAnimation;
  /** null when no face analysis ran (face detection off). */
  faces: { before: FaceLandmarks | null; after: FaceLandmarks | null } | null;
  /** Output pixels per panel-photo pixel where each panel is shown largest. */
  displayScale: { before: number; after: number };
  /** Where the treatment was: never moved in the after photo. Omitted means not stated. */
  treatedArea?: TreatedAreaName | null;
}

const MOTION_NAMES: Record<FaceMotionKind, string> = {
  head_turn: 'head turn',
  smile: 'smile',
  surprise: 'surprise',
  blink: 'blinks',
};

function eyeDistance(face: FaceLandmarks): number {
  return Math.hypot(face.rightEye.x - face.leftEye.x, face.rightEye.y - face.leftEye.y);
}

export function planFaceMotion(input: FaceMotionPlanInput): SceneFaceMotion {
  const main = MAIN_MOTION[input.primaryAnimation];
  const plan: SceneFaceMotion = { before: null, after: null, records: [] };
  for (const panel of ['before', 'after'] as const) {
    const requested: FaceMotionKind = panel === main.panel ? main.kind : 'blink';
    const face = input.faces?.[panel] ?? null;
    const record: FaceMotionRecord = {
      panel,
      requested,
      applied: false,
      reason: '',
      eyeDistancePx: null,
      treatedArea: null,
    };
    plan.records.push(record);
    const area = panel === 'after' ? (input.treatedArea ?? null) : null;
    if (area && doesMotionMove(requested, area)) {
      record.treatedArea = { area, outcome: 'withheld' };
      record.reason = `Withheld: the ${MOTION_NAMES[requested]} would move ${areaPhrase(area)}, the treated area`;
      continue;
    }
    if (!input.faces) {
      record.reason = 'Face detection was off, so the face was not moved';
      continue;
    }
    if (!face || face.mesh.length < FACE_MESH_POINT_COUNT) {
      record.reason = `No face found in the ${panel} photo, so it was not moved`;
      continue;
    }
    const shown = eyeDistance(face) * input.displayScale[panel];
    record.eyeDistancePx = Math.round(shown);
    if (!(shown >= MIN_MOTION_EYE_DISTANCE_PX)) {
      record.reason = `The face in the ${panel} photo is too small to move well: ${Math.round(shown)} px between the eyes in the video, ${MIN_MOTION_EYE_DISTANCE_PX} px needed`;
      continue;
    }
    const protect = area && hasFaceRegion(area) ? treatedRegionPolygons(face, area) : [];
    const rig = buildFaceRig(face, requested, { protect });
    plan[panel] = { kind: requested, rig };
    record.applied = true;
    record.reason = APPLIED[requested];
    if (area && protect.length > 0) {
      record.treatedArea = { area, outcome: 'held_still' };
      record.reason += `; ${areaPhrase(area)} (the treated area) held exactly still`;
    }
  }
  return plan;
}
