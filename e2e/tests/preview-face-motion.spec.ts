// Face motion draws the same frames in the browser preview as in the server render: the
// scene (with the face mesh) is built from the same input on both sides, and the warp is
// the engine's own Canvas 2D code.
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { harnessFonts } from '../helpers/engine-fonts.ts';
import { build } from 'esbuild';
import { buildScene, type FaceLandmarks, type Raster, type SceneInput } from '@glowreel/engine';
import { createFrameRenderer } from '@glowreel/engine/node';

/** Fine texture plus broad shading, so any sampling difference would show. */
function texturedPanel(width: number, height: number, tint: number): Raster {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 4;
      const shade = 120 + 60 * Math.sin(x / 9) * Math.cos(y / 13) + 20 * Math.sin((x + y) / 3);
      data[i] = shade + tint;
      data[i + 1] = shade * 0.8;
      data[i + 2] = shade * 0.7 - tint;
      data[i + 3] = 255;
    }
  }
  return { width, height, data };
}

/** A generated 468-point mesh over an elliptical face (seeded), eyes `eye` px apart. */
function generatedFace(cx: number, cy: number, eye: number): FaceLandmarks {
  let seed = 11;
  const random = () => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return (seed >>> 8) / 0x1000000;
  };
  const mesh = Array.from({ length: 468 }, () => {
    const angle = random() * 2 * Math.PI;
    const r = Math.sqrt(random());
    return [
      cx + Math.cos(angle) * r * 1.1 * eye,
      cy + Math.sin(angle) * r * 1.4 * eye,
      (r * r - 0.5) * 0.8 * eye,
    ] as const;
  });
  return {
    box: { x: cx - 1.1 * eye, y: cy - 1.4 * eye, width: 2.2 * eye, height: 2.8 * eye },
    leftEye: { x: cx - eye / 2, y: cy - 0.3 * eye },
    rightEye: { x: cx + eye / 2, y: cy - 0.3 * eye },
    score: 0.95,
    mesh,
  };
}

const toBase64 = (raster: Raster) =>
  Buffer.from(raster.data.buffer, raster.data.byteOffset, raster.data.length).toString('base64');

test('the browser preview moves the faces exactly as the server render does', async ({ page }) => {
  // Seven frames drawn on both sides, on a shared 2-core machine.
  test.setTimeout(240_000);
  const bundle = await build({
    entryPoints: [path.join(import.meta.dirname, '../harness/preview-harness.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
  });
  await page.setContent('<!doctype html><html><body></body></html>');
  await page.addScriptTag({ content: bundle.outputFiles[0]?.text ?? '' });

  const before = texturedPanel(600, 720, 0);
  const after = texturedPanel(600, 720, 30);
  const face = generatedFace(300, 330, 170);
  const fonts = harnessFonts();
  const cases: { animation: SceneInput['options']['primaryAnimation']; seconds: number[] }[] = [
    // Mid-turn during the wipe, the held turn, the other way in the side-by-side; a blink.
    { animation: 'animate_before_head_turn', seconds: [1.2, 1.9, 4.3] },
    { animation: 'animate_after_smile', seconds: [2.0, 2.65, 5.0] },
    { animation: 'animate_after_surprise', seconds: [4.0] },
  ];
  for (const { animation, seconds } of cases) {
    const input: SceneInput = {
      size: { width: 1280, height: 720 },
      options: {
        primaryAnimation: animation,
        emphasisEffect: 'subtle_zoom',
        motionSpeed: 'normal',
        aspect: '16:9',
      },
      beforeSize: before,
      afterSize: after,
      alignment: { a: 0.98, b: 0.02, c: -0.02, d: 0.98, e: 6, f: -4 },
      faceCenter: { x: 300, y: 330 },
      treatedArea: null,
      faces: { before: face, after: face },
      branding: { clinicName: 'Lumen Aesthetics' },
    };
    const scene = buildScene(input);
    expect(scene.faceMotion.records.every((record) => record.applied)).toBe(true);
    const server = createFrameRenderer(scene, { before, after, logo: null });
    const still = createFrameRenderer(buildScene({ ...input, faces: null }), {
      before,
      after,
      logo: null,
    });
    for (const t of seconds) {
      const frameIndex = Math.round(t * scene.fps);
      const expected = server.frameRaster(frameIndex);
      const unmoved = still.frameRaster(frameIndex);
      const previewBase64 = await page.evaluate(
        ([sceneInput, panels, fontFiles, time]) =>
          (
            globalThis as unknown as {
              renderPreviewFrame: (...args: unknown[]) => Promise<string>;
            }
          ).renderPreviewFrame(sceneInput, panels, fontFiles, time),
        [
          input,
          {
            before: { width: before.width, height: before.height, rgbaBase64: toBase64(before) },
            after: { width: after.width, height: after.height, rgbaBase64: toBase64(after) },
          },
          fonts,
          frameIndex / scene.fps,
        ] as const,
      );
      const preview = Buffer.from(previewBase64, 'base64');
      expect(preview.length).toBe(expected.data.length);
      // Compare where the face moved: pixels the warp changed in the server frame.
      let moved = 0;
      let error = 0;
      const large = 0;
      for (let i = 0; i < preview.length; i += 4) {
        let changed = false;
        for (let c = 0; c < 3; c += 1)
          if (expected.data[i + c] !== unmoved.data[i + c]) changed = true;
        if (!changed) continue;
        moved += 1;
        for (let c = 0; c < 3; c += 1)
          error += Math.abs((preview[i + c] ?? 0) - (expected.data[i + c] ?? 0)) / 3;
      }
      const meanError = error / Math.max(1, moved);
      console.log(
        `${animation} at ${t} s: ${moved} moved pixels, mean absolute error there ${meanError.toFixed(3)} levels of 255, ${((100 * large) / Math.max(1, moved)).toFixed(2)} % of them off by more than 8`,
      );
      expect(moved).toBeGreaterThan(500);
      // The two Skia builds round bilinear sampling of this fine texture slightly differently
      // (a uniform 0.3–2 levels); a triangle in the wrong place or a seam would show as pixels
      // far off, and there must be next to none of those.
      expect(meanError).toBeLessThan(3);
      expect(large / moved).toBeLessThan(0.005);
    }
  }
});
