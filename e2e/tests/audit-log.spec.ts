import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';

// Issue #18 §4: the clinic sees its own audit log on the dashboard — a failed sign-in, the
// sign-in, an API key made — filters it by kind and pages through it.

const PASSWORD = 'radiant2024';
const SCREENSHOTS = path.resolve(import.meta.dirname, '../../.tmp/screenshots');

async function createAccount(page: Page): Promise<string> {
  const email = `activity-${Date.now()}@clinic.example`;
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { name: 'Lumen Aesthetics', email, password: PASSWORD },
  });
  expect(response.ok(), await response.text()).toBe(true);
  // Signed up through the API; the visit below signs in as a person does.
  await page.context().clearCookies();
  return email;
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test('a clinic sees its sign-ins and API keys in Activity, filters them and pages through', async ({
  page,
  baseURL,
}) => {
  const email = await createAccount(page);
  await signIn(page, email, 'wrongpass1');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);

  const activity = page.locator('#activity');
  const rows = activity.getByRole('list', { name: 'Account activity' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Signed in');
  await expect(rows.nth(0)).toContainText(`Lumen Aesthetics (${email})`);
  await expect(rows.nth(1)).toContainText('Failed sign-in');
  await expect(rows.nth(1)).toContainText('Unknown person');

  // A key made in Developers shows up in Activity at once, named.
  const developers = page.locator('#developers');
  await developers.getByLabel('Key name').fill('Booking system');
  await developers.getByRole('button', { name: 'Create key' }).click();
  await expect(rows.nth(0)).toContainText('API key created · “Booking system”');
  await expect(rows).toHaveCount(3);

  // Filter by kind, keyboard only.
  const filter = activity.getByLabel('Show');
  await filter.focus();
  await filter.selectOption({ label: 'Signed in' });
  await expect(rows).toHaveCount(1);
  await expect(rows.nth(0)).toContainText('Signed in');
  await filter.selectOption({ label: 'API key revoked' });
  await expect(activity.getByText('No “api key revoked” activity yet.')).toBeVisible();
  await filter.selectOption({ label: 'All activity' });
  await expect(rows).toHaveCount(3);

  // Ten more keys: the log runs over one page (10) and pages Older / Newer.
  for (let index = 1; index <= 10; index += 1) {
    const made = await page.request.post('/api/keys', {
      data: { name: `Key ${index}` },
      headers: { origin: baseURL ?? '' },
    });
    expect(made.status()).toBe(201);
  }
  await activity.getByRole('button', { name: 'Refresh' }).click();
  await expect(rows.nth(0)).toContainText('“Key 10”');
  await expect(rows).toHaveCount(10);
  const newer = activity.getByRole('button', { name: 'Newer' });
  const older = activity.getByRole('button', { name: 'Older' });
  await expect(newer).toBeDisabled();
  await older.click();
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(2)).toContainText('Failed sign-in');
  await expect(older).toBeDisabled();
  await newer.focus();
  await page.keyboard.press('Enter');
  await expect(rows.nth(0)).toContainText('“Key 10”');

  // The sticky site header would be drawn over the section in a tall element screenshot.
  await page.addStyleTag({ content: 'header { position: static !important; }' });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await activity.scrollIntoViewIfNeeded();
    // Nothing overflows the phone's width.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await activity.screenshot({ path: path.join(SCREENSHOTS, `dashboard-activity-${width}.png`) });
  }
});
