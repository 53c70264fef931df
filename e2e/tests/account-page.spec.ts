import { expect, test } from '@playwright/test';
import { signUp, waitForPage } from '../helpers/site.ts';

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
