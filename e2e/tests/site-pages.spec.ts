import { expect, test } from '@playwright/test';

test('an unknown address answers 404 with a page that leads home', async ({ page }) => {
  const response = await page.goto('/treatments/lip-filler-2019');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('/treatments/lip-filler-2019')).toBeVisible();
  await expect(page).toHaveTitle(/Page not found/);
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Start Creating Videos' })).toBeVisible();
});

test('the legal pages carry their date and the terms link to the privacy policy', async ({
  page,
}) => {
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByText('Last Updated: January 15, 2024')).toBeVisible();
  await page.goto('/terms-of-service');
  await expect(page.getByText('Last Updated: January 15, 2024')).toBeVisible();
  await page.locator('main').getByRole('link', { name: 'Privacy Policy' }).first().click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
});

test('the API page ends with the rate limits of every plan', async ({ page }) => {
  await page.goto('/api');
  const sections = page.locator('main .doc-prose h2');
  await expect(sections.last()).toHaveText('Rate limits');
  const limits = page.locator('#rate-limits');
  for (const [plan, limit] of [
    ['Starter', '10'],
    ['Professional', '50'],
    ['Enterprise', '200'],
  ]) {
    await expect(limits.getByRole('row', { name: `${plan} ${limit}` })).toBeVisible();
  }
  await expect(limits).toContainText('X-RateLimit-Reset: 1642252800');
});
