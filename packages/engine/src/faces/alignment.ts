import type { Affine, Point } from '../geometry.ts';
import type { FaceLandmarks } from './face-types.ts';

/** A similarity transform (uniform scale, rotation, translation) from after-panel to before-panel pixels. */
export interface Alignment {
  transform: Affine;
  /** How much the after panel is enlarged (> 1) or shrunk (< 1). */
  scale: number;
  /** Rotation applied to the after panel; positive is clockwise on screen (y points down). */
  rotationDegrees: number;
  /** Where the after panel's origin lands in the before panel (the transform's e and f). */
  translation: Point;
}

/**
 * Beyond these the detector has most likely paired different faces or misread one, and warping
 * the after photo that far would misrepresent it; showing the photos as they are is more honest.
 */
export const ALIGNMENT_LIMITS = { minScale: 0.5, maxScale: 2, maxRotationDegrees: 20 } as const;

export const ALIGNMENT_SKIP_REASONS = {
  disabled: 'Auto-align is off',
  noBeforeFace: 'No face found in the before photo',
  noAfterFace: 'No face found in the after photo',
  tooDifferent: 'The faces differ too much to align safely',
} as const;

export type AlignmentSkipReason =
  (typeof ALIGNMENT_SKIP_REASONS)[keyof typeof ALIGNMENT_SKIP_REASONS];

export type AlignmentOutcome =
  ({ applied: true } & Alignment) | { applied: false; reason: AlignmentSkipReason };

/** Below this eye distance (pixels) the eye line has no usable direction. */
const MIN_EYE_DISTANCE = 1;

/**
 * The similarity transform that puts the after face's eye centres exactly on the before face's.
 * Two point pairs determine a similarity uniquely: with complex numbers, z' = m·z + t where
 * m = (before eye vector) / (after eye vector). Throws a RangeError when the after eyes coincide.
 */
export function alignAfterToBefore(before: FaceLandmarks, after: FaceLandmarks): Alignment {
  const u = { x: after.rightEye.x - after.leftEye.x, y: after.rightEye.y - after.leftEye.y };
  const v = { x: before.rightEye.x - before.leftEye.x, y: before.rightEye.y - before.leftEye.y };
  const uu = u.x * u.x + u.y * u.y;
  if (!(Math.sqrt(uu) >= MIN_EYE_DISTANCE)) {
    throw new RangeError('the after face has no eye distance to align on');
  }
  // m = v / u = v · conj(u) / |u|², as a + i·b: a rotation by atan2(b, a) scaled by |m|.
  const a = (v.x * u.x + v.y * u.y) / uu;
  const b = (v.y * u.x - v.x * u.y) / uu;
  // Map the after eye midpoint onto the before one (the same t as either eye, with less rounding).
  const afterMid = midpoint(after.leftEye, after.rightEye);
  const beforeMid = midpoint(before.leftEye, before.rightEye);
  const e = beforeMid.x - (a * afterMid.x - b * afterMid.y);
  const f = beforeMid.y - (b * afterMid.x + a * afterMid.y);
  return {
    transform: { a, b, c: -b, d: a, e, f },
    scale: Math.hypot(a, b),
    rotationDegrees: (Math.atan2(b, a) * 180) / Math.PI,
    translation: { x: e, y: f },
  };
}

/** Whether the transform is plausible enough to apply (see ALIGNMENT_LIMITS). */
export function shouldAlign(alignment: Alignment): boolean {
  const { scale, rotationDegrees } = alignment;
  return (
    Number.isFinite(scale) &&
    Number.isFinite(alignment.translation.x) &&
    Number.isFinite(alignment.translation.y) &&
    scale >= ALIGNMENT_LIMITS.minScale &&
    scale <= ALIGNMENT_LIMITS.maxScale &&
    Math.abs(rotationDegrees) <= ALIGNMENT_LIMITS.maxRotationDegrees
  );
}

/** Decides whether to align the after panel onto the before panel, and says why not when it does not. */
export function planAlignment(
  before?: FaceLandmarks,
  after?: FaceLandmarks,
  enabled = true,
): AlignmentOutcome {
  if (!enabled) return { applied: false, reason: ALIGNMENT_SKIP_REASONS.disabled };
  if (!before) return { applied: false, reason: ALIGNMENT_SKIP_REASONS.noBeforeFace };
  if (!after) return { applied: false, reason: ALIGNMENT_SKIP_REASONS.noAfterFace };
  // NaN-safe: a face with no usable eye line cannot anchor a transform.
  if (!(eyeDistance(after) >= MIN_EYE_DISTANCE && eyeDistance(before) >= MIN_EYE_DISTANCE)) {
    return { applied: false, reason: ALIGNMENT_SKIP_REASONS.tooDifferent };
  }
  const alignment = alignAfterToBefore(before, after);
  if (!shouldAlign(alignment))
    return { applied: false, reason: ALIGNMENT_SKIP_REASONS.tooDifferent };
  return { applied: true, ...alignment };
}

function eyeDistance(face: FaceLandmarks): number {
  return Math.hypot(face.rightEye.x - face.leftEye.x, face.rightEye.y - face.leftEye.y);
}

function midpoint(p: Point, q: Point): Point {
  return { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 };
}
