import { describe, expect, it } from 'vitest';
import { buildScene } from '../plan/build-scene.ts';
import { ALIGNMENT_SKIP_REASONS } from './alignment.ts';
import { faceSceneFields } from './face-scene-fields.ts';
import { makeFace, makeMeshFace } from './face-landmarks.factory.ts';
import { makeSceneInput } from '../plan/scene-input.factory.ts';

describe('faceSceneFields', () => {
  it('aligns the after face onto the before face and focuses on the before face', () => {
    const before = makeFace();
    // The same face, half the size and moved: the transform must double it back.
    const after = makeFace({
      box: { x: 50, y: 40, width: 150, height: 150 },
      leftEye: { x: 95, y: 95 },
      rightEye: { x: 155, y: 95 },
    });
    const fields = faceSceneFields({ before, after, autoAlign: true, wasDetectionRun: true });
    expect(fields.alignment.applied).toBe(true);
    const transform = fields.scene.alignment;
    expect(transform?.a).toBeCloseTo(2);
    expect(transform?.b).toBeCloseTo(0);
    // The after left eye lands on the before left eye.
    expect((transform?.a ?? 0) * 95 + (transform?.e ?? 0)).toBeCloseTo(290);
    expect(fields.scene.faceCenter).toEqual({ x: 350, y: 300 });
    expect(fields.scene.faces).toEqual({ before, after });
  });

  it('keeps the faces for motion but does not align when auto-align is off', () => {
    const face = makeFace();
    const fields = faceSceneFields({
      before: face,
      after: face,
      autoAlign: false,
      wasDetectionRun: true,
    });
    expect(fields.alignment).toEqual({ applied: false, reason: ALIGNMENT_SKIP_REASONS.disabled });
    expect(fields.scene.alignment).toBeNull();
    expect(fields.scene.faces).toEqual({ before: face, after: face });
  });

  it('says which panel had no face and focuses on the middle when the before face is missing', () => {
    const fields = faceSceneFields({
      before: undefined,
      after: makeFace(),
      autoAlign: true,
      wasDetectionRun: true,
    });
    expect(fields.alignment).toEqual({
      applied: false,
      reason: ALIGNMENT_SKIP_REASONS.noBeforeFace,
    });
    expect(fields.scene.faceCenter).toBeNull();
    expect(fields.scene.faces).toEqual({ before: null, after: makeFace() });
  });

  it('plans no face analysis at all when detection did not run', () => {
    const fields = faceSceneFields({
      before: undefined,
      after: undefined,
      autoAlign: true,
      wasDetectionRun: false,
    });
    expect(fields.scene).toEqual({ alignment: null, faceCenter: null, faces: null });
  });

  it('gives buildScene what it needs to move a detected face', () => {
    const face = makeMeshFace(400, 360, 300);
    const fields = faceSceneFields({
      before: face,
      after: face,
      autoAlign: true,
      wasDetectionRun: true,
    });
    const scene = buildScene(
      makeSceneInput({
        beforeSize: { width: 800, height: 900 },
        afterSize: { width: 800, height: 900 },
        ...fields.scene,
      }),
    );
    expect(scene.faceMotion.before?.kind).toBe('head_turn');
    expect(scene.faceMotion.after?.kind).toBe('blink');
    // The framing centres on the before face (its mesh), with headroom above it.
    const box = scene.faceBox!;
    expect(scene.subject.x + scene.subject.width / 2).toBeCloseTo(box.x + box.width / 2, 0);
    expect(scene.subject.y).toBeLessThan(box.y);
  });
});
