// The /generate live preview finds the faces in the browser (Human on wasm, models served by the
// app) and shows the same face alignment, zoom focus and face motion as the server render; when
// the server has face detection off, it loads no face model and says so.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { frameCount, type Raster, type Scene } from '@glowreel/engine';
import { createFrameRenderer, cutPanelPhotos, prepareRender } from '@glowreel/engine/node';
import { faceCompositePng, facePairPngs, texturedCompositePng } from '../helpers/face-photo.ts';
import { previewFrame } from '../helpers/preview-frame.ts';
import { signUp } from '../helpers/site.ts';

const CLINIC = 'Lumen Aesthetics';
const PEAK_FRAME = 57; // 1.9 s: the head turn held at its full 15°.
const STILL_FRAME = 102; // 3.4 s: the pause between the turns, face back where it was.

/** Collects Content-Security-Policy violations the page reports. */
function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  return violations;
}

/** One composite, or a pair chosen in the "Two photos" mode (before, after). */
type Photos = Buffer | { before: Buffer; after: Buffer };

async function openGenerate(page: Page, photo: Photos): Promise<void> {
  await signUp(page, CLINIC);
  await page.goto('/generate');
  await page.getByLabel('Animation').selectOption('animate_before_head_turn');
  await page.getByLabel('Emphasis').selectOption('subtle_zoom');
  if (Buffer.isBuffer(photo)) {
    await page.getByLabel('Upload your before & after photo').setInputFiles({
      name: 'composite.png',
      mimeType: 'image/png',
      buffer: photo,
    });
    return;
  }
  await page.getByLabel('Two photos (before, after)').check();
  for (const side of ['before', 'after'] as const) {
    await page.getByLabel(`Upload the ${side} photo`).setInputFiles({
      name: `${side}.png`,
      mimeType: 'image/png',
      buffer: photo[side],
    });
  }
}

/** Mean absolute difference per channel (0–255) over the pixels `where` accepts. */
function meanError(
  a: Uint8Array | Uint8ClampedArray,
  b: Uint8Array | Uint8ClampedArray,
  where: (pixel: number) => boolean = () => true,
): number {
  let total = 0;
  let count = 0;
  for (let i = 0; i < a.length; i += 4) {
    if (!where(i)) continue;
    count += 1;
    for (let c = 0; c < 3; c += 1) total += Math.abs((a[i + c] ?? 0) - (b[i + c] ?? 0)) / 3;
  }
  return total / Math.max(1, count);
}

