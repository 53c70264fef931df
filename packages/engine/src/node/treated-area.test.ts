// DESIGN.md D16 on real canvases: whatever face motion runs, the treated area of the after
// photo is drawn exactly as the still photo, in every sampled frame. The face is Human's own
// warm-up portrait (it ships with a dependency), so this runs in every clone.
import { TREATED_AREAS, type TreatedAreaName } from '@glowreel/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FaceLandmarks } from '../faces/face-types.ts';
import { applyAffine, composeAffine, type Point, type Rect } from '../geometry.ts';
import { panelPlacement } from '../paint/draw-panels.ts';
import { buildScene, frameCount, type SceneInput } from '../plan/build-scene.ts';
import { evaluate } from '../plan/timeline.ts';
import { deformRig } from '../motion/face-deform.ts';
import type { FaceMotionKind } from '../motion/face-motion-schedule.ts';
import { buildFaceRig } from '../motion/face-rig.ts';
import {
  MOTION_MOVES,
  TREATED_AREA_REGIONS,
  animationsAllowedFor,
} from '../motion/treated-area-rules.ts';
import { arePolygonsWithin, treatedRegionPolygons } from '../motion/treated-region.ts';
import { createRaster, type Raster } from '../raster.ts';
import { createFrameRenderer } from './canvas-renderer.ts';
import { isInsidePolygon } from './face-motion-metrics.testing.ts';
import { humanSampleFace } from './face-motion.testing.ts';
import { getNodeFaceDetector } from './human-node.ts';

let photo: Raster;
let face: FaceLandmarks;

beforeAll(async () => {
  photo = await humanSampleFace(4);
  const found = await (await getNodeFaceDetector()).detect(photo);
  if (!found) throw new Error('the sample face was not found');
  face = found;
});

function isInside(clip: Rect, x: number, y: number): boolean {
  return (
    x >= clip.x + 2 &&
    x + 1 <= clip.x + clip.width - 2 &&
    y >= clip.y + 2 &&
    y + 1 <= clip.y + clip.height - 2
  );
}

const FACE_AREAS = TREATED_AREAS.filter((area) => TREATED_AREA_REGIONS[area].length > 0);

/** The after photo a little warmer, so a pixel taken from the before panel would show. */
function tinted(raster: Raster): Raster {
  const out = createRaster(raster.width, raster.height);
  for (let i = 0; i < raster.data.length; i += 4) {
    out.data[i] = (raster.data[i] ?? 0) * 1.04;
    out.data[i + 1] = raster.data[i + 1] ?? 0;
    out.data[i + 2] = (raster.data[i + 2] ?? 0) * 0.96;
    out.data[i + 3] = 255;
  }
  return out;
}

const FULL: Record<
  Exclude<FaceMotionKind, 'head_turn'>,
  { smile: number; surprise: number; blink: number }
> = {
  smile: { smile: 1, surprise: 0, blink: 0 },
  surprise: { smile: 0, surprise: 1, blink: 0 },
  blink: { smile: 0, surprise: 0, blink: 1 },
};

describe('the rig with a treated area', () => {
  const pairs = FACE_AREAS.flatMap((area) =>
    (['smile', 'surprise', 'blink'] as const)
      .filter((kind) => !MOTION_MOVES[kind].includes(area))
      .map((kind) => [area, kind] as [TreatedAreaName, Exclude<FaceMotionKind, 'head_turn'>]),
  );

  it.each(pairs)('pins every triangle touching the %s while a %s moves the rest', (area, kind) => {
    const protect = treatedRegionPolygons(face, area);
    const rig = buildFaceRig(face, kind, { protect });
    const { positions } = deformRig(rig, { yawDegrees: 0, ...FULL[kind] });
    const moved = (v: number) =>
      (positions[v * 2] ?? 0) !== (rig.rest[v * 3] ?? 0) ||
      (positions[v * 2 + 1] ?? 0) !== (rig.rest[v * 3 + 1] ?? 0);
    let touching = 0;
    for (let t = 0; t < rig.triangles.length; t += 3) {
      const corners = [rig.triangles[t] ?? 0, rig.triangles[t + 1] ?? 0, rig.triangles[t + 2] ?? 0];
      const shape = corners.map((v) => ({ x: rig.rest[v * 3] ?? 0, y: rig.rest[v * 3 + 1] ?? 0 }));
      if (!protect.some((patch) => arePolygonsWithin(shape, patch, 0))) continue;
      touching += 1;
      for (const v of corners) expect(moved(v), `vertex ${v} of a ${area} triangle`).toBe(false);
    }
    expect(touching).toBeGreaterThan(0);
    // Not a frozen face: the motion still moves the rest of it.
    expect(rig.weight.some((_, v) => moved(v))).toBe(true);
  });
});

