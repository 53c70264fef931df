import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { registerClinic, startVideo } from './billing-helpers.ts';

const SHOTS = '/tmp/glowreel-dashboard-shots';

async function openDashboard(page: Page, heading: string) {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test('a free clinic sees its plan choices, an empty history and the SPEC alerts', async ({
  page,
}) => {
  await registerClinic(page);
  await openDashboard(page, 'Choose Your Plan');
  const plans = page.getByRole('region', { name: 'Plans' });
  await expect(plans.getByRole('heading', { level: 3 })).toHaveText([
    'Starter',
    'Professional',
    'Enterprise',
  ]);
  await expect(plans.getByText('Most Popular')).toBeVisible();
  // Every plan is billed monthly, Enterprise too (it used to read a bare "$199").
  await expect(plans.getByRole('listitem').filter({ has: page.getByRole('heading') })).toHaveText([
    /\$49\/month/,
    /\$99\/month/,
    /\$199\/month/,
  ]);
  await expect(page.getByTestId('free-credits')).toHaveText('3');
  await expect(page.getByTestId('total-credits')).toHaveText('5');
  await page.screenshot({ path: `${SHOTS}/choose-plan-1280.png`, fullPage: true });

  await page.getByRole('button', { name: 'View History' }).click();
  const history = page.getByRole('dialog', { name: 'Video History' });
  await expect(history.getByText('No videos yet')).toBeVisible();
  await expect(history.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  // Focus stays inside the dialog.
  await expect(history.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();

  // A checkout that fails to start: 'Processing...' while waiting, then the SPEC alert.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/create-checkout-session', async (route) => {
    await held;
    await route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'internal_error', message: '' } }),
    });
  });
  await page.getByRole('button', { name: 'Select Starter' }).click();
  await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Select Enterprise' })).toBeDisabled();
  release();
  await expect(page.getByRole('alert')).toContainText(
    'Sorry, there was an error starting the checkout process. Please try again.',
  );
  await expect(page.getByRole('alert')).toContainText('Failed to create checkout session');
  await expect(page.getByRole('button', { name: 'Select Starter' })).toBeEnabled();

  // Coming back from a cancelled checkout.
  await page.goto('/dashboard?canceled=true');
  await expect(page.getByRole('status')).toHaveText(
    'Checkout canceled. Your plan has not changed.',
  );
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a paid clinic whose payment failed sees the SPEC message and can reach the portal', async ({
  page,
}) => {
  await registerClinic(page);
  const started = await page.request.post('/api/create-checkout-session', {
    data: { planId: 'enterprise' },
  });
  expect(started.ok()).toBe(true);
  expect(((await started.json()) as { url: string }).url).toMatch(
    /\/billing\/demo-checkout\?plan=enterprise$/,
  );
  expect(
    (
      await page.request.post('/api/billing/demo/checkout', { data: { planId: 'enterprise' } })
    ).ok(),
  ).toBe(true);
  await openDashboard(page, 'Your Dashboard');
  await expect(page.getByRole('heading', { name: 'Enterprise plan' })).toBeVisible();
  await expect(page.getByTestId('plan-videos')).toHaveText('50 of 50');
  await expect(page.getByText(/Renews on/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/your-dashboard-1280.png`, fullPage: true });

  await page.getByRole('button', { name: 'Manage Subscription' }).click();
  await expect(page).toHaveURL(/\/billing\/demo-portal$/);
  await page.screenshot({ path: `${SHOTS}/demo-portal-1280.png`, fullPage: true });
  await page.getByRole('button', { name: 'Simulate failed payment' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'A failed payment was simulated: the plan is past due.',
  );
  await page.getByRole('link', { name: 'Return to dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Dashboard' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText(
    'Payment failed: Your card was declined (simulated). Please try again.',
  );

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/your-dashboard-past-due-390.png`, fullPage: true });

  // A renewal that goes through clears it.
  await page.getByRole('button', { name: 'Manage Subscription' }).click();
  await page.getByRole('button', { name: 'Simulate next renewal' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Renewed: your plan videos were reset for the new period.',
  );
  await page.getByRole('link', { name: 'Return to dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Dashboard' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('the portal refuses a clinic without a plan with the SPEC message', async ({ page }) => {
  await registerClinic(page);
  const response = await page.request.post('/api/create-portal-session', {
    data: { customerId: null, returnUrl: '/dashboard' },
  });
  expect(response.status()).toBe(400);
  expect(await response.json()).toMatchObject({
    error: {
      message: 'You need an active subscription to manage billing. Please select a plan first.',
    },
  });
  await page.goto('/billing/demo-checkout?plan=platinum');
  await expect(page.getByRole('alert')).toHaveText('Invalid plan selected');
});

test('the dashboard, its history dialog and the demo billing pages have no serious accessibility problems', async ({
  page,
}) => {
  await registerClinic(page);
  const audit = async () => {
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
    expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  };
  await openDashboard(page, 'Choose Your Plan');
  await audit();
  await page.getByRole('button', { name: 'View History' }).click();
  await expect(page.getByRole('dialog', { name: 'Video History' })).toBeVisible();
  await audit();
  await page.keyboard.press('Escape');

  await page.goto('/billing/demo-checkout?plan=starter');
  await expect(page.getByRole('heading', { name: 'Starter plan' })).toBeVisible();
  await audit();
  await page.getByRole('button', { name: 'Start Starter (demo)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Dashboard' })).toBeVisible();
  await audit();
  await page.goto('/billing/demo-portal');
  await expect(page.getByRole('heading', { name: 'Current plan: Starter' })).toBeVisible();
  await audit();
});

test('the history shows a render as Processing and turns it Completed without a reload', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await registerClinic(page);
  await openDashboard(page, 'Choose Your Plan');
  await startVideo(page, 'Live history check');
  await page.getByRole('button', { name: 'View History' }).click();
  const history = page.getByRole('dialog', { name: 'Video History' });
  await expect(history.getByText('Showing 1 video')).toBeVisible();
  await expect(history.getByText('Processing', { exact: true })).toBeVisible();
  await expect(history.getByRole('button', { name: 'Play Live history check' })).toHaveCount(0);
  await expect(history.getByText('Completed', { exact: true })).toBeVisible({ timeout: 90_000 });
  await expect(history.getByRole('button', { name: 'Play Live history check' })).toBeVisible();
  await expect(history.locator('img')).toHaveAttribute('src', /\/api\/videos\/.+\/thumbnail$/);
});
