import { describe, expect, it } from 'vitest';
import { IDENTITY, applyAffine, invertAffine, type Affine, type Point } from '../geometry.ts';
import {
  ALIGNMENT_SKIP_REASONS,
  alignAfterToBefore,
  planAlignment,
  shouldAlign,
  type Alignment,
} from './alignment.ts';
import { makeFace, makeMeshFace } from './face-landmarks.factory.ts';
import type { FaceLandmarks } from './face-types.ts';

/** A similarity transform from scale, rotation (degrees, clockwise on screen) and translation. */
function similarity(scale: number, degrees: number, e: number, f: number): Affine {
  const radians = (degrees * Math.PI) / 180;
  const a = scale * Math.cos(radians);
  const b = scale * Math.sin(radians);
  return { a, b, c: -b, d: a, e, f };
}

function expectPointClose(actual: Point, expected: Point, tolerance = 1e-6): void {
  expect(Math.abs(actual.x - expected.x)).toBeLessThan(tolerance);
  expect(Math.abs(actual.y - expected.y)).toBeLessThan(tolerance);
}

function alignmentFor(scale: number, degrees: number): Alignment {
  const before = makeFace();
  const toAfter = invertAffine(similarity(scale, degrees, 0, 0));
  const after = makeFace({
    leftEye: applyAffine(toAfter, before.leftEye),
    rightEye: applyAffine(toAfter, before.rightEye),
  });
  return alignAfterToBefore(before, after);
}

describe('alignAfterToBefore', () => {
  const cases = [
    { scale: 1, degrees: 0, e: 0, f: 0 },
    { scale: 1.12, degrees: -2, e: -18, f: -12 },
    { scale: 0.8, degrees: 15, e: 40.5, f: -7.25 },
    { scale: 1.6, degrees: -170, e: 900, f: 700 },
  ];

  it.each(cases)(
    'recovers scale $scale, rotation $degrees° and translation ($e, $f) from the eye centres',
    ({ scale, degrees, e, f }) => {
      const truth = similarity(scale, degrees, e, f);
      const before = makeFace();
      const toAfter = invertAffine(truth);
      const after = makeFace({
        leftEye: applyAffine(toAfter, before.leftEye),
        rightEye: applyAffine(toAfter, before.rightEye),
      });

      const result = alignAfterToBefore(before, after);

      for (const key of ['a', 'b', 'c', 'd', 'e', 'f'] as const) {
        expect(Math.abs(result.transform[key] - truth[key])).toBeLessThan(1e-6);
      }
      expect(Math.abs(result.scale - scale)).toBeLessThan(1e-6);
      expect(Math.abs(result.rotationDegrees - degrees)).toBeLessThan(1e-6);
      expectPointClose(result.translation, { x: e, y: f });
      expectPointClose(applyAffine(result.transform, after.leftEye), before.leftEye);
      expectPointClose(applyAffine(result.transform, after.rightEye), before.rightEye);
      // Any other after point lands where the true transform puts it (no shear or flip).
      expectPointClose(
        applyAffine(result.transform, { x: 13, y: 977 }),
        applyAffine(truth, { x: 13, y: 977 }),
      );
    },
  );

  it('reports clockwise-on-screen rotation as positive degrees', () => {
    // After eyes slope down to the right by 10°: turning them 10° anticlockwise levels them.
    const radians = (10 * Math.PI) / 180;
    const after = makeFace({
      leftEye: { x: 0, y: 0 },
      rightEye: { x: 100 * Math.cos(radians), y: 100 * Math.sin(radians) },
    });
    const before = makeFace({ leftEye: { x: 0, y: 0 }, rightEye: { x: 100, y: 0 } });
    expect(alignAfterToBefore(before, after).rotationDegrees).toBeCloseTo(-10, 9);
  });

  it('refuses an after face whose eyes coincide', () => {
    const after = makeFace({ leftEye: { x: 5, y: 5 }, rightEye: { x: 5, y: 5 } });
    expect(() => alignAfterToBefore(makeFace(), after)).toThrow(RangeError);
  });
});

describe('shouldAlign', () => {
  it('accepts scales from 0.5 to 2 and rotations up to 20° either way', () => {
    expect(shouldAlign(alignmentFor(0.5, 0))).toBe(true);
    expect(shouldAlign(alignmentFor(2, 0))).toBe(true);
    expect(shouldAlign(alignmentFor(1, 19.999))).toBe(true);
    expect(shouldAlign(alignmentFor(1, -19.999))).toBe(true);
  });

  it('refuses scales outside 0.5–2 and rotations beyond 20°', () => {
    expect(shouldAlign(alignmentFor(0.49, 0))).toBe(false);
    expect(shouldAlign(alignmentFor(2.01, 0))).toBe(false);
    expect(shouldAlign(alignmentFor(1, 20.5))).toBe(false);
    expect(shouldAlign(alignmentFor(1, -20.5))).toBe(false);
    expect(shouldAlign(alignmentFor(1, 180))).toBe(false);
  });
});

