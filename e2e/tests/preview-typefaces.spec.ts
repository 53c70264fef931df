// Each bundled typeface writes the same text pixels in the browser preview as in the server
// render: the harness page loads the very font files the server registers, then both draw
// the end card and the labels of a scene branded with that typeface.
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { build } from 'esbuild';
import { TYPEFACES } from '@glowreel/contracts';
import {
  BUNDLED_FONT_FILES,
  buildScene,
  coverSeconds,
  type Raster,
  type SceneInput,
} from '@glowreel/engine';
import { createFrameRenderer } from '@glowreel/engine/node';
import { harnessFonts } from '../helpers/engine-fonts.ts';
import { texturedCompositePng } from '../helpers/face-photo.ts';
import { signUp } from '../helpers/site.ts';

function gradientPanel(width: number, height: number): Raster {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i += 1) {
    const x = i % width;
    data.set([90 + (x % 120), 110, 140, 255], i * 4);
  }
  return { width, height, data };
}

const toBase64 = (raster: Raster) =>
  Buffer.from(raster.data.buffer, raster.data.byteOffset, raster.data.length).toString('base64');

// A difference no antialiasing explains: text in the wrong font, or shifted by a kerning
// difference, leaves glyph bodies where the other side has background. Measured: the same
// fonts differ this much in at most 42 pixels of a 720p end card (edges rasterised by two
// Skia builds); a typeface the browser lacks, in about 1,900 pixels of a label alone, while
// the mean error stays under 0.6 levels, so the mean alone would not notice.
const INK_DIFFERENCE = 128;
const MAX_INK_DIFFERENCE_SHARE = 0.0002;

for (const typeface of TYPEFACES) {
  test(`the browser preview writes ${typeface} as the server render does`, async ({ page }) => {
    const bundle = await build({
      entryPoints: [path.join(import.meta.dirname, '../harness/preview-harness.ts')],
      bundle: true,
      write: false,
      format: 'iife',
      platform: 'browser',
    });
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.addScriptTag({ content: bundle.outputFiles[0]?.text ?? '' });

    const panel = gradientPanel(400, 500);
    const input: SceneInput = {
      size: { width: 1280, height: 720 },
      options: {
        primaryAnimation: 'animate_before_head_turn',
        emphasisEffect: 'subtle_zoom',
        motionSpeed: 'normal',
        aspect: '16:9',
      },
      beforeSize: panel,
      afterSize: panel,
      alignment: null,
      faceCenter: null,
      treatedArea: null,
      // Latin-ext letters too, so both subsets of each typeface are drawn.
      branding: {
        clinicName: 'Klinika Łódź Aesthetics',
        contact: 'book@lumen.example · 555-0100',
        treatmentTitle: 'Lip filler · 2 weeks',
        typeface,
      },
    };
    const scene = buildScene(input);
    const server = createFrameRenderer(scene, { before: panel, after: panel, logo: null });
    const fonts = harnessFonts();

    for (const seconds of [0.4, coverSeconds(scene), 7.9]) {
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
            before: { width: panel.width, height: panel.height, rgbaBase64: toBase64(panel) },
            after: { width: panel.width, height: panel.height, rgbaBase64: toBase64(panel) },
          },
          fonts,
          frameIndex / scene.fps,
        ] as const,
      );
      const preview = Buffer.from(previewBase64, 'base64');
      expect(preview.length).toBe(expected.data.length);
      let totalError = 0;
      let inkDifferences = 0;
      for (let i = 0; i < preview.length; i += 4) {
        let largest = 0;
        for (let c = 0; c < 3; c += 1) {
          const difference = Math.abs((preview[i + c] ?? 0) - (expected.data[i + c] ?? 0));
          totalError += difference;
          largest = Math.max(largest, difference);
        }
        if (largest > INK_DIFFERENCE) inkDifferences += 1;
      }
      const pixels = preview.length / 4;
      const meanError = totalError / (pixels * 3);
      console.log(
        `${typeface} frame ${frameIndex}: mean error ${meanError.toFixed(3)} levels, ` +
          `${inkDifferences} pixels differ by more than ${INK_DIFFERENCE}`,
      );
      expect(meanError).toBeLessThan(2);
      expect(inkDifferences / pixels).toBeLessThan(MAX_INK_DIFFERENCE_SHARE);
    }
  });
}

test('the /generate preview loads every bundled typeface before it draws', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await signUp(page, 'Lumen Aesthetics');
  await page.goto('/generate');
  await page.getByLabel('Upload your before & after photo').setInputFiles({
    name: 'composite.png',
    mimeType: 'image/png',
    buffer: await texturedCompositePng({ width: 1280, height: 800 }),
  });
  await expect(page.locator('canvas[aria-label^="Live preview"]')).toBeVisible();
  const expected = BUNDLED_FONT_FILES.map((file) => `${file.family} ${file.weight} loaded`);
  await expect
    .poll(() =>
      page.evaluate(() => {
        const faces: string[] = [];
        document.fonts.forEach((face) => {
          const family = face.family.replace(/"/g, '');
          if (family.startsWith('Glowreel ')) faces.push(`${family} ${face.weight} ${face.status}`);
        });
        return faces.sort();
      }),
    )
    .toEqual(expected.sort());
  expect(problems.filter((text) => /font/i.test(text))).toEqual([]);
});
