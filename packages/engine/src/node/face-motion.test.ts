// Face motion on real canvases (@napi-rs/canvas), with a face that ships with a dependency
// (Human's own warm-up portrait), so these run in every clone.
import type { PrimaryAnimation } from '@glowreel/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildScene, frameCount, type SceneInput } from '../plan/build-scene.ts';
import { panelPlacement } from '../paint/draw-panels.ts';
import type { FaceLandmarks } from '../faces/face-types.ts';
import { IDENTITY, applyAffine, composeAffine, type Point } from '../geometry.ts';
import { deformRig } from '../motion/face-deform.ts';
import { faceMotionAt, type FaceMotionState } from '../motion/face-motion-schedule.ts';
import { buildFaceRig, type FaceRig } from '../motion/face-rig.ts';
import { createRaster, type Raster } from '../raster.ts';
import { evaluate, phasesFor } from '../plan/timeline.ts';
import { createFrameRenderer } from './canvas-renderer.ts';
import { descriptorSimilarity, faceDescriptor } from './face-identity.testing.ts';
import {
  NEUTRAL,
  drawMovedPanel,
  humanSampleFace,
  withSkinTexture,
} from './face-motion.testing.ts';
import { getNodeFaceDetector } from './human-node.ts';
import {
  checkTexture,
  distanceToPolygon,
  isInsidePolygon,
  seamContamination,
} from './face-motion-metrics.testing.ts';

let photo: Raster;
let face: FaceLandmarks;

beforeAll(async () => {
  photo = await humanSampleFace(4);
  const found = await (await getNodeFaceDetector()).detect(photo);
  if (!found) throw new Error('the sample face was not found');
  face = found;
});

const STATES: Record<string, FaceMotionState> = {
  'head turned 15° right': { ...NEUTRAL, yawDegrees: 15 },
  'head turned 15° left': { ...NEUTRAL, yawDegrees: -15 },
  smile: { ...NEUTRAL, smile: 1 },
  surprise: { ...NEUTRAL, surprise: 1 },
  blink: { ...NEUTRAL, blink: 1 },
  // On their way: warped straight onto the frame, not through a kept patch.
  'head turning, 7.5°': { ...NEUTRAL, yawDegrees: 7.5 },
  'half a smile': { ...NEUTRAL, smile: 0.5 },
};

function rigFor(state: FaceMotionState, of: FaceLandmarks = face): FaceRig {
  if (state.yawDegrees !== 0) return buildFaceRig(of, 'head_turn');
  if (state.smile > 0) return buildFaceRig(of, 'smile');
  if (state.surprise > 0) return buildFaceRig(of, 'surprise');
  return buildFaceRig(of, 'blink');
}

function shiftFace(of: FaceLandmarks, by: number): FaceLandmarks {
  return {
    ...of,
    box: { ...of.box, x: of.box.x + by, y: of.box.y + by },
    leftEye: { x: of.leftEye.x + by, y: of.leftEye.y + by },
    rightEye: { x: of.rightEye.x + by, y: of.rightEye.y + by },
    mesh: of.mesh.map(([x, y, z]) => [x + by, y + by, z] as const),
  };
}

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

