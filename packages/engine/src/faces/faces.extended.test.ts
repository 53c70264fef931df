// Extended tier: real photographs from ../shared/fixtures (public-domain portraits of public
// figures, used as test inputs only and never copied here). Skipped where shared/ is absent.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { applyAffine, type Point } from '../geometry.ts';
import { warpRaster } from '../node/canvas-renderer.ts';
import { getNodeFaceDetector } from '../node/human-node.ts';
import { cropRaster, type Raster } from '../raster.ts';
import { alignAfterToBefore, planAlignment } from './alignment.ts';
import type { FaceLandmarks } from './face-types.ts';

const fixtures = fileURLToPath(new URL('../../../../../shared/fixtures/', import.meta.url));

async function loadRaster(file: string): Promise<Raster> {
  const { data, info } = await sharp(file)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8ClampedArray(data) };
}

function distance(p: Point, q: Point): number {
  return Math.hypot(p.x - q.x, p.y - q.y);
}

/** The larger eye-centre error between two faces, as a share of the reference face's width. */
function eyeError(reference: FaceLandmarks, left: Point, right: Point): number {
  return (
    Math.max(distance(reference.leftEye, left), distance(reference.rightEye, right)) /
    reference.box.width
  );
}

const percent = (share: number) => `${(share * 100).toFixed(2)} %`;

describe.runIf(existsSync(fixtures))('faces in the shared fixture photos', () => {
  const faceFiles = Array.from(
    { length: 10 },
    (_, i) => `faces/face-${String(i + 1).padStart(2, '0')}.jpg`,
  );

  it.each(faceFiles)('finds the face in %s', async (file) => {
    const detector = await getNodeFaceDetector();
    const raster = await loadRaster(path.join(fixtures, file));
    const started = performance.now();
    const face = await detector.detect(raster);
    const took = performance.now() - started;
    console.log(`${file} ${raster.width}×${raster.height}: ${took.toFixed(0)} ms`);
    expect(face).toBeDefined();
    if (!face) return;
    expect(face.leftEye.x).toBeLessThan(face.rightEye.x);
    for (const eye of [face.leftEye, face.rightEye]) {
      expect(eye.x).toBeGreaterThan(face.box.x);
      expect(eye.x).toBeLessThan(face.box.x + face.box.width);
      expect(eye.y).toBeGreaterThan(face.box.y);
      expect(eye.y).toBeLessThan(face.box.y + face.box.height);
    }
  });

  it('aligns the after half of sbs-misaligned onto the before half by the eyes', async () => {
    const detector = await getNodeFaceDetector();
    const composite = await loadRaster(path.join(fixtures, 'composites/sbs-misaligned.jpg'));
    expect(composite).toMatchObject({ width: 1520, height: 950 });
    const beforeHalf = cropRaster(composite, { x: 0, y: 0, width: 760, height: 950 });
    const afterHalf = cropRaster(composite, { x: 760, y: 0, width: 760, height: 950 });

    const before = await detector.detect(beforeHalf);
    const after = await detector.detect(afterHalf);
    expect(before && after).toBeTruthy();
    if (!before || !after) return;

    const outcome = planAlignment(before, after);
    expect(outcome.applied).toBe(true);
    const { transform, scale, rotationDegrees, translation } = alignAfterToBefore(before, after);
    // The after half was enlarged (the README says about ×1.12; eye distance, eye corners,
    // face height and box all measure ×1.145 here) and turned 2° clockwise, so undoing it
    // shrinks and turns back anticlockwise.
    expect(scale).toBeGreaterThan(0.84);
    expect(scale).toBeLessThan(0.92);
    expect(rotationDegrees).toBeLessThan(-0.5);
    expect(rotationDegrees).toBeGreaterThan(-3.5);

    const unaligned = eyeError(before, after.leftEye, after.rightEye);
    const mapped = eyeError(
      before,
      applyAffine(transform, after.leftEye),
      applyAffine(transform, after.rightEye),
    );
    expect(unaligned).toBeGreaterThan(0.02);
    expect(mapped).toBeLessThan(0.02);

    // The real check: warp the after pixels and find the face again.
    const warped = warpRaster(afterHalf, transform, { width: 760, height: 950 });
    const realigned = await detector.detect(warped);
    expect(realigned).toBeDefined();
    if (!realigned) return;
    const afterWarp = eyeError(before, realigned.leftEye, realigned.rightEye);
    console.log(
      `sbs-misaligned: scale ${scale.toFixed(4)}, rotation ${rotationDegrees.toFixed(2)}°, ` +
        `translation (${translation.x.toFixed(1)}, ${translation.y.toFixed(1)}); eye error ` +
        `unaligned ${percent(unaligned)}, mapped ${percent(mapped)}, re-detected after warp ` +
        `${percent(afterWarp)} of the ${before.box.width.toFixed(0)} px face width`,
    );
    expect(afterWarp).toBeLessThan(0.02);
  });
});
