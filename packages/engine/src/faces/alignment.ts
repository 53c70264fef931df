import { IDENTITY, applyAffine, type Affine, type Point } from '../geometry.ts';
import { FACE_MESH_POINT_COUNT, type FaceLandmarks, type MeshPoint } from './face-types.ts';

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

/**
 * Below these the photos already line up and are left alone: the detector's own jitter on
 * two copies of one photo is about 0.1–0.6 % and 0.4° (the shared fixtures), and warping the
 * after photo for less would only resize or tilt a face that was right. The eye offset is
 * measured against the before face's box width (the face width), not the inter-ocular
 * distance, so it reads the same as "2 % of the face" does to a person.
 */
export const ALIGNED_WITHIN = { eyeOffsetShare: 0.02, rollDegrees: 1 } as const;

/**
 * The eyes and the whole 468-point mesh are two measurements of the same misalignment. When
 * they disagree by more than this the detector has misread one face (low-key side lighting
 * does it), and trusting either would tilt or resize a photo on a guess.
 */
export const MEASUREMENTS_AGREE_WITHIN = { scaleShare: 0.05, rollDegrees: 2 } as const;

export const ALIGNMENT_SKIP_REASONS = {
  disabled: 'Auto-align is off',
  alreadyAligned: 'The photos are already aligned',
  unsure: 'The face measurements disagree, so the photos are shown as they are',
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

/** How far apart the two faces are when the after panel is shown as it is. */
export interface Misalignment {
  /** The larger of the two eye-centre offsets, as a share of the before face's box width. */
  eyeOffsetShare: number;
  /** The angle between the two eye lines, in degrees (0 to 180). */
  rollDegrees: number;
}

/** `unaligned` maps after-panel pixels to before-panel pixels when nothing is aligned. */
export function measureMisalignment(
  before: FaceLandmarks,
  after: FaceLandmarks,
  unaligned: Affine = IDENTITY,
): Misalignment {
  const left = applyAffine(unaligned, after.leftEye);
  const right = applyAffine(unaligned, after.rightEye);
  const offset = Math.max(distance(before.leftEye, left), distance(before.rightEye, right));
  const beforeAngle = Math.atan2(
    before.rightEye.y - before.leftEye.y,
    before.rightEye.x - before.leftEye.x,
  );
  const afterAngle = Math.atan2(right.y - left.y, right.x - left.x);
  return {
    eyeOffsetShare: offset / before.box.width,
    rollDegrees: Math.abs(normalizeDegrees(((afterAngle - beforeAngle) * 180) / Math.PI)),
  };
}

/**
 * The least-squares similarity (Procrustes) taking the after mesh onto the before mesh, as
 * scale and rotation; null unless both faces carry the full mesh.
 */
export function meshSimilarity(
  before: FaceLandmarks,
  after: FaceLandmarks,
): { scale: number; rotationDegrees: number } | null {
  const count = before.mesh.length;
  if (count < FACE_MESH_POINT_COUNT || after.mesh.length !== count) return null;
  const beforeCentre = centroid(before.mesh);
  const afterCentre = centroid(after.mesh);
  let real = 0;
  let imaginary = 0;
  let afterSpread = 0;
  for (let i = 0; i < count; i += 1) {
    const [bx, by] = before.mesh[i] ?? [0, 0];
    const [ax, ay] = after.mesh[i] ?? [0, 0];
    const u = { x: ax - afterCentre.x, y: ay - afterCentre.y };
    const v = { x: bx - beforeCentre.x, y: by - beforeCentre.y };
    // Σ v·conj(u) / Σ |u|²: the complex least-squares ratio, as in alignAfterToBefore.
    real += v.x * u.x + v.y * u.y;
    imaginary += v.y * u.x - v.x * u.y;
    afterSpread += u.x * u.x + u.y * u.y;
  }
  if (!(afterSpread > 0)) return null;
  return {
    scale: Math.hypot(real, imaginary) / afterSpread,
    rotationDegrees: (Math.atan2(imaginary, real) * 180) / Math.PI,
  };
}

/**
 * Decides whether to align the after panel onto the before panel, and says why not when it
 * does not. `unaligned` is how the after panel is shown otherwise (a plain resize onto the
 * before panel's frame); the photos count as aligned when that already puts the eyes within
 * ALIGNED_WITHIN.
 */
export function planAlignment(
  before?: FaceLandmarks,
  after?: FaceLandmarks,
  enabled = true,
  unaligned: Affine = IDENTITY,
): AlignmentOutcome {
  if (!enabled) return { applied: false, reason: ALIGNMENT_SKIP_REASONS.disabled };
  if (!before) return { applied: false, reason: ALIGNMENT_SKIP_REASONS.noBeforeFace };
  if (!after) return { applied: false, reason: ALIGNMENT_SKIP_REASONS.noAfterFace };
  // NaN-safe: a face with no usable eye line cannot anchor a transform.
  if (!(eyeDistance(after) >= MIN_EYE_DISTANCE && eyeDistance(before) >= MIN_EYE_DISTANCE)) {
    return { applied: false, reason: ALIGNMENT_SKIP_REASONS.tooDifferent };
  }
  const misalignment = measureMisalignment(before, after, unaligned);
  if (
    misalignment.eyeOffsetShare <= ALIGNED_WITHIN.eyeOffsetShare &&
    misalignment.rollDegrees <= ALIGNED_WITHIN.rollDegrees
  ) {
    return { applied: false, reason: ALIGNMENT_SKIP_REASONS.alreadyAligned };
  }
  const alignment = alignAfterToBefore(before, after);
  if (!shouldAlign(alignment))
    return { applied: false, reason: ALIGNMENT_SKIP_REASONS.tooDifferent };
  if (!meshAgrees(alignment, meshSimilarity(before, after))) {
    return { applied: false, reason: ALIGNMENT_SKIP_REASONS.unsure };
  }
  return { applied: true, ...alignment };
}

/** True without meshes (nothing to cross-check; the eyes alone decide). */
function meshAgrees(
  eyes: Alignment,
  mesh: { scale: number; rotationDegrees: number } | null,
): boolean {
  if (!mesh) return true;
  const scaleGap = Math.abs(mesh.scale / eyes.scale - 1);
  const rollGap = Math.abs(normalizeDegrees(mesh.rotationDegrees - eyes.rotationDegrees));
  return (
    scaleGap <= MEASUREMENTS_AGREE_WITHIN.scaleShare &&
    rollGap <= MEASUREMENTS_AGREE_WITHIN.rollDegrees
  );
}

/** The same angle in (−180, 180]. */
function normalizeDegrees(degrees: number): number {
  const turned = degrees % 360;
  if (turned > 180) return turned - 360;
  if (turned <= -180) return turned + 360;
  return turned;
}

function centroid(points: ReadonlyArray<MeshPoint>): Point {
  let x = 0;
  let y = 0;
  for (const [px, py] of points) {
    x += px;
    y += py;
  }
  return { x: x / points.length, y: y / points.length };
}

function distance(p: Point, q: Point): number {
  return Math.hypot(p.x - q.x, p.y - q.y);
}

function eyeDistance(face: FaceLandmarks): number {
  return Math.hypot(face.rightEye.x - face.leftEye.x, face.rightEye.y - face.leftEye.y);
}

function midpoint(p: Point, q: Point): Point {
  return { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 };
}
