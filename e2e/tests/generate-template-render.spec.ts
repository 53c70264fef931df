// Issue #16 (evidence): for each template the clinic picks, the live preview plays it and the
// MP4 the server renders shows the same frames: three moments decoded from the MP4 match the
// preview's canvas (mean difference ≤ 2 levels).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TEMPLATES, TEMPLATE_LABELS } from '@glowreel/contracts';
import { resolveFfmpegPath } from '@glowreel/engine/node';
import { expect, test } from '@playwright/test';
import { texturedCompositePng } from '../helpers/face-photo.ts';
import { previewFrame } from '../helpers/preview-frame.ts';
import { signUp } from '../helpers/site.ts';

/** The hook, the middle and the proof, in frames of the 30 fps video. */
const MOMENTS = [12, 75, 160];
const SIZE = { width: 1280, height: 720 };

/** Frame `index` of an MP4, as RGB. */
function videoFrame(file: string, index: number): Buffer {
  return execFileSync(
    resolveFfmpegPath(undefined),
    [
      ...['-v', 'error', '-i', file, '-vf', `select=eq(n\\,${index})`, '-frames:v', '1'],
      ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
}

function meanError(rgba: Buffer, rgb: Buffer): number {
  let total = 0;
  for (let p = 0, q = 0; p < rgba.length; p += 4, q += 3) {
    for (let c = 0; c < 3; c += 1) total += Math.abs((rgba[p + c] ?? 0) - (rgb[q + c] ?? 0));
  }
  return total / ((rgba.length / 4) * 3);
}

for (const template of TEMPLATES) {
  test(`the ${template} template renders the frames its preview plays`, async ({ page }) => {
    test.setTimeout(180_000);
    await signUp(page);
    await page.goto('/generate');
    await page.getByLabel('Format').selectOption('16:9');
    await page.getByLabel('Upload your before & after photo').setInputFiles({
      name: 'composite.png',
      mimeType: 'image/png',
      buffer: await texturedCompositePng(),
    });
    const label = TEMPLATE_LABELS[template];
    await page
      .getByRole('group', { name: 'Template' })
      .getByRole('radio', { name: label, exact: true })
      .check();
    const preview = page.locator('canvas[aria-label^="Live preview"]');
    await expect(preview).toHaveAttribute('aria-label', new RegExp(`, ${label} template,`));
    // The textured photo has no face: nothing waits on the face model.
    await expect(page.getByRole('status').filter({ hasText: /faces/i })).toContainText(
      'Faces checked',
      { timeout: 90_000 },
    );
    await page.getByRole('button', { name: 'Pause' }).click();
    const previewFrames: Buffer[] = [];
    for (const frame of MOMENTS) previewFrames.push(await previewFrame(page, frame));

    await page.getByLabel(/patient has authorized marketing use/).check();
    const accepted = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        new URL(response.url()).pathname === '/api/videos',
    );
    await page.getByRole('button', { name: 'Generate Video' }).click();
    const { id } = (await (await accepted).json()) as { id: string };
    await expect(page.getByText('Your video is ready')).toBeVisible({ timeout: 120_000 });
    const download = await page.request.get(`/api/videos/${id}/download`);
    expect(download.status()).toBe(200);

    const dir = mkdtempSync(path.join(tmpdir(), 'glowreel-template-render-'));
    try {
      const file = path.join(dir, 'video.mp4');
      writeFileSync(file, await download.body());
      MOMENTS.forEach((frame, index) => {
        const decoded = videoFrame(file, frame);
        expect(decoded.length).toBe(SIZE.width * SIZE.height * 3);
        const error = meanError(previewFrames[index]!, decoded);
        console.log(`${template}, frame ${frame}: MP4 against preview ${error.toFixed(3)} levels`);
        expect(error).toBeLessThanOrEqual(2);
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
