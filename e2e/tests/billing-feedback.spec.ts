import { createHash } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { texturedCompositePng } from '../helpers/face-photo.ts';
import { registerClinic } from './billing-helpers.ts';

/** Renders one video on /generate and downloads it; answers the feedback request it sends. */
async function renderAndDownload(page: Page, photo: Buffer): Promise<void> {
  await page.goto('/generate');
  await page.getByLabel('Upload your before & after photo').setInputFiles({
    name: 'composite.png',
    mimeType: 'image/png',
    buffer: photo,
  });
  await page.getByLabel(/patient has authorized marketing use/).check();
  await page.getByRole('button', { name: 'Generate Video' }).click();
  await expect(page.getByText('Your video is ready')).toBeVisible({ timeout: 90_000 });
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download MP4' }).click();
  await download;
  await expect(page.getByText('How did this video turn out?')).toBeVisible();
}

test('feedback after a download is stored for the video, Good at once and Bad with its category', async ({
  page,
}) => {
  test.setTimeout(360_000);
  await registerClinic(page);
  const photo = await texturedCompositePng({ width: 1280, height: 800 });

  await renderAndDownload(page, photo);
  const goodRequest = page.waitForRequest('**/api/feedback');
  const goodResponse = page.waitForResponse('**/api/feedback');
  await page.getByRole('button', { name: 'Good' }).click();
  await expect(page.getByText('Thank you for your feedback!')).toBeVisible();
  const good = (await goodRequest).postDataJSON() as Record<string, unknown>;
  expect((await goodResponse).status()).toBe(201);
  const href = await page.getByRole('link', { name: 'Download MP4' }).getAttribute('href');
  expect(good).toMatchObject({
    rating: 'good',
    category: null,
    videoId: href?.split('/')[3],
    userAgent: expect.stringContaining('Chrome'),
    // DESIGN.md D10: the SHA-256 of the uploaded bytes, never the bytes themselves.
    compositeImageHash: createHash('sha256').update(photo).digest('hex'),
  });

  await renderAndDownload(page, photo);
  await page.getByRole('button', { name: 'Bad' }).click();
  const dialog = page.getByRole('dialog', { name: 'What went wrong?' });
  await expect(dialog.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await dialog.getByLabel('Face Was Distorted').check();
  await dialog.getByLabel(/Details/).fill('The jawline wobbles in the last second.');
  const badRequest = page.waitForRequest('**/api/feedback');
  const badResponse = page.waitForResponse('**/api/feedback');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Thank you for your feedback!')).toBeVisible();
  expect((await badRequest).postDataJSON()).toMatchObject({
    rating: 'bad',
    category: 'Face Was Distorted',
    text: 'The jawline wobbles in the last second.',
  });
  expect((await badResponse).status()).toBe(201);
});
