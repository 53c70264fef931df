import { expect, test, type Page } from '@playwright/test';

async function register(page: Page) {
  await page.goto('/register');
  await page.getByLabel('Full Name').fill('Lumen Aesthetics');
  await page.getByLabel('Email').fill(`lumen-${Date.now()}@spa.example`);
  await page.getByLabel('Password', { exact: true }).fill('radiant2024');
  await page.getByLabel('Confirm Password').fill('radiant2024');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('a clinic creates an API key (shown once), uses it, and revokes it', async ({ page }) => {
  await register(page);
  const developers = page.locator('#developers');
  await expect(developers.getByText('No keys yet.')).toBeVisible();
  await developers.getByLabel('Key name').fill('Booking system');
  await developers.getByRole('button', { name: 'Create key' }).click();
  const shown = developers.getByRole('status').filter({ hasText: 'will not be shown again' });
  const key = (await shown.locator('code').textContent()) ?? '';
  expect(key).toMatch(/^grk_live_/);

  // The key works against the public API.
  const listed = await page.request.get('/api/v1/videos', {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(listed.status()).toBe(200);
  expect(listed.headers()['x-ratelimit-limit']).toBe('5');

  // After a reload the list shows the prefix only, and when it was last used.
  await page.reload();
  const row = developers.getByRole('row', { name: /Booking system/ });
  await expect(row).toContainText(key.slice(0, 15));
  await expect(row).not.toContainText(key);
  await expect(row).not.toContainText('Never');

  await row.getByRole('button', { name: 'Revoke key Booking system' }).click();
  await row.getByRole('button', { name: 'Revoke “Booking system”' }).click();
  await expect(developers.getByText('No keys yet.')).toBeVisible();
  const refused = await page.request.get('/api/v1/videos', {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(refused.status()).toBe(401);
});

test('the webhook secret is hidden until revealed and changes when rotated', async ({ page }) => {
  await register(page);
  const developers = page.locator('#developers');
  await expect(developers.getByText('whsec_••••••••••••')).toBeVisible();
  await developers.getByRole('button', { name: 'Reveal' }).click();
  const secret = developers.locator('code', { hasText: /^whsec_[A-Za-z0-9_-]{20,}$/ });
  const before = await secret.textContent();
  await developers.getByRole('button', { name: 'Rotate', exact: true }).click();
  await developers.getByRole('button', { name: /Rotate now/ }).click();
  await expect(secret).not.toHaveText(before ?? '');
  await expect(developers.getByText(/None yet\. Pass a webhook_url/)).toBeVisible();
});