describe('the treated area in the video frames', () => {
  const cases = FACE_AREAS.flatMap((area) =>
    animationsAllowedFor(area).map((animation) => [area, animation] as const),
  );

  it.each(cases)(
    'draws the %s of the after photo as the still photo in every sampled frame (%s)',
    (area, animation) => {
      const input: SceneInput = {
        size: { width: 1280, height: 720 },
        options: {
          primaryAnimation: animation,
          emphasisEffect: 'subtle_zoom',
          motionSpeed: 'normal',
          aspect: '16:9',
          treatedArea: area,
        },
        beforeSize: photo,
        afterSize: photo,
        alignment: { a: 0.99, b: 0.015, c: -0.015, d: 0.99, e: 6, f: -4 },
        faceCenter: { x: face.box.x + face.box.width / 2, y: face.box.y + face.box.height / 2 },
        treatedArea: null,
        faces: { before: face, after: face },
        branding: { clinicName: 'Test Clinic' },
      };
      const moving = buildScene(input);
      // The same scene and framing with no face moved: what the still layout draws.
      const still = { ...moving, faceMotion: { before: null, after: null, records: [] } };
      const panels = { before: photo, after: tinted(photo), logo: null };
      const withMotion = createFrameRenderer(moving, panels);
      const without = createFrameRenderer(still, panels);
      const patches = treatedRegionPolygons(face, area);
      let checked = 0;
      let worst = 0;
      let framesThatMoved = 0;
      for (let index = 0; index < frameCount(moving); index += 5) {
        const a = withMotion.frameRaster(index);
        const b = without.frameRaster(index);
        const state = evaluate(moving, index / moving.fps);
        if (a.data.some((value, p) => value !== b.data[p])) framesThatMoved += 1;
        const afterPanel = state.panels.find((panel) => panel.which === 'after');
        if (!afterPanel) continue;
        const toOut = composeAffine(panelPlacement(afterPanel), moving.afterTransform);
        for (const patch of patches) {
          const shown: Point[] = patch.map((p) => applyAffine(toOut, p));
          const xs = shown.map((p) => p.x);
          const ys = shown.map((p) => p.y);
          const x0 = Math.max(0, Math.floor(Math.min(...xs)));
          const x1 = Math.min(a.width - 1, Math.ceil(Math.max(...xs)));
          const y0 = Math.max(0, Math.floor(Math.min(...ys)));
          const y1 = Math.min(a.height - 1, Math.ceil(Math.max(...ys)));
          for (let y = y0; y <= y1; y += 1) {
            for (let x = x0; x <= x1; x += 1) {
              // Only where the after panel is painted (the wipe reveals it bit by bit), away
              // from the anti-aliased clip edge the before panel shares.
              if (!isInside(afterPanel.clip, x, y)) continue;
              if (!isInsidePolygon(shown, { x: x + 0.5, y: y + 0.5 })) continue;
              const p = (y * a.width + x) * 4;
              for (let c = 0; c < 3; c += 1)
                worst = Math.max(worst, Math.abs((a.data[p + c] ?? 0) - (b.data[p + c] ?? 0)));
              checked += 1;
            }
          }
        }
      }
      expect(checked).toBeGreaterThan(1000);
      expect(worst, `largest difference inside the ${area}`).toBeLessThanOrEqual(1);
      // Not vacuous: some face still moved (the before head turn at least).
      expect(framesThatMoved).toBeGreaterThan(5);
    },
    300_000,
  );
});
