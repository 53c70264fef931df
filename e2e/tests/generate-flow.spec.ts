import { expect, test } from '@playwright/test';
import sharp from 'sharp';

/** A side-by-side composite painted in code: a warm "before" and a brighter "after". */
async function compositePng(): Promise<Buffer> {
  const width = 1600;
  const height = 1000;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const local = x % (width / 2);
      const i = (y * width + x) * 3;
      const shade = 110 + 50 * Math.sin(local / 29) * Math.cos(y / 41);
      const lift = x >= width / 2 ? 18 : 0;
      pixels[i] = shade + lift;
      pixels[i + 1] = shade * 0.8 + lift;
      pixels[i + 2] = shade * 0.7 + lift;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

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
    buffer: await compositePng(),
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
