// The server's face warp against Canvas 2D's (the preview's), on the face that ships with a
// dependency: the same triangles from the same photo, differing by rounding only, and never a
// pixel outside the panel's clip.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FaceLandmarks } from '../../faces/face-types.ts';
import type { FaceMotionKind, FaceMotionState } from '../../motion/face-motion-schedule.ts';
import { buildFaceRig } from '../../motion/face-rig.ts';
import type { Raster } from '../../raster.ts';
import { rasterToCanvas } from '../canvas-renderer.ts';
import {
  IDENTITY_PLACEMENT,
  NEUTRAL,
  drawMovedPanel,
  humanSampleFace,
  withSkinTexture,
} from '../face-motion.testing.ts';
import { getNodeFaceDetector } from '../human-node.ts';
import { TRIANGLE_WARP, assembleWat } from '../wasm.assemble.ts';
import { createTriangleWarp } from './triangle-warp.ts';

let photo: Raster;
let face: FaceLandmarks;

beforeAll(async () => {
  photo = withSkinTexture(await humanSampleFace(3));
  const found = await (await getNodeFaceDetector()).detect(photo);
  if (!found) throw new Error('the sample face was not found');
  face = found;
});

/**
 * States on their way, which Canvas 2D also warps straight from the photo (a held state it
 * paints from a patch sampled twice as fine, which is its own approximation).
 */
const STATES: [string, FaceMotionKind, FaceMotionState][] = [
  ['a smile on its way', 'smile', { ...NEUTRAL, smile: 0.5 }],
  ['a brow raise', 'surprise', { ...NEUTRAL, surprise: 0.7 }],
  ['a blink', 'blink', { ...NEUTRAL, blink: 0.6 }],
  ['a head turning', 'head_turn', { ...NEUTRAL, yawDegrees: 9 }],
];

describe('the server face warp', () => {
  it('ships the binary its WebAssembly text assembles to', async () => {
    expect(new Uint8Array(readFileSync(TRIANGLE_WARP.binary))).toEqual(
      await assembleWat(TRIANGLE_WARP),
    );
  });

  it.each(STATES)('paints %s as Canvas 2D does, within rounding', (_name, kind, state) => {
    const rig = buildFaceRig(face, kind);
    // Scaled, turned and off the pixel grid, as a panel lands on a frame.
    const imageToOutput = { a: 0.83, b: 0.02, c: -0.02, d: 0.83, e: 0.3, f: 0.45 };
    const still = drawMovedPanel(photo, rig, NEUTRAL, { imageToOutput }).raster;
    const canvas = drawMovedPanel(photo, rig, state, { imageToOutput });
    const server = drawMovedPanel(photo, rig, state, { imageToOutput, painter: 'server' });
    expect(server.triangles).toBe(canvas.triangles);
    expect(server.triangles).toBeGreaterThan(5);
    let moved = 0;
    let total = 0;
    let far = 0;
    for (let i = 0; i < still.data.length; i += 1) {
      if (i % 4 === 3) continue;
      const a = canvas.raster.data[i] ?? 0;
      const b = server.raster.data[i] ?? 0;
      if (a === still.data[i] && b === still.data[i]) continue;
      moved += 1;
      total += Math.abs(a - b);
      if (Math.abs(a - b) > 2) far += 1;
    }
    expect(moved).toBeGreaterThan(1000);
    expect(total / moved).toBeLessThan(0.5);
    // Anti-aliased triangle edges (Canvas 2D) against whole pixels (the server) at the rim and
    // along the thin triangles of a closing eyelid.
    expect(far / moved).toBeLessThan(0.02);
  });

  it('paints only the whole pixels inside the clip, and nothing when the face lies outside', () => {
    const rig = buildFaceRig(face, 'head_turn');
    const image = rasterToCanvas(photo);
    const width = photo.width;
    const height = photo.height;
    const clip = {
      x: 10.5,
      y: 20.25,
      width: face.box.x + face.box.width / 2 - 10.5,
      height: 600.5,
    };
    const frame = { data: new Uint8Array(width * height * 4).fill(9), width, height };
    const warp = createTriangleWarp();
    const state = { ...NEUTRAL, yawDegrees: 12 };
    expect(warp.warpInto(frame, image, rig, state, IDENTITY_PLACEMENT, clip)).toBeGreaterThan(5);
    let inside = 0;
    let outside = 0;
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        if (frame.data[(y * width + x) * 4] === 9) continue;
        const whole =
          x >= 11 && x + 1 <= clip.x + clip.width && y >= 21 && y + 1 <= clip.y + clip.height;
        if (whole) inside += 1;
        else outside += 1;
      }
    }
    expect(inside).toBeGreaterThan(1000);
    expect(outside).toBe(0);
    const away = { x: width + 10, y: 0, width: 100, height: 100 };
    const untouched = { data: new Uint8Array(width * height * 4).fill(9), width, height };
    expect(warp.warpInto(untouched, image, rig, state, IDENTITY_PLACEMENT, away)).toBe(0);
    expect(untouched.data.every((value) => value === 9)).toBe(true);
  });

  it('samples the photo it was given for each canvas, kept from the first frame', () => {
    const rig = buildFaceRig(face, 'smile');
    const warp = createTriangleWarp();
    const state = { ...NEUTRAL, smile: 1 };
    const everywhere = { x: 0, y: 0, width: photo.width, height: photo.height };
    const paint = (raster: Raster) => {
      const frame = {
        data: new Uint8Array(raster.data),
        width: raster.width,
        height: raster.height,
      };
      warp.warpInto(frame, rasterToCanvas(raster), rig, state, IDENTITY_PLACEMENT, everywhere);
      return frame.data;
    };
    const dark = { ...photo, data: photo.data.map((value, i) => (i % 4 === 3 ? 255 : value >> 1)) };
    // A second photo (the other panel) is sampled from its own pixels, not the first one's.
    const first = paint(photo);
    const second = paint(dark);
    let brighter = 0;
    for (let i = 0; i < first.length; i += 4)
      if ((first[i] ?? 0) > (second[i] ?? 0) + 20) brighter += 1;
    expect(brighter).toBeGreaterThan(photo.width * photo.height * 0.5);
  });
});
