// The one table behind treated-area protection (DESIGN.md D16): which parts of the face each
// treated area covers, and which of them each face motion moves. The web form, the server and
// the engine all ask it, so what the form disables, what the API refuses and what the render
// holds still can never disagree.
import {
  ANIMATION_LABELS,
  PRIMARY_ANIMATIONS,
  TREATED_AREAS,
  TREATED_AREA_LABELS,
  type PrimaryAnimation,
  type TreatedAreaName,
} from '@glowreel/contracts';
import type { FaceMotionKind } from './face-motion-schedule.ts';
import { TREATED_AREA_LANDMARKS } from './face-regions.ts';

/** Facemesh landmark groups per treated area; each group's hull must never move in the after photo. */
export const TREATED_AREA_REGIONS: Record<TreatedAreaName, readonly (readonly number[])[]> =
  TREATED_AREA_LANDMARKS;

/**
 * The treated areas each motion is made of. A motion that moves a treated area is refused (or,
 * for the natural blinks nobody chose, left out); any other treated area it merely brushes is
 * pinned so its pixels stay exactly still.
 */
export const MOTION_MOVES: Record<FaceMotionKind, readonly TreatedAreaName[]> = {
  // A turn rotates every point of the face.
  head_turn: ['lips', 'brows_forehead', 'eyes', 'cheeks', 'jawline_chin', 'nose', 'skin'],
  // Mouth corners and lips, the cheek apples and the lower lids all lift.
  smile: ['lips', 'cheeks', 'eyes', 'skin'],
  // The brows and forehead rise and the lids open; the mouth's softening is only a nudge.
  surprise: ['brows_forehead', 'eyes', 'skin'],
  blink: ['eyes', 'skin'],
};

/** The motion each chosen animation gives the after photo's face; null when it leaves it still. */
export const AFTER_FACE_MOTION: Record<PrimaryAnimation, FaceMotionKind | null> = {
  animate_before_head_turn: null,
  animate_after_head_turn: 'head_turn',
  animate_after_smile: 'smile',
  animate_after_surprise: 'surprise',
};

export type TreatedAreaRefusalCode = 'treated_area_required' | 'animation_moves_treated_area';

export interface TreatedAreaRefusal {
  code: TreatedAreaRefusalCode;
  /** The full sentence for the API and the form's error. */
  message: string;
}

export function hasFaceRegion(area: TreatedAreaName): boolean {
  return TREATED_AREA_REGIONS[area].length > 0;
}

export function doesMotionMove(kind: FaceMotionKind, area: TreatedAreaName): boolean {
  return MOTION_MOVES[kind].includes(area);
}

/** The area's name inside a sentence: "the lips", "the brows / forehead". */
export function areaPhrase(area: TreatedAreaName): string {
  return `the ${TREATED_AREA_LABELS[area].toLowerCase()}`;
}

/** Animations that leave this treated area of the after photo still. */
export function animationsAllowedFor(area: TreatedAreaName): PrimaryAnimation[] {
  return PRIMARY_ANIMATIONS.filter((animation) => !movesTreatedArea(animation, area));
}

function movesTreatedArea(animation: PrimaryAnimation, area: TreatedAreaName): boolean {
  const kind = AFTER_FACE_MOTION[animation];
  return kind !== null && doesMotionMove(kind, area);
}

/** One line for a disabled choice in the form; null when the animation is allowed. */
export function animationRefusalReason(
  animation: PrimaryAnimation,
  area: TreatedAreaName | null | undefined,
): string | null {
  if (!area || !movesTreatedArea(animation, area)) return null;
  return `Would move ${areaPhrase(area)}, the treated area`;
}

/**
 * Why this animation cannot be rendered with this treated area, or null when it can. An
 * animation that moves the after photo's face needs the treated area stated first.
 */
export function checkTreatedArea(
  animation: PrimaryAnimation,
  area: TreatedAreaName | null | undefined,
): TreatedAreaRefusal | null {
  const label = `"${ANIMATION_LABELS[animation]}"`;
  if (!area) {
    if (AFTER_FACE_MOTION[animation] === null) return null;
    return {
      code: 'treated_area_required',
      message: `${label} moves the after photo's face, so say where the treatment was: the treated area is never moved. Choose one of ${TREATED_AREAS.join(', ')}.`,
    };
  }
  if (!movesTreatedArea(animation, area)) return null;
  const alternatives = animationsAllowedFor(area).map((item) => `"${ANIMATION_LABELS[item]}"`);
  return {
    code: 'animation_moves_treated_area',
    message: `${label} would move ${areaPhrase(area)}, the treated area of the after photo, and the result must show the treatment untouched. Choose ${alternatives.join(' or ')} instead.`,
  };
}
