import { expect, test } from '@playwright/test';
import { texturedCompositePng } from '../helpers/face-photo.ts';

test('a clinic uploads a composite, previews it, renders a real MP4 and spends one credit', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/register');
  await page.getByLabel('Full Name').fill('Aurora Med Spa');
  await page.getByLabel('Email').fill(`aurora-${Date.now()}@spa.example`);
  await page.getByLabel('Password', { exact: true }).fill('radiant2024');
  await page.getByLabel('Confirm Password').fill('radiant2024');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('5 credits')).toBeVisible();

  await page.goto('/generate');
  const generate = page.getByRole('button', { name: 'Generate Video' });
  await page.getByLabel('Upload your before & after photo').setInputFiles({
    name: 'composite.png',
    mimeType: 'image/png',
    buffer: await texturedCompositePng(),
  });
  await expect(page.getByText(/split found: side by side/i)).toBeVisible();
  await expect(page.locator('canvas[aria-label^="Live preview"]')).toBeVisible();
  // Without the consent attestation the click explains what is missing.
  await generate.click();
  await expect(page.getByRole('alert')).toContainText(
    'Please confirm that the patient has authorized marketing use of these photos',
  );
  await page.getByLabel(/patient has authorized marketing use/).check();
  await generate.click();
  // The four stages with a real percentage.
  const progress = page.getByRole('progressbar');
  await expect(progress).toHaveAttribute(
    'aria-valuetext',
    /^\d+% – (Preparing Image|Analyzing Faces|Rendering Video|Finalizing Result)$/,
  );

  await expect(page.getByText('Your video is ready')).toBeVisible({ timeout: 90_000 });
  const player = page.getByLabel(/Rendered video:/);
  await expect(player).toBeVisible();
  const source = await player.getAttribute('src');
  expect(source).toMatch(/\/api\/videos\/[0-9a-f-]+\/download\?inline=1$/);
  const download = page.getByRole('link', { name: 'Download MP4' });
  const href = await download.getAttribute('href');
  const response = await page.request.get(href ?? '', { headers: { range: 'bytes=0-11' } });
  expect(response.status()).toBe(206);
  // An MP4 starts with an ftyp box.
  expect((await response.body()).subarray(4, 8).toString('latin1')).toBe('ftyp');

  await page.goto('/dashboard');
  await expect(page.getByText('4 credits')).toBeVisible();
});
