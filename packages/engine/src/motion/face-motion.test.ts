import { describe, expect, it } from 'vitest';
import { buildScene, type SceneInput } from '../plan/build-scene.ts';
import { makeMeshFace } from '../faces/face-landmarks.factory.ts';
import { buildProvenance } from '../provenance.ts';
import { evaluate, phasesFor } from '../plan/timeline.ts';
import { triangulate } from './delaunay.ts';
import { deformRig } from './face-deform.ts';
import { planFaceMotion } from './face-motion-plan.ts';
import {
  BLINK_TIMES,
  blinkAmount,
  headTurnDegrees,
  smileAmount,
  surpriseAmount,
} from './face-motion-schedule.ts';
import { buildFaceRig } from './face-rig.ts';

const timing = { motionSpeed: 'normal', endCardStart: 6.4 } as const;
const samples = (from: number, to: number, step = 1 / 120) =>
  Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, k) => from + k * step);

describe('face motion schedule', () => {
  it('turns the head about 15° to one side, back, to the other side and back before the end card', () => {
    const yaw = samples(0, 8).map((t) => headTurnDegrees(timing, t));
    expect(Math.max(...yaw)).toBeCloseTo(15, 5);
    expect(Math.min(...yaw)).toBeCloseTo(-15, 5);
    expect(headTurnDegrees(timing, 0)).toBe(0);
    expect(headTurnDegrees(timing, timing.endCardStart)).toBe(0);
    // The first turn comes before the second, with a hold at full turn.
    const firstPeak = samples(0, 8).find((t) => headTurnDegrees(timing, t) >= 15);
    const secondPeak = samples(0, 8).find((t) => headTurnDegrees(timing, t) <= -15);
    expect(firstPeak).toBeDefined();
    expect(secondPeak).toBeGreaterThan(firstPeak ?? Infinity);
    expect(headTurnDegrees(timing, (firstPeak ?? 0) + 0.5)).toBe(15);
  });

  it('eases in and out: the turn starts and ends with no speed', () => {
    const start = samples(0.6, 0.7, 0.01).map((t) => headTurnDegrees(timing, t));
    expect(start[1]! - start[0]!).toBeLessThan(0.01);
    expect(start.at(-1)! - start.at(-2)!).toBeGreaterThan(start[1]! - start[0]!);
  });

  it('scales with motion speed and always ends before the end card', () => {
    const end = (speed: 'slow' | 'normal' | 'fast') => {
      const yaw = samples(0, 8).map((t) => [
        t,
        headTurnDegrees({ ...timing, motionSpeed: speed }, t),
      ]);
      return Math.max(...yaw.filter(([, degrees]) => degrees !== 0).map(([t]) => t ?? 0));
    };
    expect(end('fast')).toBeLessThan(end('normal'));
    expect(end('normal')).toBeLessThan(end('slow'));
    expect(end('slow')).toBeLessThanOrEqual(timing.endCardStart);
  });

  it('brings the smile in over 2–3 s and holds it; surprise rises and holds', () => {
    const ramp = samples(0, 8).filter(
      (t) => smileAmount(timing, t) > 0 && smileAmount(timing, t) < 1,
    );
    const duration = (ramp.at(-1) ?? 0) - (ramp[0] ?? 0);
    expect(duration).toBeGreaterThanOrEqual(2);
    expect(duration).toBeLessThanOrEqual(3);
    expect(smileAmount(timing, 6)).toBe(1);
    expect(surpriseAmount(timing, 0)).toBe(0);
    expect(surpriseAmount(timing, 6)).toBe(1);
  });

  it.each(['before', 'after'] as const)(
    'blinks the %s panel fully, at most twice in 8 s',
    (panel) => {
      let blinks = 0;
      let closed = false;
      let deepest = 0;
      for (const t of samples(0, 8)) {
        const amount = blinkAmount(panel, t);
        deepest = Math.max(deepest, amount);
        if (amount > 0.5 && !closed) blinks += 1;
        closed = amount > 0.5;
      }
      expect(blinks).toBe(2);
      expect(blinks).toBeLessThanOrEqual(2);
      expect(deepest).toBeGreaterThan(0.99);
      expect(BLINK_TIMES[panel]).toHaveLength(2);
    },
  );

  it('never blinks both panels at once', () => {
    expect(
      samples(0, 8).some((t) => blinkAmount('before', t) > 0 && blinkAmount('after', t) > 0),
    ).toBe(false);
  });
});

