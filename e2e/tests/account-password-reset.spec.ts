import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../helpers/a11y.ts';
import { GATED_URL, latestLinkTo } from '../helpers/gated-server.ts';

const SHOTS = '/tmp/shots-accounts-email';
test.use({ baseURL: GATED_URL });

/** Screenshots at desktop and phone width, each checked by axe. */
async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    expect(await seriousViolations(page), `${name} at ${width} px`).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    expect(overflow, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('forgot password: the e-mailed link sets a new password, signs in with it, and works once', async ({
  page,
  browser,
}) => {
  const email = `reset-${Date.now()}@clinic.example`;
  // Another browser stays signed in from sign-up: the reset must sign it out.
  const other = await browser.newContext({ baseURL: GATED_URL });
  const signedUp = await other.request.post('/api/auth/sign-up/email', {
    data: { name: 'Aurora Skin', email, password: 'radiant2024' },
  });
  expect(signedUp.ok()).toBe(true);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await shoot(page, 'forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(
    'If an account exists for that e-mail, we sent a link',
  );
  await shoot(page, 'forgot-password-sent');

  const link = await latestLinkTo(email, 'Reset your Glowreel password');
  expect(link).toMatch(/\/reset-password\?token=\w+$/);
  const opened = await page.goto(link);
  expect(opened?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  const save = page.getByRole('button', { name: 'Set new password' });
  await page.getByLabel('New Password', { exact: true }).fill('abc');
  await expect(page.getByText('Password does not meet requirements')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Password requirements' })).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('luminous2025');
  await page.getByLabel('Confirm Password').fill('luminous2025');
  await shoot(page, 'reset-password');
  await save.click();
  await expect(page.getByRole('status')).toContainText('Your password was changed');

  // The browser that was signed in is signed out.
  expect((await other.request.get('/api/me')).status()).toBe(401);
  await other.close();

  await page.getByRole('link', { name: 'Sign in with the new password' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('luminous2025');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link is spent: the page says so and offers a new one.
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText('invalid, expired or already used');
  await page.getByRole('link', { name: 'Send a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('a made-up or missing reset token shows the send-a-new-link page', async ({ page }) => {
  await page.goto('/reset-password?token=madeUpToken1234567890');
  await expect(page.getByRole('alert')).toContainText(
    'This password reset link is invalid, expired or already used.',
  );
  await expect(page.getByRole('link', { name: 'Send a new link' })).toBeVisible();
  await expect(page.getByLabel('New Password', { exact: true })).toHaveCount(0);
  await shoot(page, 'reset-password-invalid');
  await page.goto('/reset-password');
  await expect(page.getByRole('link', { name: 'Send a new link' })).toBeVisible();
});

test('a malformed address gets a clear message and no link', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill('not-an-address');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Please enter a valid e-mail address.').first()).toBeVisible();
  await expect(page.getByRole('status')).toHaveCount(0);
});
