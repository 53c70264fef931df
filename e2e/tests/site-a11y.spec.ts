import { expect, test } from '@playwright/test';
import { seriousViolations } from '../helpers/a11y.ts';
import { PUBLIC_ROUTES, gotoInteractive, signUp, waitForPage } from '../helpers/site.ts';

for (const width of [1280, 360]) {
  for (const route of PUBLIC_ROUTES) {
    test(`${route.path} at ${width} px has no serious or critical axe violations`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(route.path);
      await waitForPage(page);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
}

test('open dialogs and menus have no serious or critical axe violations', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await gotoInteractive(page, '/');
  await page.getByRole('button', { name: 'Schedule Demo' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Request Demo' }).click();
  await expect(page.getByText('Full Name is required.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('signed in, the public pages and the profile menu have no serious or critical axe violations', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUp(page);
  for (const path of ['/', '/support', '/documentation']) {
    await page.goto(path);
    await waitForPage(page);
    expect(await seriousViolations(page)).toEqual([]);
  }
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