describe('planAlignment', () => {
  const before = makeFace();
  const after = makeFace({ leftEye: { x: 300, y: 270 }, rightEye: { x: 430, y: 275 } });

  it('applies the eye alignment when both faces are found and plausible', () => {
    const outcome = planAlignment(before, after);
    expect(outcome.applied).toBe(true);
    if (!outcome.applied) return;
    expectPointClose(applyAffine(outcome.transform, after.leftEye), before.leftEye);
    expect(outcome.scale).toBeCloseTo(120 / Math.hypot(130, 5), 9);
  });

  it('says auto-align is off when disabled, even with both faces', () => {
    expect(planAlignment(before, after, false)).toEqual({
      applied: false,
      reason: 'Auto-align is off',
    });
  });

  it('says which photo has no face', () => {
    expect(planAlignment(undefined, after)).toEqual({
      applied: false,
      reason: 'No face found in the before photo',
    });
    expect(planAlignment(before, undefined)).toEqual({
      applied: false,
      reason: 'No face found in the after photo',
    });
    expect(planAlignment()).toEqual({
      applied: false,
      reason: ALIGNMENT_SKIP_REASONS.noBeforeFace,
    });
  });

  it('refuses faces that differ too much in size, angle or have no eye line', () => {
    const tiny = makeFace({ leftEye: { x: 300, y: 260 }, rightEye: { x: 340, y: 260 } });
    const tilted = makeFace({ leftEye: { x: 300, y: 200 }, rightEye: { x: 400, y: 300 } });
    const blind = makeFace({ leftEye: { x: 300, y: 260 }, rightEye: { x: 300, y: 260 } });
    for (const odd of [tiny, tilted, blind]) {
      expect(planAlignment(before, odd)).toEqual({
        applied: false,
        reason: 'The faces differ too much to align safely',
      });
    }
    expect(planAlignment(blind, after).applied).toBe(false);
  });
});

/** `face` moved by `transform`: eyes, box corner and every mesh point. */
function moveFace(face: FaceLandmarks, transform: Affine): FaceLandmarks {
  const corner = applyAffine(transform, { x: face.box.x, y: face.box.y });
  const scale = Math.hypot(transform.a, transform.b);
  return {
    ...face,
    box: {
      x: corner.x,
      y: corner.y,
      width: face.box.width * scale,
      height: face.box.height * scale,
    },
    leftEye: applyAffine(transform, face.leftEye),
    rightEye: applyAffine(transform, face.rightEye),
    mesh: face.mesh.map(([x, y, z]) => {
      const p = applyAffine(transform, { x, y });
      return [p.x, p.y, z] as const;
    }),
  };
}

/** A similarity about a point: scale and turn (degrees clockwise) around `centre`. */
function about(centre: Point, scale: number, degrees: number, shift: Point = { x: 0, y: 0 }) {
  const turn = similarity(scale, degrees, 0, 0);
  const moved = applyAffine(turn, centre);
  return { ...turn, e: centre.x - moved.x + shift.x, f: centre.y - moved.y + shift.y };
}

describe('planAlignment leaves aligned photos alone', () => {
  // Face box 264 px wide: 2 % of it is 5.3 px.
  const before = makeMeshFace(400, 360, 120);
  const eyes = { x: 400, y: 324 };

  it('keeps the photo as it is when the eyes are within 2 % of the face width and 1°', () => {
    for (const nearly of [
      IDENTITY,
      about(eyes, 1, 0, { x: 4, y: -2 }),
      about(eyes, 1.015, 0.8),
      about(eyes, 0.985, -0.9, { x: 2, y: 2 }),
    ]) {
      expect(planAlignment(before, moveFace(before, nearly))).toEqual({
        applied: false,
        reason: ALIGNMENT_SKIP_REASONS.alreadyAligned,
      });
    }
  });

  it('aligns when the eyes are more than 2 % of the face width off', () => {
    const outcome = planAlignment(before, moveFace(before, about(eyes, 1, 0, { x: 8, y: 0 })));
    expect(outcome.applied).toBe(true);
  });

  it('aligns when the roll differs by more than 1°, even with the eyes close', () => {
    // 1.5° about the eye midpoint moves each eye only 1.6 px (0.5 % of the face width).
    const outcome = planAlignment(before, moveFace(before, about(eyes, 1, 1.5)));
    expect(outcome.applied).toBe(true);
    if (outcome.applied) expect(outcome.rotationDegrees).toBeCloseTo(-1.5, 6);
  });

  it('makes the two faces the same size within 2 % of the eye distance when it aligns', () => {
    const after = moveFace(before, about(eyes, 1.12, 2, { x: 18, y: 12 }));
    const outcome = planAlignment(before, after);
    expect(outcome.applied).toBe(true);
    if (!outcome.applied) return;
    const mapped = distanceBetween(
      applyAffine(outcome.transform, after.leftEye),
      applyAffine(outcome.transform, after.rightEye),
    );
    const target = distanceBetween(before.leftEye, before.rightEye);
    expect(Math.abs(mapped - target) / target).toBeLessThan(0.02);
  });

  it('compares the faces where the resized after panel shows them', () => {
    // The after photo is twice the size: resized onto the before frame, the faces coincide.
    const after = moveFace(before, similarity(2, 0, 0, 0));
    const halve = similarity(0.5, 0, 0, 0);
    expect(planAlignment(before, after, true, halve)).toEqual({
      applied: false,
      reason: ALIGNMENT_SKIP_REASONS.alreadyAligned,
    });
    expect(planAlignment(before, after).applied).toBe(true);
  });

  it('shows the photos as they are when the eyes and the mesh disagree', () => {
    // The mesh says the after face is 10 % larger, the eyes that it is 10 % smaller.
    const meshMoved = moveFace(before, about(eyes, 1.1, 0));
    const eyesMoved = moveFace(before, about(eyes, 0.9, 0));
    const confused = { ...meshMoved, leftEye: eyesMoved.leftEye, rightEye: eyesMoved.rightEye };
    expect(planAlignment(before, confused)).toEqual({
      applied: false,
      reason: ALIGNMENT_SKIP_REASONS.unsure,
    });
    expect(planAlignment(before, moveFace(before, about(eyes, 0.9, 3))).applied).toBe(true);
  });
});

function distanceBetween(p: Point, q: Point): number {
  return Math.hypot(p.x - q.x, p.y - q.y);
}
