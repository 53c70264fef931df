import { expect, test, type Page } from '@playwright/test';
import { countMails, GATED_URL, latestLinkTo } from '../helpers/gated-server.ts';

const SHOTS = '/tmp/shots-accounts-email';
const VERIFY_SUBJECT = 'Confirm your e-mail address for Glowreel';
test.use({ baseURL: GATED_URL });

async function register(page: Page, email: string) {
  await page.goto('/register');
  await page.getByLabel('Full Name').fill('Verity Aesthetics');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('radiant2024');
  await page.getByLabel('Confirm Password').fill('radiant2024');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('until the e-mail is confirmed the dashboard says so, refuses API keys, and the link lifts it', async ({
  page,
}) => {
  const email = `verify-${Date.now()}@clinic.example`;
  await register(page, email);

  const banner = page.getByRole('region', { name: 'Confirm your e-mail address' });
  await expect(banner).toContainText(email);
  await expect(banner).toContainText('not create API keys or buy a plan');
  // The dashboard keeps its one status region; the banner speaks through aria-live.
  expect(await page.getByRole('status').count()).toBeLessThanOrEqual(1);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await banner.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/dashboard-verify-banner-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // Creating an API key is refused, and the card says why.
  const developers = page.locator('#developers');
  await developers.getByLabel('Key name').fill('Booking system');
  await developers.getByRole('button', { name: 'Create key' }).click();
  await expect(developers).toContainText('Confirm your e-mail address before creating API keys.');
  await expect(developers.getByText('No keys yet.')).toBeVisible();

  // Buying a plan is refused the same way.
  const plan = await page.request.post('/api/create-checkout-session', {
    data: { planId: 'pro' },
  });
  expect(plan.status()).toBe(403);
  expect(await plan.json()).toMatchObject({
    error: {
      code: 'email_not_verified',
      message: 'Confirm your e-mail address before buying a plan.',
    },
  });

  await expect.poll(() => countMails(email, VERIFY_SUBJECT)).toBe(1);
  await banner.getByRole('button', { name: 'Resend link' }).click();
  await expect(banner).toContainText(`A new link is on its way to ${email}.`);
  await expect.poll(() => countMails(email, VERIFY_SUBJECT)).toBe(2);

  const link = await latestLinkTo(email, VERIFY_SUBJECT);
  await page.goto(link);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner).toHaveCount(0);

  await developers.getByLabel('Key name').fill('Booking system');
  await developers.getByRole('button', { name: 'Create key' }).click();
  await expect(
    developers.getByRole('status').filter({ hasText: 'will not be shown again' }),
  ).toBeVisible();
});

test('a made-up confirmation link confirms nothing and the banner says the link is not valid', async ({
  page,
}) => {
  const email = `forged-${Date.now()}@clinic.example`;
  await register(page, email);
  await page.goto('/api/auth/verify-email?token=made.up.token&callbackURL=/dashboard');
  await expect(page).toHaveURL(/\/dashboard\?error=INVALID_TOKEN$/);
  const banner = page.getByRole('region', { name: 'Confirm your e-mail address' });
  await expect(banner).toContainText('That confirmation link is not valid.');
});

test('changing the e-mail on /account sends a link to the new address and changes only once it is opened', async ({
  page,
}) => {
  const email = `mover-${Date.now()}@clinic.example`;
  const newEmail = `moved-${Date.now()}@clinic.example`;
  await register(page, email);
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'E-mail address' });
  await expect(section).toContainText(`${email} (not confirmed yet)`);

  await section.getByLabel('New e-mail address').fill('not-an-address');
  await section.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(section).toContainText('Please enter a valid e-mail address.');

  await section.getByLabel('New e-mail address').fill(newEmail);
  await section.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(section).toContainText(`We sent a link to ${newEmail}.`);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/account-email-section-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await expect(section).toContainText(email);

  const link = await latestLinkTo(newEmail, VERIFY_SUBJECT);
  await page.goto(link);
  await expect(page).toHaveURL(/\/account$/);
  await expect(section).toContainText(`${newEmail} (confirmed)`);
});