describe('face motion in the video frames', () => {
  const animations: PrimaryAnimation[] = [
    'animate_before_head_turn',
    'animate_after_head_turn',
    'animate_after_smile',
    'animate_after_surprise',
  ];
  it.each(animations)(
    'leaves every pixel outside the anchor rings as the still layout draws it (%s)',
    (animation) => {
      const input: SceneInput = {
        size: { width: 1280, height: 720 },
        options: {
          primaryAnimation: animation,
          emphasisEffect: 'subtle_zoom',
          motionSpeed: 'normal',
          aspect: '16:9',
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
      expect(moving.faceMotion.records.every((record) => record.applied)).toBe(true);
      const panels = { before: photo, after: tinted(photo), logo: null };
      const withMotion = createFrameRenderer(moving, panels);
      const without = createFrameRenderer(still, panels);
      const step = animation === 'animate_before_head_turn' ? 1 : 3;
      let framesThatMoved = 0;
      let strayPixels = 0;
      for (let index = 0; index < frameCount(moving); index += step) {
        const a = withMotion.frameRaster(index);
        const b = without.frameRaster(index);
        const state = evaluate(moving, index / moving.fps);
        const rings = state.panels.flatMap((panel) => {
          const rig = moving.faceMotion[panel.which]?.rig;
          if (!rig) return [];
          const toOut = composeAffine(
            panelPlacement(panel),
            panel.which === 'before' ? IDENTITY : moving.afterTransform,
          );
          const ring: Point[] = [];
          for (let i = 0; i < rig.ring.length; i += 2) {
            ring.push(applyAffine(toOut, { x: rig.ring[i] ?? 0, y: rig.ring[i + 1] ?? 0 }));
          }
          return [ring];
        });
        let differs = false;
        for (let p = 0; p < a.data.length; p += 4) {
          if (
            a.data[p] === b.data[p] &&
            a.data[p + 1] === b.data[p + 1] &&
            a.data[p + 2] === b.data[p + 2]
          ) {
            continue;
          }
          differs = true;
          const pixel = { x: ((p / 4) % a.width) + 0.5, y: Math.floor(p / 4 / a.width) + 0.5 };
          // Within the ring, or within 2 px of it (anti-aliased edges of the outermost triangles).
          const isNear = rings.some(
            (ring) => isInsidePolygon(ring, pixel) || distanceToPolygon(ring, pixel) <= 2,
          );
          if (!isNear) strayPixels += 1;
        }
        if (differs) framesThatMoved += 1;
      }
      expect(strayPixels).toBe(0);
      // Not vacuous: the faces really moved in most of the video.
      expect(framesThatMoved).toBeGreaterThan(animation === 'animate_before_head_turn' ? 100 : 10);
    },
    // Two 720p renders of up to 240 frames each on a shared 2-core machine.
    300_000,
  );
});

describe('the face warp', () => {
  it.each(Object.keys(STATES))('leaves no gap between triangles of a checkerboard (%s)', (name) => {
    const state = STATES[name] ?? NEUTRAL;
    // The board is larger than the photo so the whole anchor ring lies on it.
    const pad = 400;
    const rig = rigFor(state, shiftFace(face, pad));
    const board = createRaster(photo.width + 2 * pad, photo.height + 2 * pad);
    for (let y = 0; y < board.height; y += 1) {
      for (let x = 0; x < board.width; x += 1) {
        const shade = (Math.floor(x / 12) + Math.floor(y / 12)) % 2 === 0 ? 255 : 0;
        board.data.set([shade, shade, shade, 255], (y * board.width + x) * 4);
      }
    }
    // Magenta under the warp: any gap between moved triangles lets it through.
    const drawn = drawMovedPanel(board, rig, state, { background: '#ff00ff' });
    const seams = seamContamination(drawn.raster, rig, deformRig(rig, state).positions);
    expect(drawn.triangles).toBeGreaterThan(10);
    expect(seams.checked).toBeGreaterThan(5000);
    expect(seams.contaminated).toBe(0);
    // The same check sees the seams when triangles are not grown (so it can fail).
    const bare = drawMovedPanel(board, rig, state, {
      background: '#ff00ff',
      warp: { seamOverlapPx: 0 },
    });
    expect(
      seamContamination(bare.raster, rig, deformRig(rig, state).positions).contaminated,
    ).toBeGreaterThan(0);
  });

  // The blink squeezes the eye opening shut by design, so it has no undistorted triangles to compare.
  it.each(Object.keys(STATES).filter((name) => name !== 'blink'))(
    'keeps the fine texture of every moved triangle as it was (%s)',
    (name) => {
      const state = STATES[name] ?? NEUTRAL;
      const rig = rigFor(state);
      const skin = withSkinTexture(photo);
      // As in a video frame: the panel is resampled onto the output, off the pixel grid.
      const imageToOutput = { a: 0.7, b: 0, c: 0, d: 0.7, e: 0.3, f: 0.45 };
      const still = drawMovedPanel(skin, rig, NEUTRAL, { imageToOutput }).raster;
      const moved = drawMovedPanel(skin, rig, state, { imageToOutput }).raster;
      const positions = deformRig(rig, state).positions;
      const result = checkTexture(still, moved, rig, positions, imageToOutput);
      console.log(
        `texture (${name}): ${result.triangles} triangles compared, high-frequency energy ratio median ${result.median.toFixed(3)}, furthest from 1: ${result.worst.toFixed(3)}`,
      );
      expect(result.triangles).toBeGreaterThan(3);
      expect(Math.abs(result.median - 1)).toBeLessThan(0.05);
      expect(Math.abs(result.worst - 1)).toBeLessThan(0.15);
      // A repainted (softened) face fails the same check.
      const softened = checkTexture(still, boxBlur(moved), rig, positions, imageToOutput);
      expect(Math.abs(softened.median - 1)).toBeGreaterThan(0.05);
    },
  );
});

function boxBlur(raster: Raster): Raster {
  const out = createRaster(raster.width, raster.height);
  out.data.set(raster.data);
  for (let y = 1; y < raster.height - 1; y += 1) {
    for (let x = 1; x < raster.width - 1; x += 1) {
      for (let c = 0; c < 3; c += 1) {
        let sum = 0;
        for (let dy = -1; dy <= 1; dy += 1) {
          for (let dx = -1; dx <= 1; dx += 1) {
            sum += raster.data[((y + dy) * raster.width + x + dx) * 4 + c] ?? 0;
          }
        }
        out.data[(y * raster.width + x) * 4 + c] = sum / 9;
      }
    }
  }
  return out;
}

describe('identity', () => {
  it('keeps the face descriptor of every 10th frame close to frame 0 for every motion', async () => {
    const scene = buildScene({
      size: { width: 1920, height: 1080 },
      options: {
        primaryAnimation: 'animate_before_head_turn',
        emphasisEffect: 'none',
        motionSpeed: 'normal',
        aspect: '16:9',
      },
      beforeSize: photo,
      afterSize: photo,
      alignment: null,
      faceCenter: null,
      treatedArea: null,
      faces: { before: face, after: face },
      branding: { clinicName: 'Test Clinic' },
    });
    const timing = { motionSpeed: scene.motionSpeed, endCardStart: phasesFor(scene).endCardStart };
    const reference = await faceDescriptor(photo);
    expect(reference).toBeDefined();
    if (!reference) return;
    let worst = 1;
    for (const kind of ['head_turn', 'smile', 'surprise', 'blink'] as const) {
      const rig = buildFaceRig(face, kind);
      const seen = new Map<string, number>();
      for (let index = 10; index < frameCount(scene); index += 10) {
        const state = faceMotionAt(kind, 'before', timing, index / scene.fps);
        const key = JSON.stringify(state);
        let similarity = seen.get(key);
        if (similarity === undefined) {
          const descriptor = await faceDescriptor(drawMovedPanel(photo, rig, state).raster);
          expect(descriptor, `${kind} frame ${index}: face lost`).toBeDefined();
          similarity = descriptor ? descriptorSimilarity(reference, descriptor) : 0;
          seen.set(key, similarity);
        }
        worst = Math.min(worst, similarity);
        expect(similarity, `${kind} frame ${index}`).toBeGreaterThan(IDENTITY_THRESHOLD);
      }
    }
    console.log(`identity (sample face): lowest similarity to frame 0 is ${worst.toFixed(3)}`);
  }, 300_000);
});

/**
 * Cosine similarity of faceres descriptors. Two different people among the shared fixture
 * portraits reach at most 0.56; the same photo re-encoded scores above 0.95.
 */
const IDENTITY_THRESHOLD = 0.8;
