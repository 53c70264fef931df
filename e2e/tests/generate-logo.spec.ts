import { execFileSync } from 'node:child_process';
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resolveFfmpegPath } from '@glowreel/engine/node';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';

const LOGO_RGB = [250, 200, 20];

/** Two plain panels side by side with a white gutter: enough for the engine to split. */
async function compositePng(): Promise<Buffer> {
  const panel = (r: number, g: number, b: number) =>
    sharp({ create: { width: 700, height: 900, channels: 3, background: { r, g, b } } })
      .png()
      .toBuffer();
  return sharp({
    create: { width: 1440, height: 900, channels: 3, background: { r: 255, g: 255, b: 255 } },
  })
    .composite([
      { input: await panel(170, 120, 100), left: 0, top: 0 },
      { input: await panel(190, 140, 120), left: 740, top: 0 },
    ])
    .png()
    .toBuffer();
}

/** Pixels of the logo's colour in the last frame of an MP4 (decoded by ffmpeg). */
function logoPixelsInLastFrame(mp4: Buffer): number {
  const folder = mkdtempSync(path.join(tmpdir(), 'glowreel-e2e-logo-'));
  try {
    const file = path.join(folder, 'video.mp4');
    writeFileSync(file, mp4);
    const frame = execFileSync(
      resolveFfmpegPath(undefined),
      [
        ...['-v', 'error', '-sseof', '-0.2', '-i', file, '-frames:v', '1'],
        ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    let count = 0;
    for (let i = 0; i + 2 < frame.length; i += 3) {
      const close = [0, 1, 2].every((c) => Math.abs((frame[i + c] ?? 0) - (LOGO_RGB[c] ?? 0)) < 24);
      if (close) count += 1;
    }
    return count;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

test("the clinic's logo appears on the rendered video's end card", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/register');
  await page.getByLabel('Full Name').fill('Solstice Skin');
  await page.getByLabel('Email').fill(`solstice-${Date.now()}@spa.example`);
  await page.getByLabel('Password', { exact: true }).fill('radiant2024');
  await page.getByLabel('Confirm Password').fill('radiant2024');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('5 credits')).toBeVisible();

  await page.goto('/generate');
  await page.getByLabel('Upload your before & after photo').setInputFiles({
    name: 'composite.png',
    mimeType: 'image/png',
    buffer: await compositePng(),
  });
  await expect(page.locator('canvas[aria-label^="Live preview"]')).toBeVisible();

  // A file that is not an image is refused in the browser, with a message.
  const logoInput = page.getByLabel(/^Logo/);
  await logoInput.setInputFiles({
    name: 'letterhead.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.7'),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'letterhead.pdf' })).toBeVisible();

  const logo = await sharp({
    create: {
      width: 600,
      height: 200,
      channels: 3,
      background: { r: LOGO_RGB[0] ?? 0, g: LOGO_RGB[1] ?? 0, b: LOGO_RGB[2] ?? 0 },
    },
  })
    .png()
    .toBuffer();
  await logoInput.setInputFiles({ name: 'solstice-logo.png', mimeType: 'image/png', buffer: logo });
  await expect(page.getByText('solstice-logo.png (600×200 px) is on the end card.')).toBeVisible();

  await page.getByLabel(/patient has authorized marketing use/).check();
  await page.getByRole('button', { name: 'Generate Video' }).click();
  await expect(page.getByText('Your video is ready')).toBeVisible({ timeout: 90_000 });
  const href = await page.getByRole('link', { name: 'Download MP4' }).getAttribute('href');
  const video = await page.request.get(href ?? '');
  expect(video.status()).toBe(200);
  // The logo is drawn 3:1 in a box about a fifth of the frame tall: thousands of pixels.
  expect(logoPixelsInLastFrame(await video.body())).toBeGreaterThan(5000);
});