describe('face motion plan', () => {
  const face = makeMeshFace();
  const scale = { before: 1, after: 1 };

  it('moves the named panel and gives the other natural blinks', () => {
    const plan = planFaceMotion({
      primaryAnimation: 'animate_after_smile',
      faces: { before: face, after: face },
      displayScale: scale,
    });
    expect(plan.before?.kind).toBe('blink');
    expect(plan.after?.kind).toBe('smile');
    expect(plan.records.map((record) => [record.panel, record.requested, record.applied])).toEqual([
      ['before', 'blink', true],
      ['after', 'smile', true],
    ]);
  });

  it('skips a panel without a face and says why', () => {
    const plan = planFaceMotion({
      primaryAnimation: 'animate_before_head_turn',
      faces: { before: null, after: face },
      displayScale: scale,
    });
    expect(plan.before).toBeNull();
    expect(plan.records[0]).toMatchObject({
      applied: false,
      reason: 'No face found in the before photo, so it was not moved',
    });
    expect(plan.after?.kind).toBe('blink');
  });

  it('skips a face under 96 px between the eyes as shown in the video', () => {
    const plan = planFaceMotion({
      primaryAnimation: 'animate_after_head_turn',
      faces: { before: face, after: face },
      displayScale: { before: 1, after: 95 / 120 },
    });
    expect(plan.after).toBeNull();
    expect(plan.records[1]?.reason).toContain('95 px between the eyes in the video, 96 px needed');
    expect(plan.records[1]?.eyeDistancePx).toBe(95);
    expect(plan.before).not.toBeNull();
  });

  it('moves nothing when face detection is off', () => {
    const plan = planFaceMotion({
      primaryAnimation: 'animate_after_surprise',
      faces: null,
      displayScale: scale,
    });
    expect(plan.before).toBeNull();
    expect(plan.after).toBeNull();
    expect(plan.records.every((record) => record.reason.startsWith('Face detection was off'))).toBe(
      true,
    );
  });
});

describe('face rig', () => {
  const face = makeMeshFace();
  it.each(['head_turn', 'smile', 'surprise', 'blink'] as const)(
    'keeps the anchor ring still and the face inside it (%s)',
    (kind) => {
      const rig = buildFaceRig(face, kind);
      const states = [
        { yawDegrees: 15, smile: 0, surprise: 0, blink: 0 },
        { yawDegrees: -15, smile: 1, surprise: 1, blink: 1 },
      ];
      for (const state of states) {
        const { positions } = deformRig(rig, state);
        rig.weight.forEach((weight, v) => {
          if (weight > 0) return;
          expect(positions[v * 2]).toBe(rig.rest[v * 3]);
          expect(positions[v * 2 + 1]).toBe(rig.rest[v * 3 + 1]);
        });
      }
      // Fewer than 300 triangles: each moving one costs a draw call per frame.
      expect(rig.triangles.length / 3).toBeLessThan(300);
    },
  );

  it('leaves the photo as it is at rest', () => {
    const rig = buildFaceRig(face, 'smile');
    const { positions } = deformRig(rig, { yawDegrees: 0, smile: 0, surprise: 0, blink: 0 });
    rig.weight.forEach((_, v) => {
      expect(positions[v * 2]).toBe(rig.rest[v * 3]);
      expect(positions[v * 2 + 1]).toBe(rig.rest[v * 3 + 1]);
    });
  });
});

