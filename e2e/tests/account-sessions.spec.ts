import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { signUp, waitForPage } from '../helpers/site.ts';

const PHONE_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** A second browser, an iPhone, signed in to the account through the sign-in form's endpoint. */
async function signInOnPhone(browser: Browser, email: string): Promise<BrowserContext> {
  const phone = await browser.newContext({ userAgent: PHONE_AGENT });
  const answer = await phone.request.post('/api/auth/sign-in/email', {
    data: { email, password: 'radiant2024' },
  });
  expect(answer.ok()).toBe(true);
  return phone;
}

test('the sessions list marks this device, and signing out the other one signs it out', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const email = await signUp(page);
  const phone = await signInOnPhone(browser, email);
  const phonePage = await phone.newPage();
  await phonePage.goto('/dashboard');
  await waitForPage(phonePage);

  await page.goto('/account');
  await waitForPage(page);
  const section = page.getByRole('region', { name: "Where you're signed in" });
  const rows = section.getByRole('list', { name: 'Signed-in sessions' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('This device');
  // Playwright's desktop Chrome announces itself as Chrome on Windows.
  await expect(rows.first()).toContainText('Chrome on Windows');
  await expect(rows.first().getByRole('button')).toHaveAccessibleName('Sign out of this device');
  const phoneRow = rows.filter({ hasText: 'Safari on iOS' });
  await expect(phoneRow).toContainText(/Last active just now/);

  // Reached and pressed from the keyboard.
  const signOut = phoneRow.getByRole('button', { name: /^Sign out Safari on iOS/ });
  await signOut.focus();
  await page.keyboard.press('Enter');
  await expect(rows).toHaveCount(1);
  await expect(section.getByText("You're not signed in anywhere else.")).toBeVisible();

  // The phone is signed out at once: its next page asks it to sign in.
  await phonePage.goto('/dashboard');
  await expect(phonePage).toHaveURL(/\/login$/);
  await phone.close();

  // This device's own row signs it out like the header's Sign Out.
  await rows.first().getByRole('button', { name: 'Sign out of this device' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/api/me')).status()).toBe(401);
});

test('"Sign out everywhere else" ends every other session on a 390 px phone', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = await signUp(page);
  const phone = await signInOnPhone(browser, email);
  const tablet = await signInOnPhone(browser, email);

  await page.goto('/account');
  await waitForPage(page);
  const section = page.getByRole('region', { name: "Where you're signed in" });
  const rows = section.getByRole('list', { name: 'Signed-in sessions' }).getByRole('listitem');
  await expect(rows).toHaveCount(3);
  // Nothing is wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await section.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('This device');
  for (const context of [phone, tablet]) {
    expect((await context.request.get('/api/me')).status()).toBe(401);
    await context.close();
  }
  expect((await page.request.get('/api/me')).status()).toBe(200);
});

test('the sessions list says so when it cannot load, and tries again', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUp(page);
  let isDown = true;
  await page.route('**/api/account/sessions', async (route) => {
    if (!isDown) return route.fallback();
    await route.fulfill({
      status: 503,
      json: { error: { code: 'unavailable', message: 'The server is busy. Please try again.' } },
    });
  });
  await page.goto('/account');
  await waitForPage(page);
  const section = page.getByRole('region', { name: "Where you're signed in" });
  await expect(section.getByRole('alert')).toContainText('The server is busy.', {
    timeout: 20_000,
  });
  isDown = false;
  await section.getByRole('button', { name: 'Try again' }).click();
  await expect(section.getByRole('listitem')).toHaveCount(1);
});
