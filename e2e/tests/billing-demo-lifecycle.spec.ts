import { expect, test } from '@playwright/test';
import { expectCredits, generateVideo, grantCredits, registerClinic } from './billing-helpers.ts';

test('demo billing: free → Pro through the demo checkout → credits spent free, bonus, plan → cancel at period end → free', async ({
  page,
}) => {
  // Five real renders on a shared 2-core machine: minutes, not seconds.
  test.setTimeout(600_000);
  const email = await registerClinic(page);

  // Two free videos first, so one free credit is left when the plan starts.
  await generateVideo(page, 'Before plan 1');
  await generateVideo(page, 'Before plan 2');

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose Your Plan' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try Free Videos' })).toBeVisible();
  await page.getByRole('button', { name: 'Select Professional' }).click();

  await expect(page).toHaveURL(/\/billing\/demo-checkout\?plan=pro$/);
  await expect(page.getByText('Demo mode — no payment is taken')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Professional plan' })).toBeVisible();
  await page.getByRole('button', { name: 'Start Professional (demo)' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Your Dashboard' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('your Professional plan is active');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Professional plan' })).toBeVisible();
  await expectCredits(page, { free: 1, bonus: 0, plan: '20 of 20' });

  grantCredits(email, 1, 'bonus');
  await page.reload();
  await expectCredits(page, { free: 1, bonus: 1, plan: '20 of 20' });

  // SPEC §4 order: a free credit first, then a bonus credit, then a plan video.
  await generateVideo(page, 'On plan 1');
  await page.reload();
  await expectCredits(page, { free: 0, bonus: 1, plan: '20 of 20' });
  await generateVideo(page, 'On plan 2');
  await page.reload();
  await expectCredits(page, { free: 0, bonus: 0, plan: '20 of 20' });
  await generateVideo(page, 'On plan 3');
  await page.reload();
  await expectCredits(page, { free: 0, bonus: 0, plan: '19 of 20' });
  await expect(page.getByTestId('total-credits')).toHaveText('19');

  // The history lists all five, newest first, playable and downloadable.
  await page.getByRole('button', { name: 'View History' }).click();
  const history = page.getByRole('dialog', { name: 'Video History' });
  await expect(history.getByText('Showing 5 videos')).toBeVisible();
  await expect(history.getByText('Completed')).toHaveCount(5);
  await expect(history.getByRole('link', { name: 'Download On plan 3' })).toHaveAttribute(
    'href',
    /\/api\/videos\/.+\/download$/,
  );
  await history.getByRole('button', { name: 'Play On plan 3' }).click();
  await expect(history.getByLabel('Playing: On plan 3')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();

  // Cancel at period end: still Pro until the (simulated) period ends.
  await page.getByRole('button', { name: 'Manage Subscription' }).click();
  await expect(page).toHaveURL(/\/billing\/demo-portal$/);
  await expect(page.getByText('Demo mode — no payment is taken')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel at period end' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Your plan will end at the end of the current period.',
  );
  await page.getByRole('link', { name: 'Return to dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Professional plan' })).toBeVisible();
  await expect(page.getByText(/Your plan is set to cancel on/)).toBeVisible();
  await expectCredits(page, { free: 0, bonus: 0, plan: '19 of 20' });

  await page.getByRole('button', { name: 'Manage Subscription' }).click();
  await page.getByRole('button', { name: 'Simulate next renewal' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'The period ended: you are back on the free plan.',
  );
  await page.getByRole('link', { name: 'Return to dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose Your Plan' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Free plan' })).toBeVisible();
  await expect(page.getByTestId('total-credits')).toHaveText('0');
  await expect(page.getByRole('link', { name: 'Try Free Videos' })).toHaveCount(0);
});
