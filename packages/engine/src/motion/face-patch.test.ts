import { describe, expect, it } from 'vitest';
import { makeMeshFace } from '../faces/face-landmarks.factory.ts';
import { IDENTITY } from '../geometry.ts';
import type { Canvas2D } from '../paint/canvas.ts';
import { buildScene, frameCount } from '../plan/build-scene.ts';
import { evaluate } from '../plan/timeline.ts';
import { createFacePatches, isHeldFaceState, type Surface } from './face-patch.ts';
import type { FaceMotionState } from './face-motion-schedule.ts';
import { buildFaceRig } from './face-rig.ts';

const REST: FaceMotionState = { yawDegrees: 0, smile: 0, surprise: 0, blink: 0 };

/** A canvas that draws nothing and counts the triangles filled and the clears. */
function countingSurface(width: number, height: number) {
  const counts = { fills: 0, clears: 0 };
  const state: Record<string | symbol, unknown> = {};
  const context = new Proxy(state, {
    get(target, key) {
      if (key === 'fill') return () => (counts.fills += 1);
      if (key === 'clearRect') return () => (counts.clears += 1);
      if (key === 'createPattern') return () => ({});
      if (key in target) return target[key];
      return () => undefined;
    },
    set(target, key, value) {
      target[key] = value;
      return true;
    },
  }) as unknown as Canvas2D<object>;
  const surface: Surface<object> = { image: {}, context, width, height };
  return { surface, counts };
}

describe('held face states', () => {
  it('counts a motion at rest or at its full amount as held, one on its way as not', () => {
    expect(isHeldFaceState({ ...REST, smile: 1 })).toBe(true);
    expect(isHeldFaceState({ ...REST, surprise: 1 })).toBe(true);
    expect(isHeldFaceState({ ...REST, yawDegrees: -15 })).toBe(true);
    expect(isHeldFaceState({ ...REST, smile: 0.5 })).toBe(false);
    expect(isHeldFaceState({ ...REST, yawDegrees: 7.5 })).toBe(false);
    expect(isHeldFaceState({ ...REST, smile: 1, blink: 0.2 })).toBe(false);
  });

  it('holds the after smile at exactly its full amount through most of the split', () => {
    const face = makeMeshFace(400, 360, 160);
    const scene = buildScene({
      size: { width: 1920, height: 1080 },
      options: {
        primaryAnimation: 'animate_after_smile',
        emphasisEffect: 'subtle_zoom',
        motionSpeed: 'normal',
        aspect: '16:9',
        template: 'split',
      },
      beforeSize: { width: 800, height: 900 },
      afterSize: { width: 800, height: 900 },
      alignment: null,
      faceCenter: { x: 400, y: 360 },
      treatedArea: null,
      faces: { before: face, after: face },
      branding: { clinicName: 'Test Clinic' },
    });
    let held = 0;
    for (let frame = 0; frame < frameCount(scene); frame += 1) {
      const after = evaluate(scene, frame / scene.fps).panels.find((p) => p.which === 'after');
      if (after?.face && after.face.smile === 1 && isHeldFaceState(after.face)) held += 1;
    }
    // The frames that reuse one patch instead of warping the face again.
    expect(held).toBeGreaterThan(60);
  });
});

describe('face patches', () => {
  const rig = buildFaceRig(makeMeshFace(400, 360, 160), 'smile');
  const photo = {};

  it('warps a held face once and reuses the patch while the state lasts', () => {
    const made: ReturnType<typeof countingSurface>[] = [];
    const patches = createFacePatches((width, height) => {
      const surface = countingSurface(width, height);
      made.push(surface);
      return surface.surface;
    });
    const smiling = { ...REST, smile: 1 };
    const first = patches.patchFor(photo, rig, smiling, IDENTITY);
    expect(first?.triangles).toBeGreaterThan(10);
    expect(made).toHaveLength(1);
    const fills = made[0]?.counts.fills ?? 0;
    expect(fills).toBe(first?.triangles);
    for (let frame = 0; frame < 30; frame += 1) {
      expect(patches.patchFor(photo, rig, { ...smiling }, IDENTITY)).toBe(first);
    }
    expect(made[0]?.counts.fills).toBe(fills);
  });

  it('repaints on a new state in the same surface when it fits, cleared first', () => {
    const made: ReturnType<typeof countingSurface>[] = [];
    const patches = createFacePatches((width, height) => {
      const surface = countingSurface(width, height);
      made.push(surface);
      return surface.surface;
    });
    const full = patches.patchFor(photo, rig, { ...REST, smile: 1 }, IDENTITY);
    const less = patches.patchFor(photo, rig, { ...REST, smile: 0.6 }, IDENTITY);
    expect(less).not.toBe(full);
    expect(made).toHaveLength(1);
    expect(made[0]?.counts.clears).toBe(1);
    expect(less?.width).toBeLessThanOrEqual(full?.width ?? 0);
  });

  it('paints nothing for a face at rest', () => {
    const patches = createFacePatches<object>(() => {
      throw new Error('no surface is needed for a face at rest');
    });
    expect(patches.patchFor(photo, rig, REST, IDENTITY)).toBeNull();
  });
});
