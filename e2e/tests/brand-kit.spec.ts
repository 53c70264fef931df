import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { seriousViolations } from '../helpers/a11y.ts';
import { signUp } from '../helpers/site.ts';

// Issue #16 §5: the brand kit is saved once on the dashboard and /generate starts from it.
test('a brand kit saved on the dashboard pre-fills /generate', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page, 'Account Name');
  await page.goto('/dashboard');
  const brand = page.locator('section#brand');
  await expect(brand.getByRole('heading', { name: 'Brand', exact: true })).toBeVisible();

  await brand.getByLabel('Clinic name').fill('Solstice Skin Studio');
  await brand.getByLabel('Handle, website or phone').fill('@solstice.skin');
  const hex = brand.getByLabel('Accent colour', { exact: true });
  // Half a colour is not saved as the last whole one: the form says so.
  await hex.fill('#C02');
  await brand.getByRole('button', { name: 'Save brand kit' }).click();
  await expect(brand.getByRole('alert').filter({ hasText: 'Not saved' })).toBeVisible();
  await hex.fill('#C0267A');
  await expect(brand.getByRole('alert').filter({ hasText: 'Not saved' })).toHaveCount(0);
  await brand.getByLabel('Typeface').selectOption('playfair_display');

  // A file that is not an image is refused before it is sent.
  const logoInput = brand.locator('input[type="file"]');
  await logoInput.setInputFiles({
    name: 'letterhead.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.7'),
  });
  await expect(brand.getByRole('alert').filter({ hasText: 'letterhead.pdf' })).toBeVisible();
  const logo = await sharp({
    create: { width: 240, height: 80, channels: 3, background: { r: 250, g: 200, b: 20 } },
  })
    .png()
    .toBuffer();
  await logoInput.setInputFiles({ name: 'solstice.png', mimeType: 'image/png', buffer: logo });
  await expect(brand.getByRole('img', { name: 'Your saved logo' })).toBeVisible();
  await expect(brand.getByText('Replace logo')).toBeVisible();

  // Saved from the keyboard: the button is reached and pressed without a pointer.
  const save = brand.getByRole('button', { name: 'Save brand kit' });
  await save.focus();
  await page.keyboard.press('Enter');
  await expect(brand.getByRole('status').filter({ hasText: 'Brand kit saved' })).toBeVisible();

  // The section fits a 390 px phone screen, and axe finds nothing serious in it.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(overflow).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);

  // Saved on the account, not in the page: a fresh visit shows it.
  await page.reload();
  await expect(brand.getByLabel('Clinic name')).toHaveValue('Solstice Skin Studio');
  await expect(brand.getByLabel('Accent colour', { exact: true })).toHaveValue('#c0267a');

  await page.goto('/generate');
  await expect(page.getByLabel(/^Clinic name/)).toHaveValue('Solstice Skin Studio');
  await expect(page.getByLabel(/^Handle, website or phone/)).toHaveValue('@solstice.skin');
  await expect(page.getByLabel('Accent colour', { exact: true })).toHaveValue('#c0267a');
  await expect(page.getByLabel('Typeface')).toHaveValue('playfair_display');
  // The saved logo is loaded as if chosen, ready for the end card.
  await expect(page.getByText(/saved-logo\.png \(240×80 px\) is on the end card/)).toBeVisible();

  // Removing the logo on the dashboard leaves /generate without one.
  await page.goto('/dashboard');
  await brand.getByRole('button', { name: 'Remove logo' }).click();
  await expect(brand.getByText('No logo saved')).toBeVisible();
  await page.goto('/generate');
  await expect(page.getByLabel(/^Clinic name/)).toHaveValue('Solstice Skin Studio');
  await expect(page.getByText(/is on the end card/)).toHaveCount(0);
});
