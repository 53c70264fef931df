import { expect, test } from '@playwright/test';
import { signUp, waitForPage } from '../helpers/site.ts';

test('a member changes the password with the checklist, and other devices are signed out', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const email = await signUp(page);
  // A second device, signed in with the old password.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const signIn = await otherPage.request.post('/api/auth/sign-in/email', {
    data: { email, password: 'radiant2024' },
  });
  expect(signIn.ok()).toBe(true);

  await page.goto('/account');
  await waitForPage(page);
  const section = page.getByRole('region', { name: 'Password' });
  const submit = section.getByRole('button', { name: 'Change password' });
  await section.getByLabel('Current Password').fill('not-my-password1');
  await section.getByLabel('New Password', { exact: true }).fill('short');
  // The register page's checklist, and the button waits for a password that meets it.
  const checklist = section.getByRole('list', { name: 'Password requirements' });
  await expect(checklist.locator('li[data-met="false"]')).not.toHaveCount(0);
  await expect(section.getByText('Password does not meet requirements')).toBeVisible();
  await expect(submit).toBeDisabled();

  await section.getByLabel('New Password', { exact: true }).fill('luminous2025');
  await expect(checklist.locator('li[data-met="false"]')).toHaveCount(0);
  await section.getByLabel('Confirm New Password').fill('luminous2024');
  await expect(section.getByText('Passwords do not match')).toBeVisible();
  await section.getByLabel('Confirm New Password').fill('luminous2025');
  await expect(
    section.getByRole('checkbox', { name: /Sign out of every other device/ }),
  ).toBeChecked();

  // A wrong current password is named on its field, and changes nothing.
  await submit.click();
  const current = section.getByLabel('Current Password');
  await expect(section.getByText('Your current password is not correct.')).toBeVisible();
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  expect((await otherPage.request.get('/api/me')).status()).toBe(200);

  await current.fill('radiant2024');
  await submit.click();
  await expect(
    section.getByText('Password changed. Your other devices were signed out.'),
  ).toBeVisible();
  await expect(current).toHaveValue('');

  // The other device is signed out at once; this one stays signed in.
  expect((await otherPage.request.get('/api/me')).status()).toBe(401);
  expect((await page.request.get('/api/me')).status()).toBe(200);
  // The new password signs in, the old one does not.
  const fresh = await browser.newContext();
  const withOld = await fresh.request.post('/api/auth/sign-in/email', {
    data: { email, password: 'radiant2024' },
  });
  expect(withOld.status()).toBe(401);
  const withNew = await fresh.request.post('/api/auth/sign-in/email', {
    data: { email, password: 'luminous2025' },
  });
  expect(withNew.ok()).toBe(true);
  await fresh.close();
  await other.close();
});
