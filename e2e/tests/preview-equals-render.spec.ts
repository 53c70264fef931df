import path from 'node:path';
import { expect, test } from '@playwright/test';
import { harnessFonts } from '../helpers/engine-fonts.ts';
import { build } from 'esbuild';
import { EMPHASIS_EFFECTS, TEMPLATES } from '@glowreel/contracts';
import { buildScene, coverSeconds, type Raster, type SceneInput } from '@glowreel/engine';
import { createFrameRenderer } from '@glowreel/engine/node';

/** A textured panel painted in code, so filtering differences would show if there were any. */
function texturedPanel(width: number, height: number, tint: number): Raster {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 4;
      const shade = 120 + 70 * Math.sin(x / 23) * Math.cos(y / 31);
      data[i] = shade + tint;
      data[i + 1] = shade * 0.8;
      data[i + 2] = shade * 0.7 - tint;
      data[i + 3] = 255;
    }
  }
  return { width, height, data };
}

const toBase64 = (raster: Raster) =>
  Buffer.from(raster.data.buffer, raster.data.byteOffset, raster.data.length).toString('base64');

for (const template of TEMPLATES) {
  test(`the browser preview draws the same frames as the server render: ${template}, every effect`, async ({
    page,
  }) => {
    const bundle = await build({
      entryPoints: [path.join(import.meta.dirname, '../harness/preview-harness.ts')],
      bundle: true,
      write: false,
      format: 'iife',
      platform: 'browser',
    });
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.addScriptTag({ content: bundle.outputFiles[0]?.text ?? '' });

    const before = texturedPanel(420, 520, 0);
    const after = texturedPanel(420, 520, 30);
    const fonts = harnessFonts();
    for (const emphasisEffect of EMPHASIS_EFFECTS) {
      const input: SceneInput = {
        size: { width: 1280, height: 720 },
        options: {
          primaryAnimation: 'animate_before_head_turn',
          emphasisEffect,
          motionSpeed: 'normal',
          aspect: '16:9',
          template,
        },
        beforeSize: before,
        afterSize: after,
        alignment: { a: 0.98, b: 0.02, c: -0.02, d: 0.98, e: 6, f: -4 },
        faceCenter: { x: 210, y: 230 },
        treatedArea: { x: 140, y: 180, width: 140, height: 120 },
        branding: {
          clinicName: 'Lumen Aesthetics',
          contact: '555-0100',
          treatmentTitle: 'Lip Refill',
        },
      };
      const scene = buildScene(input);
      const server = createFrameRenderer(scene, { before, after, logo: null });
      // The hook, the middle of the template, the cover (proof) and, once, the end card.
      const moments = [
        0.4,
        1.9,
        3.6,
        coverSeconds(scene),
        ...(emphasisEffect === 'none' ? [7.9] : []),
      ];
      for (const seconds of moments) {
        const frameIndex = Math.round(seconds * scene.fps);
        const expected = server.frameRaster(frameIndex);
        const previewBase64 = await page.evaluate(
          ([sceneInput, panels, fontFiles, t]) =>
            (
              globalThis as unknown as {
                renderPreviewFrame: (...args: unknown[]) => Promise<string>;
              }
            ).renderPreviewFrame(sceneInput, panels, fontFiles, t),
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
        let totalError = 0;
        for (let i = 0; i < preview.length; i += 4) {
          for (let c = 0; c < 3; c += 1)
            totalError += Math.abs((preview[i + c] ?? 0) - (expected.data[i + c] ?? 0));
        }
        const meanError = totalError / ((preview.length / 4) * 3);
        console.log(
          `${template}, ${emphasisEffect}, frame ${frameIndex}: mean absolute pixel error ${meanError.toFixed(3)} levels of 255`,
        );
        expect(meanError).toBeLessThan(2);
      }
    }
  });
}
