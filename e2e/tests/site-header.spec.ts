/// <reference lib="dom" />
// Callbacks passed to evaluate() run in the page, so this file sees the DOM types.
import { expect, test } from '@playwright/test';
import { gotoInteractive, signUp } from '../helpers/site.ts';

const SIGNED_OUT = ['Features', 'How It Works', 'Pricing', 'Docs', 'API', 'Support'];
const SIGNED_IN = ['Dashboard', 'Generate', 'Docs', 'API', 'Support'];

test('signed out, the header offers the sections, the pages, Sign In and Get Started', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await gotoInteractive(page, '/');
  const header = page.locator('header');
  await expect(header.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(
    SIGNED_OUT,
  );
  await expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  await header.getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/register$/);
});

test('signed in, the profile menu leads to the dashboard and generate, and Sign Out leaves for good', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUp(page, 'Solace Skin Clinic');
  await page.goto('/documentation');
  const header = page.locator('header');
  await expect(header.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(
    SIGNED_IN,
  );
  await expect(header.getByRole('link', { name: 'Sign In' })).toHaveCount(0);

  const menuButton = header.getByRole('button', { name: 'Account menu for Solace Skin Clinic' });
  await menuButton.click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Dashboard',
    'Generate Videos',
    'Account Settings',
    'Sign Out',
  ]);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(menuButton).toBeFocused();

  await menuButton.click();
  await menu.getByRole('menuitem', { name: 'Generate Videos' }).click();
  await expect(page).toHaveURL(/\/generate$/);

  await menuButton.click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('glowreel-auth'))).toBeNull();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('on a phone the menu dialog carries the same entries, traps focus and closes on Escape', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await gotoInteractive(page, '/');
  const header = page.locator('header');
  await expect(header.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await header.getByRole('button', { name: 'Open menu' }).click();
  const dialog = page.getByRole('dialog', { name: 'Menu' });
  await expect(dialog.getByRole('navigation').getByRole('link')).toHaveText(SIGNED_OUT);
  await expect(dialog.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Get Started' })).toBeVisible();

  for (let step = 0; step < 12; step += 1) await page.keyboard.press('Tab');
  expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await header.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Support' }).click();
  await expect(page).toHaveURL(/\/support$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('on a phone a signed-in member signs out from the menu dialog', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signUp(page);
  // A profile without a display name (e.g. from social sign-in) shows as 'User'.
  await page.route('**/api/session', async (route) => {
    const response = await route.fetch();
    const { profile } = (await response.json()) as { profile: Record<string, unknown> };
    await route.fulfill({ response, json: { profile: { ...profile, displayName: null } } });
  });
  await page.goto('/support');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const dialog = page.getByRole('dialog', { name: 'Menu' });
  // SPEC §2: without a display name the menu says 'User'.
  await expect(dialog.getByText('User', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('navigation').getByRole('link')).toHaveText(SIGNED_IN);
  await dialog.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Sign In' })).toBeVisible();
});