/** The server's scene and frames for the same photo and choices, on the free plan's 720p. */
async function serverFrames(photo: Photos): Promise<{
  scene: Scene;
  moving: (frame: number) => Raster;
  still: (frame: number) => Raster;
}> {
  const dir = mkdtempSync(path.join(tmpdir(), 'glowreel-preview-faces-'));
  try {
    const inputPath = path.join(dir, 'composite.png');
    const afterInputPath = path.join(dir, 'after.png');
    writeFileSync(inputPath, Buffer.isBuffer(photo) ? photo : photo.before);
    if (!Buffer.isBuffer(photo)) writeFileSync(afterInputPath, photo.after);
    const { scene, photos } = await prepareRender({
      inputPath,
      // Two photos reach the render as the upload route passes them: before, then after.
      afterInputPath: Buffer.isBuffer(photo) ? null : afterInputPath,
      outputDir: dir,
      width: 1280,
      height: 720,
      options: {
        primaryAnimation: 'animate_before_head_turn',
        emphasisEffect: 'subtle_zoom',
        motionSpeed: 'normal',
        aspect: '16:9',
        autoAlign: true,
      },
      branding: { clinicName: CLINIC, contact: null, treatmentTitle: null, disclosure: null },
      ffmpegPath: null,
      faceDetection: true,
    });
    const panels = cutPanelPhotos(photos);
    const moving = createFrameRenderer(scene, panels);
    // The same layout, alignment and focus with the faces kept still.
    const stillScene: Scene = {
      ...scene,
      faceMotion: { before: null, after: null, records: scene.faceMotion.records },
    };
    const still = createFrameRenderer(stillScene, panels);
    return {
      scene,
      moving: (frame) => moving.frameRaster(frame),
      still: (frame) => still.frameRaster(frame),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

for (const kind of ['composite', 'pair'] as const) {
  test(`the live preview finds the faces and moves them as the server render does (${kind})`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const csp = watchCsp(page);
    const photo = kind === 'composite' ? await faceCompositePng() : await facePairPngs();
    await openGenerate(page, photo);
    const status = page.getByRole('status').filter({ hasText: /faces/i });
    await expect(status).toHaveText('Finding faces…');
    await expect(status).toHaveText(/Faces found: the preview aligns, frames and moves them/, {
      timeout: 90_000,
    });
    await page.getByRole('button', { name: 'Pause' }).click();

    const server = await serverFrames(photo);
    expect(server.scene.faceMotion.before?.kind).toBe('head_turn');
    expect(PEAK_FRAME).toBeLessThan(frameCount(server.scene));

    const peak = await previewFrame(page, PEAK_FRAME);
    const expected = server.moving(PEAK_FRAME);
    const unmoved = server.still(PEAK_FRAME);
    expect(peak.length).toBe(expected.data.length);
    // Where the head turn moves pixels in the render (inside the face's anchor ring).
    const isMoved = (i: number) =>
      Math.abs((expected.data[i] ?? 0) - (unmoved.data[i] ?? 0)) +
        Math.abs((expected.data[i + 1] ?? 0) - (unmoved.data[i + 1] ?? 0)) >
      24;
    let movedPixels = 0;
    for (let i = 0; i < expected.data.length; i += 4) if (isMoved(i)) movedPixels += 1;
    const errors = {
      wholeFrameVsRender: meanError(peak, expected.data),
      faceVsStill: meanError(peak, unmoved.data, isMoved),
      outsideFaceVsStill: meanError(peak, unmoved.data, (i) => !isMoved(i)),
    };
    console.log(`head turn peak: ${movedPixels} moved pixels; mean errors`, errors);
    expect(movedPixels).toBeGreaterThan(2000);
    // The face turned in the preview: far from the still face, close to the render's.
    expect(errors.faceVsStill).toBeGreaterThan(15);
    expect(errors.wholeFrameVsRender).toBeLessThan(2);
    // Outside the face the preview is the render's still layout (same alignment and zoom).
    expect(errors.outsideFaceVsStill).toBeLessThan(2);

    const rest = await previewFrame(page, STILL_FRAME);
    const restError = meanError(rest, server.still(STILL_FRAME).data);
    console.log(`between the turns: mean error against the still render ${restError.toFixed(3)}`);
    expect(restError).toBeLessThan(2);
    expect(csp).toEqual([]);
  });
}

test('the live preview says when the photo shows no face, in the render’s words', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const csp = watchCsp(page);
  await openGenerate(page, await texturedCompositePng());
  const status = page.getByRole('status').filter({ hasText: /faces/i });
  await expect(status).toContainText('Faces checked. Your render will say:', { timeout: 90_000 });
  await expect(status).toContainText(
    'Face motion skipped on the before photo: No face found in the before photo, so it was not moved.',
  );
  await expect(status).toContainText(
    'Rendered without face alignment: No face found in the before photo.',
  );
  expect(csp).toEqual([]);
});

test('with face detection off on the server, the preview loads no face model and says so', async ({
  page,
}) => {
  // As a server started with FACE_DETECTION=false answers (the e2e server keeps the default).
  await page.route('**/api/render-settings', (route) =>
    route.fulfill({ json: { faceDetection: false }, headers: { 'cache-control': 'no-store' } }),
  );
  const modelRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/models/')) modelRequests.push(request.url());
  });
  const csp = watchCsp(page);
  await openGenerate(page, await faceCompositePng());

  const status = page.getByRole('status').filter({ hasText: /face/i });
  await expect(status).toHaveText(
    'Face detection is turned off on this Glowreel server, so neither your render nor this preview aligns or moves faces.',
  );
  await expect(page.locator('canvas[aria-label^="Live preview"]')).toBeVisible();
  await expect(page.getByText(/the render does not look for faces/)).toContainText(
    'zooms push toward the middle of the photo',
  );
  await expect(page.getByText(/Once the faces are found/)).toHaveCount(0);
  await expect(page.locator('#option-animation-note')).toHaveText(
    /^Face detection is turned off on this Glowreel server, so the chosen animation is not applied/,
  );
  expect(modelRequests).toEqual([]);
  expect(csp).toEqual([]);
});
