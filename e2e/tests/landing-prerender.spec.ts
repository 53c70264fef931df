/// <reference lib="dom" />
// Callbacks passed to evaluate() and addInitScript() run in the page, so this file sees the DOM types.
import { expect, test, type Page } from '@playwright/test';
import { signUp } from '../helpers/site.ts';

const HERO = 'Turn before & after photos into transformation videos';

/** Records console errors and uncaught errors (React reports a failed hydration as both). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

/**
 * Keeps the <h1> the HTML parser creates, before any script runs. After hydration the page's
 * <h1> is still that node; a client render (or a hydration React gave up on) replaces it.
 */
async function rememberParsedHeading(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      const heading = document.querySelector('h1');
      if (heading === null) return;
      (window as unknown as { parsedHeading: Element }).parsedHeading = heading;
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

async function isParsedHeadingKept(page: Page): Promise<boolean> {
  return page.evaluate(
    () =>
      (window as unknown as { parsedHeading?: Element }).parsedHeading ===
      document.querySelector('h1'),
  );
}

/**
 * The page is usable before its scripts run, but a click lands only once React has taken over
 * #root (hydrateRoot marks the container; clicks on parts still hydrating are replayed).
 */
async function waitForReact(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
}

test.describe('pre-rendered landing page', () => {
  test('shows the hero and the pricing cards without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: HERO })).toBeVisible();
    await expect(page).toHaveTitle(/Before & after transformation videos/);
    const pricing = page.locator('#pricing');
    for (const name of ['Starter', 'Professional', 'Enterprise']) {
      await expect(pricing.getByRole('heading', { name })).toBeVisible();
    }
    await expect(pricing.getByRole('button', { name: 'Get Started' })).toHaveCount(3);
    // The live figures come from the browser's GET /api/stats, never from the build.
    await expect(page.getByTestId('live-stat')).toHaveCount(0);
    await context.close();
  });

  test('breaks no rule of the content security policy', async ({ page }) => {
    await page.addInitScript(() => {
      const violations: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = violations;
      document.addEventListener('securitypolicyviolation', (event) =>
        violations.push(`${event.violatedDirective} ${event.sourceFile}:${event.columnNumber}`),
      );
    });
    await page.goto('/');
    await waitForReact(page);
    // The profile check and the stats request have run once the live-figures query settled.
    await page.getByRole('button', { name: 'Schedule Demo' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
    ).toEqual([]);
  });

  test('is served for / only: other routes keep the empty shell', async ({ request }) => {
    const landing = await request.get('/');
    expect(await landing.text()).toContain('<h1');
    for (const url of ['/login', '/support', '/dashboard', '/api']) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(200);
      expect(await response.text(), url).toContain('<div id="root"></div>');
    }
    const missing = await request.get('/no-such-page');
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toContain('<div id="root"></div>');
  });

  test('hydrates without errors, keeping the parsed markup, and then responds', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await rememberParsedHeading(page);
    await page.goto('/');
    await waitForReact(page);
    // The demo dialog opens from a click handler, so hydration has attached React's events.
    await page.getByRole('button', { name: 'Schedule Demo' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await isParsedHeadingKept(page)).toBe(true);
    await page.keyboard.press('Escape');
    await page.locator('#pricing').getByRole('button', { name: 'Get Started' }).first().click();
    await expect(page).toHaveURL(/\/login$/);
    expect(errors).toEqual([]);
  });

  test('hydrates for a visitor who asks for reduced motion, then shows the still row', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await rememberParsedHeading(page);
    await page.goto('/');
    await expect(page.getByTestId('sample-carousel').locator('video').first()).toHaveAttribute(
      'controls',
      '',
    );
    expect(await isParsedHeadingKept(page)).toBe(true);
    expect(errors).toEqual([]);
  });

  test('draws a returning member’s own header at once, without a hydration error', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await signUp(page, 'Pearl Skin Studio');
    await page.goto('/');
    const header = page.locator('header');
    await expect(header.getByText('Pearl Skin Studio')).toBeVisible();

    // Now the profile is stored: the header would not match the pre-rendered one.
    await rememberParsedHeading(page);
    await page.goto('/');
    await expect(header.getByText('Pearl Skin Studio')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: HERO })).toBeVisible();
    expect(await isParsedHeadingKept(page)).toBe(false);
    expect(errors).toEqual([]);
  });
});