describe('triangulate', () => {
  it('tiles the convex hull of the points with Delaunay triangles', () => {
    let seed = 3;
    const random = () => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return (seed >>> 8) / 0x1000000;
    };
    // Corners of a square plus points inside: the hull is the square.
    const points = [
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 100, y: 100 },
      { x: 0, y: 100 },
      ...Array.from({ length: 60 }, () => ({ x: 1 + random() * 98, y: 1 + random() * 98 })),
    ];
    const triangles = triangulate(points);
    let total = 0;
    for (const [a, b, c] of triangles) {
      const p = points[a]!;
      const q = points[b]!;
      const r = points[c]!;
      total += Math.abs((q.x - p.x) * (r.y - p.y) - (r.x - p.x) * (q.y - p.y)) / 2;
      // Empty circumcircle: no other point strictly inside.
      const d = 2 * (p.x * (q.y - r.y) + q.x * (r.y - p.y) + r.x * (p.y - q.y));
      const ux =
        ((p.x ** 2 + p.y ** 2) * (q.y - r.y) +
          (q.x ** 2 + q.y ** 2) * (r.y - p.y) +
          (r.x ** 2 + r.y ** 2) * (p.y - q.y)) /
        d;
      const uy =
        ((p.x ** 2 + p.y ** 2) * (r.x - q.x) +
          (q.x ** 2 + q.y ** 2) * (p.x - r.x) +
          (r.x ** 2 + r.y ** 2) * (q.x - p.x)) /
        d;
      const r2 = (p.x - ux) ** 2 + (p.y - uy) ** 2;
      for (const s of points)
        expect((s.x - ux) ** 2 + (s.y - uy) ** 2).toBeGreaterThan(r2 * (1 - 1e-9));
    }
    expect(total).toBeCloseTo(100 * 100, 6);
  });
});

describe('face motion in the scene and the record', () => {
  const face = makeMeshFace(400, 360, 160);
  const input: SceneInput = {
    size: { width: 1920, height: 1080 },
    options: {
      primaryAnimation: 'animate_before_head_turn',
      emphasisEffect: 'subtle_zoom',
      motionSpeed: 'normal',
      aspect: '16:9',
    },
    beforeSize: { width: 800, height: 900 },
    afterSize: { width: 800, height: 900 },
    alignment: null,
    faceCenter: { x: 400, y: 360 },
    treatedArea: null,
    faces: { before: face, after: null },
    branding: { clinicName: 'Test Clinic' },
  };
  const provenanceFor = (sceneInput: SceneInput) =>
    buildProvenance({
      engineVersion: 'test',
      scene: buildScene(sceneInput),
      panels: {
        layout: 'side-by-side',
        before: { x: 0, y: 0, width: 800, height: 900 },
        after: { x: 800, y: 0, width: 800, height: 900 },
        confidence: 1,
        isFallback: false,
        reason: 'test',
      },
      alignment: { applied: false, reason: 'No face found in the after photo' },
      faces: { before: true, after: false, enabled: true },
      treatedArea: null,
      source: { width: 1600, height: 900, format: 'jpeg' },
    });

  it('puts each panel face state in the frame state', () => {
    const scene = buildScene({ ...input, options: { ...input.options, template: 'split' } });
    const state = evaluate(scene, 1.9);
    const before = state.panels.find((panel) => panel.which === 'before');
    const after = state.panels.find((panel) => panel.which === 'after');
    expect(before?.face?.yawDegrees).toBe(15);
    expect(after?.face).toBeNull();
    expect(phasesFor(scene).endCardStart).toBeGreaterThan(6);
  });

  it('lists the motion applied to each panel in the provenance record', () => {
    const provenance = provenanceFor(input);
    expect(provenance.faceMotion.applied).toBe(true);
    expect(provenance.faceMotion.panels).toEqual([
      expect.objectContaining({ panel: 'before', motion: 'head_turn', applied: true }),
      expect.objectContaining({
        panel: 'after',
        motion: 'blink',
        applied: false,
        reason: 'No face found in the after photo, so it was not moved',
      }),
    ]);
    expect(provenance.transforms).toContainEqual(
      expect.objectContaining({ panel: 'before', kind: 'face-warp' }),
    );
    expect(provenance.summary).toContain('before head turn');
    // A missing blink is not worth a warning.
    expect(provenance.warnings.map((warning) => warning.code)).not.toContain('face_motion_skipped');
  });

  it('warns when the chosen animation cannot be applied', () => {
    const provenance = provenanceFor({ ...input, faces: { before: null, after: face } });
    expect(provenance.faceMotion.applied).toBe(true);
    expect(provenance.warnings).toContainEqual({
      code: 'face_motion_skipped',
      message:
        'Face motion skipped on the before photo: No face found in the before photo, so it was not moved.',
    });
  });
});
