import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { signUp, waitForPage } from '../helpers/site.ts';

test('a member renames themself, and the header menu shows the new name', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUp(page, 'Lumen Aesthetics');
  await page.goto('/account');
  await waitForPage(page);
  const profile = page.getByRole('region', { name: 'Profile' });
  const name = profile.getByLabel('Full Name');
  await expect(name).toHaveValue('Lumen Aesthetics');
  const save = profile.getByRole('button', { name: 'Save name' });
  await expect(save).toBeDisabled();

  // The server holds the name to the sign-up rule, and says why on the field.
  await name.fill('   ');
  await save.click();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(profile.getByText('Full name is required.')).toBeVisible();

  // Saved from the keyboard.
  await name.fill('Solace Skin Clinic');
  await name.press('Enter');
  await expect(profile.getByText('Name saved.')).toBeVisible();
  await expect(
    page.locator('header').getByRole('button', { name: 'Account menu for Solace Skin Clinic' }),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Profile' }).getByLabel('Full Name')).toHaveValue(
    'Solace Skin Clinic',
  );
});

test('a profile photo is checked, shown in the header, replaced and removed', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUp(page);
  await page.goto('/account');
  await waitForPage(page);
  const profile = page.getByRole('region', { name: 'Profile' });
  const input = profile.locator('input[type="file"]');
  const headerPhoto = page.locator('header img[src^="/api/me/photo"]');
  await expect(headerPhoto).toHaveCount(0);

  // Refused by the server with the message a photo for a video gets; nothing is saved.
  await input.setInputFiles({
    name: 'letterhead.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.7 clinic letterhead'),
  });
  await expect(profile.getByRole('alert')).toContainText('Upload a');
  await expect(headerPhoto).toHaveCount(0);

  const photo = await sharp({
    create: { width: 256, height: 256, channels: 3, background: '#c0267a' },
  })
    .png()
    .toBuffer();
  await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo });
  await expect(headerPhoto).toBeVisible();
  await expect(profile.getByRole('alert')).toHaveCount(0);
  // The header shows the real picture, not a broken image (visible comes before loaded: a
  // broken one never gets its width).
  await expect
    .poll(() => headerPhoto.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBe(256);
  const firstSource = await headerPhoto.getAttribute('src');

  const second = await sharp({
    create: { width: 128, height: 128, channels: 3, background: '#1e293b' },
  })
    .jpeg()
    .toBuffer();
  await expect(profile.getByText('Replace photo')).toBeVisible();
  await input.setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: second });
  await expect(headerPhoto).not.toHaveAttribute('src', firstSource ?? '');
  await expect
    .poll(() => headerPhoto.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBe(128);

  await profile.getByRole('button', { name: 'Remove photo' }).click();
  await expect(headerPhoto).toHaveCount(0);
  await expect(profile.getByText('Upload photo')).toBeVisible();
});

test('a photo that failed to load once does not hide the next one', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUp(page);
  await page.goto('/account');
  await waitForPage(page);
  const profile = page.getByRole('region', { name: 'Profile' });
  const input = profile.locator('input[type="file"]');
  const pagePhoto = profile.locator('img[src^="/api/me/photo"]');
  const headerPhoto = page.locator('header img[src^="/api/me/photo"]');
  const square = (background: string) =>
    sharp({ create: { width: 96, height: 96, channels: 3, background } })
      .png()
      .toBuffer();

  // The first photo's address fails (a server that lost the file): the icon stands in.
  let isFailing = true;
  await page.route('**/api/me/photo?v=*', (route) =>
    isFailing ? route.fulfill({ status: 404 }) : route.fallback(),
  );
  await input.setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: await square('#111') });
  await expect(profile.getByText('Replace photo')).toBeVisible();
  await expect(pagePhoto).toHaveCount(0);
  await expect(headerPhoto).toHaveCount(0);

  // The next photo has a new address, and shows.
  isFailing = false;
  await input.setInputFiles({ name: 'b.png', mimeType: 'image/png', buffer: await square('#eee') });
  for (const photo of [pagePhoto, headerPhoto]) {
    await expect(photo).toBeVisible();
    await expect
      .poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBe(96);
  }
});
