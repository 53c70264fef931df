// Extended tier: real photographs from ../shared/fixtures (public-domain portraits of public
// figures, used as test inputs only and never copied here). Skipped where shared/ is absent.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { applyAffine, invertAffine, type Point } from '../geometry.ts';
import { warpRaster } from '../node/canvas-renderer.ts';
import { getNodeFaceDetector } from '../node/human-node.ts';
import { cropRaster, type Raster } from '../raster.ts';
import { detectPanels } from '../analysis/split.ts';
import { buildScene } from '../plan/build-scene.ts';
import { makeSceneInput } from '../plan/scene-input.factory.ts';
import { createRaster } from '../raster.ts';
import { alignAfterToBefore, planAlignment } from './alignment.ts';
import { faceSceneFields } from './face-scene-fields.ts';
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

  /** Both panels of a fixture: the halves of a composite (split as the render splits), or a pair. */
  async function panelsOf(files: string[]): Promise<{ before: Raster; after: Raster }> {
    const [first, second] = files;
    if (second) {
      return {
        before: await loadRaster(path.join(fixtures, 'composites', first ?? '')),
        after: await loadRaster(path.join(fixtures, 'composites', second)),
      };
    }
    const composite = await loadRaster(path.join(fixtures, 'composites', first ?? ''));
    const split = detectPanels(composite);
    return {
      before: cropRaster(composite, split.before),
      after: cropRaster(composite, split.after),
    };
  }

  const everyFixture = [
    { files: ['sbs-nogap.jpg'], isAligned: true },
    { files: ['sbs-gutter20.jpg'], isAligned: true },
    { files: ['sbs-labels.jpg'], isAligned: true },
    { files: ['stacked.jpg'], isAligned: true },
    { files: ['sbs-portrait.jpg'], isAligned: true },
    { files: ['sbs-small-640x360.png'], isAligned: true },
    { files: ['pair-01-before.jpg', 'pair-01-after.jpg'], isAligned: true },
    { files: ['pair-02-before.jpg', 'pair-02-after.jpg'], isAligned: true },
    { files: ['sbs-misaligned.jpg'], isAligned: false },
  ];

  it.each(everyFixture)(
    '$files: aligned only when the halves are not, and every shown pixel is from both photos',
    async ({ files, isAligned }) => {
      const detector = await getNodeFaceDetector();
      const { before, after } = await panelsOf(files);
      const fields = faceSceneFields({
        before: await detector.detect(before),
        after: await detector.detect(after),
        autoAlign: true,
        wasDetectionRun: true,
        panelSizes: { before, after },
      });
      const scene = buildScene(
        makeSceneInput({ beforeSize: before, afterSize: after, ...fields.scene }),
      );
      console.log(
        `${files.join(' + ')}: ${fields.alignment.applied ? 'aligned' : fields.alignment.reason}; ` +
          `coverage ${JSON.stringify(scene.coverage)} of ${before.width}×${before.height}`,
      );
      expect(fields.alignment.applied).toBe(!isAligned);
      if (isAligned) {
        // The identity: the after photo is shown as it is, on the whole frame.
        expect(fields.scene.alignment).toBeNull();
        expect(scene.coverage).toEqual({ x: 0, y: 0, width: before.width, height: before.height });
      }

      // The coverage lies inside the before photo, and its corners inside the after photo.
      const { coverage } = scene;
      expect(coverage.x).toBeGreaterThanOrEqual(0);
      expect(coverage.y).toBeGreaterThanOrEqual(0);
      expect(coverage.x + coverage.width).toBeLessThanOrEqual(before.width);
      expect(coverage.y + coverage.height).toBeLessThanOrEqual(before.height);
      const toAfter = invertAffine(scene.afterTransform);
      for (const [x, y] of [
        [coverage.x, coverage.y],
        [coverage.x + coverage.width, coverage.y],
        [coverage.x, coverage.y + coverage.height],
        [coverage.x + coverage.width, coverage.y + coverage.height],
      ] as const) {
        const p = applyAffine(toAfter, { x, y });
        expect(p.x).toBeGreaterThanOrEqual(-1e-6);
        expect(p.y).toBeGreaterThanOrEqual(-1e-6);
        expect(p.x).toBeLessThanOrEqual(after.width + 1e-6);
        expect(p.y).toBeLessThanOrEqual(after.height + 1e-6);
      }
      // Drawn as the render draws it, no pixel inside the coverage comes from outside the photo.
      const opaqueAfter = createRaster(after.width, after.height);
      opaqueAfter.data.fill(255);
      const warped = warpRaster(opaqueAfter, scene.afterTransform, before);
      let uncovered = 0;
      for (let y = coverage.y; y < coverage.y + coverage.height; y += 1) {
        for (let x = coverage.x; x < coverage.x + coverage.width; x += 1) {
          if ((warped.data[(y * warped.width + x) * 4 + 3] ?? 0) < 255) uncovered += 1;
        }
      }
      expect(uncovered).toBe(0);
    },
  );
});
