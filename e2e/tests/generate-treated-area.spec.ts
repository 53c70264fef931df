// DESIGN.md D16 in the browser: the clinic states the treated area, the form disables the
// animations that would move it (each with its reason), and the server gets the area with the
// render request.
import { expect, test } from '@playwright/test';
import { texturedCompositePng } from '../helpers/face-photo.ts';
import { signUp } from '../helpers/site.ts';

test('the animations that would move the treated area are disabled, with their reason', async ({
  page,
}) => {
  await signUp(page, 'Lumen Aesthetics');
  await page.goto('/generate');
  const animation = page.getByLabel('Animation');
  const option = (value: string) => animation.locator(`option[value="${value}"]`);

  // Until the area is stated, only the before photo may move.
  await expect(option('animate_before_head_turn')).toBeEnabled();
  await expect(option('animate_after_smile')).toBeDisabled();
  await expect(option('animate_after_smile')).toHaveText(
    'After photo: smile — Choose the treated area first',
  );

  await page.getByLabel('Treated area').selectOption('lips');
  await expect(option('animate_after_smile')).toBeDisabled();
  await expect(option('animate_after_smile')).toHaveText(
    'After photo: smile — Would move the lips, the treated area',
  );
  await expect(option('animate_after_head_turn')).toBeDisabled();
  await expect(option('animate_after_surprise')).toBeEnabled();
  await animation.selectOption('animate_after_surprise');

  // Treated eyes refuse the surprise too: the form falls back to the before photo's head turn.
  await page.getByLabel('Treated area').selectOption('eyes');
  await expect(option('animate_after_surprise')).toHaveText(
    'After photo: surprise — Would move the eyes, the treated area',
  );
  await expect(animation).toHaveValue('animate_before_head_turn');

  // The stated area travels with the render request, and the server accepts the pair.
  await page.getByLabel('Treated area').selectOption('lips');
  await animation.selectOption('animate_after_surprise');
  await page.getByLabel('Upload your before & after photo').setInputFiles({
    name: 'composite.png',
    mimeType: 'image/png',
    buffer: await texturedCompositePng(),
  });
  await expect(page.locator('canvas[aria-label^="Live preview"]')).toBeVisible();
  await page.getByLabel(/patient has authorized marketing use/).check();
  const answered = page.waitForResponse(
    (response) => response.url().endsWith('/api/videos') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Generate Video' }).click();
  const response = await answered;
  expect(response.status()).toBe(202);
  // The record describes the options the server received (a browser keeps no multipart body).
  const record = (await response.json()) as { prompt: string };
  expect(record.prompt).toContain('Animation: After photo: surprise');
  expect(record.prompt).toContain('Treated area: Lips');
});
