import { expect, type Page } from '@playwright/test';

/** Every public route of SPEC §2 (plus an unknown address for the not-found page). */
export const PUBLIC_ROUTES = [
  { path: '/', name: 'home' },
  { path: '/login', name: 'login' },
  { path: '/register', name: 'register' },
  { path: '/documentation', name: 'documentation' },
  { path: '/api', name: 'api' },
  { path: '/support', name: 'support' },
  { path: '/privacy-policy', name: 'privacy-policy' },
  { path: '/terms-of-service', name: 'terms-of-service' },
  { path: '/no-such-page', name: 'not-found' },
] as const;

let counter = 0;

/** Creates an account through the same endpoint the register form uses; the page is then signed in. */
export async function signUp(page: Page, name = 'Lumen Aesthetics'): Promise<string> {
  counter += 1;
  const email = `site-${Date.now()}-${counter}@clinic.example`;
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { name, email, password: 'radiant2024' },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return email;
}

/** Waits until the page's main heading is drawn (lazy routes load their chunk first). */
export async function waitForPage(page: Page): Promise<void> {
  await expect(page.locator('main h1').first()).toBeVisible();
}

/** Opens a page and waits until the app has taken it over (the landing page paints before). */
export async function gotoInteractive(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('html[data-interactive="true"]')).toHaveCount(1, { timeout: 30_000 });
}
