// A clinic whose photo app exports the before and the after as two files: it picks "Two
// photos", drops them (the after one an iPhone HEIC, decoded in the browser for the preview),
// swaps them when they went in the wrong way round, and renders the video from the pair.
import { expect, test } from '@playwright/test';
import { encodeHeic } from '@glowreel/engine/testing';
import sharp from 'sharp';
import { seriousViolations } from '../helpers/a11y.ts';
import { facePairPngs } from '../helpers/face-photo.ts';
import { signUp } from '../helpers/site.ts';

test('two photos (one HEIC) are previewed, swapped and rendered as a pair', async ({ page }) => {
  test.setTimeout(180_000);
  const { before, after } = await facePairPngs();
  const afterHeic = encodeHeic(await sharp(after).jpeg({ quality: 92 }).toBuffer());
  await signUp(page, 'Twin Photos Clinic');
  await page.goto('/generate');
  await page.getByLabel('Two photos (before, after)').check();
  await expect(
    page.getByRole('heading', { name: '1. Choose the before & after photos' }),
  ).toBeVisible();

  // Chosen the wrong way round: the after photo in the before slot.
  await page.getByLabel('Upload the before photo').setInputFiles({
    name: 'IMG_0002.HEIC',
    mimeType: 'image/heic',
    buffer: afterHeic,
  });
  await page.getByLabel('Upload the after photo').setInputFiles({
    name: 'IMG_0001.png',
    mimeType: 'image/png',
    buffer: before,
  });
  const beforeStatus = page.getByTestId('pair-before-status');
  const afterStatus = page.getByTestId('pair-after-status');
  await expect(beforeStatus).toContainText('Chosen: IMG_0002.HEIC (1000×1250 px)', {
    timeout: 30_000,
  });
  await expect(afterStatus).toContainText('Chosen: IMG_0001.png (1000×1250 px)');
  const preview = page.locator('canvas[aria-label^="Live preview"]');
  await expect(preview).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Swap the before and after photos' }).click();
  await expect(beforeStatus).toContainText('Chosen: IMG_0001.png');
  await expect(afterStatus).toContainText('Chosen: IMG_0002.HEIC');

  await page.getByLabel(/patient has authorized marketing use/).check();
  let body = '';
  await page.route('**/api/videos', async (route) => {
    if (route.request().method() === 'POST') {
      body = route.request().postDataBuffer()?.toString('latin1') ?? '';
    }
    await route.continue();
  });
  await page.getByRole('button', { name: 'Generate Video' }).click();
  await expect.poll(() => body.length).toBeGreaterThan(0);
  // The swapped order reaches the server: the PNG as beforeImage, the HEIC as afterImage.
  expect(body).toMatch(/name="beforeImage"; filename="IMG_0001\.png"/);
  expect(body).toMatch(/name="afterImage"; filename="IMG_0002\.HEIC"/);
  expect(body).not.toMatch(/name="image"/);

  await expect(page.getByText('Your video is ready')).toBeVisible({ timeout: 150_000 });
  const href = await page.getByRole('link', { name: 'Download MP4' }).getAttribute('href');
  const response = await page.request.get(href ?? '', { headers: { range: 'bytes=0-11' } });
  expect(response.status()).toBe(206);
  expect((await response.body()).subarray(4, 8).toString('latin1')).toBe('ftyp');
});
