import { expect, test } from '@playwright/test';

test('a clinic registers, sees 5 credits, signs out, and is returned to /generate after signing in', async ({
  page,
}) => {
  const email = `owner-${Date.now()}@clinic.example`;
  const password = 'radiant2024';

  await page.goto('/register');
  await page.getByLabel('Full Name').fill('Radiance Clinic');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const create = page.getByRole('button', { name: 'Create Account' });
  await expect(create).toBeDisabled();
  await page.getByLabel('Confirm Password').fill(password);
  await expect(create).toBeEnabled();
  await create.click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('5 credits')).toBeVisible();

  // The dashboard's own Logout button (SPEC §2); the header's Sign Out is inside the account menu.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/generate');
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/generate$/);
  await expect(page.getByRole('heading', { name: 'Generate Videos' })).toBeVisible();
});

test('the register checklist and mismatch message guide the password', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Password', { exact: true }).fill('abc');
  await expect(page.getByText('Password does not meet requirements')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('abcdefg1');
  await expect(page.getByText('Password does not meet requirements')).toBeHidden();
  await page.getByLabel('Confirm Password').fill('abcdefg2');
  await expect(page.getByText('Passwords do not match')).toBeVisible();
});

test('a wrong password shows the server message and stays on /login', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('nobody@clinic.example');
  await page.getByLabel('Password', { exact: true }).fill('wrongpass1');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  await expect(page).toHaveURL(/\/login$/);
});
