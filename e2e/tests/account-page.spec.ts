import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { seriousViolations } from '../helpers/a11y.ts';
import { signUp, waitForPage } from '../helpers/site.ts';

// Screenshots for people to look at (git-ignored, beside the other screens').
const OUTPUT_DIR = path.resolve(import.meta.dirname, '../../.tmp/screenshots');

test('the profile menu leads to account settings with its sections', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUp(page, 'Solace Skin Clinic');
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Account menu for Solace Skin Clinic' }).click();
  await page.getByRole('menuitem', { name: 'Account Settings' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account settings');
  for (const name of ['Profile', 'Password', "Where you're signed in"]) {
    await expect(page.getByRole('region', { name })).toBeVisible();
  }
});

test('on a phone the menu dialog links to account settings', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page);
  await page.goto('/support');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page
    .getByRole('dialog', { name: 'Menu' })
    .getByRole('link', { name: 'Account Settings' })
    .click();
  await expect(page).toHaveURL(/\/account$/);
  await waitForPage(page);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('signed out, /account sends to sign-in', async ({ page }) => {
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login$/);
});

for (const width of [1280, 390] as const) {
  test(`account settings at ${width} px, with a photo and a second device`, async ({
    page,
    browser,
  }) => {
    mkdirSync(OUTPUT_DIR, { recursive: true });
    await page.setViewportSize({ width, height: width > 600 ? 800 : 844 });
    const email = await signUp(page, 'Lumen Aesthetics');
    const phone = await browser.newContext({
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    });
    await phone.request.post('/api/auth/sign-in/email', {
      data: { email, password: 'radiant2024' },
    });
    await page.goto('/account');
    await waitForPage(page);
    const photo = await sharp({
      create: { width: 200, height: 200, channels: 3, background: '#c0267a' },
    })
      .png()
      .toBuffer();
    await page
      .getByRole('region', { name: 'Profile' })
      .locator('input[type="file"]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo });
    // On a phone the header shows the menu button; the photo is on the page and in the menu.
    await expect(page.locator('main img[src^="/api/me/photo"]')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Safari on iOS' })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(OUTPUT_DIR, `account-${width}.png`), fullPage: true });
    await phone.close();
  });
}
