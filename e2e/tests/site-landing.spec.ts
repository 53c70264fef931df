/// <reference lib="dom" />
// Callbacks passed to evaluate() run in the page, so this file sees the DOM types.
import { expect, test } from '@playwright/test';
import { gotoInteractive, signUp } from '../helpers/site.ts';

test.describe('landing calls to action', () => {
  test('send an anonymous visitor to sign in, and the samples button to registration', async ({
    page,
  }) => {
    await gotoInteractive(page, '/');
    await page.getByRole('link', { name: 'Start Creating Videos' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await gotoInteractive(page, '/');
    const pricing = page.locator('#pricing');
    await expect(pricing.getByRole('button', { name: 'Get Started' })).toHaveCount(3);
    await pricing.getByRole('button', { name: 'Get Started' }).nth(1).click();
    await expect(page).toHaveURL(/\/login$/);

    await gotoInteractive(page, '/');
    await page.getByRole('link', { name: 'Upload Your Before & After Photos' }).click();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('send a signed-in clinic to its dashboard and start checkout for the chosen plan', async ({
    page,
  }) => {
    const email = await signUp(page);
    await gotoInteractive(page, '/');
    await page.getByRole('link', { name: 'Start Creating Videos' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const bodies: unknown[] = [];
    await page.route('**/api/create-checkout-session', async (route) => {
      bodies.push(route.request().postDataJSON());
      await held;
      await route.fulfill({ json: { url: '/documentation?checkout=stub' } });
    });

    await page.goto('/#pricing');
    const pricing = page.locator('#pricing');
    for (const name of ['Starter', 'Professional', 'Enterprise']) {
      await expect(pricing.getByRole('button', { name: `Select ${name}` })).toBeVisible();
    }
    await pricing.getByRole('button', { name: 'Select Professional' }).click();
    const processing = pricing.getByRole('button', { name: 'Processing...' });
    await expect(processing).toBeDisabled();
    await expect(pricing.getByRole('button', { name: 'Select Starter' })).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/documentation\?checkout=stub$/);

    expect(bodies).toHaveLength(1);
    const origin = new URL(page.url()).origin;
    expect(bodies[0]).toMatchObject({
      planId: 'pro',
      userEmail: email,
      successUrl: `${origin}/dashboard?success=true&plan=pro`,
      cancelUrl: `${origin}/dashboard?canceled=true`,
    });
    expect((bodies[0] as { userId: unknown }).userId).toEqual(expect.any(String));
  });

  test('say plan selection failed when checkout cannot start, and let the clinic retry', async ({
    page,
  }) => {
    await signUp(page);
    await page.route('**/api/create-checkout-session', (route) =>
      route.fulfill({ status: 500, json: { error: 'Stripe is unreachable' } }),
    );
    await page.goto('/#pricing');
    const pricing = page.locator('#pricing');
    await pricing.getByRole('button', { name: 'Select Starter' }).click();
    await expect(pricing.getByRole('alert')).toHaveText(
      'Failed to proceed with plan selection. Please try again.',
    );
    await expect(pricing.getByRole('button', { name: 'Select Starter' })).toBeEnabled();
  });
});

test('the header turns translucent white with a shadow only past 20 px of scrolling', async ({
  page,
}) => {
  await gotoInteractive(page, '/');
  const header = page.locator('header').first();
  const look = () =>
    header.evaluate((element) => {
      const style = getComputedStyle(element);
      return { shadow: style.boxShadow, background: style.backgroundColor };
    });
  await expect(header).toHaveAttribute('data-scrolled', 'false');
  expect((await look()).shadow).toBe('none');

  await page.evaluate(() => window.scrollTo(0, 15));
  await page.waitForTimeout(100);
  await expect(header).toHaveAttribute('data-scrolled', 'false');

  await page.evaluate(() => window.scrollTo(0, 400));
  await expect(header).toHaveAttribute('data-scrolled', 'true');
  await expect.poll(async () => (await look()).shadow).not.toBe('none');
  // Translucent white: rgb 255,255,255 with an alpha below 1 (Chromium may print oklab/srgb).
  const background = (await look()).background;
  expect(background).toMatch(/\/ 0\.\d+\)|rgba\(255, 255, 255, 0\.\d+\)/);

  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).toHaveAttribute('data-scrolled', 'false');
});

test('the sample carousel scrolls by itself, pauses while hovered and resumes after', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await gotoInteractive(page, '/');
  const carousel = page.getByTestId('sample-carousel');
  await expect(carousel.locator('li')).toHaveCount(24);
  await expect(carousel.locator('li:not([aria-hidden])')).toHaveCount(8);
  const track = carousel.locator('ul');
  const offset = () =>
    track.evaluate((element) => new DOMMatrix(getComputedStyle(element).transform).m41);

  // Keep the pointer away first, then measure movement.
  await page.mouse.move(5, 5);
  const start = await offset();
  await expect.poll(offset).toBeLessThan(start - 20);

  await carousel.hover();
  await page.waitForTimeout(100);
  const paused = await offset();
  await page.waitForTimeout(600);
  expect(await offset()).toBe(paused);

  await page.mouse.move(5, 5);
  await expect.poll(offset).toBeLessThan(paused - 20);
});

test('with reduced motion the samples stand still and play only on request', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await gotoInteractive(page, '/');
  const carousel = page.getByTestId('sample-carousel');
  await expect(carousel.locator('video')).toHaveCount(8);
  await expect(carousel.locator('video[controls]')).toHaveCount(8);
  const transform = await carousel
    .locator('ul')
    .evaluate((element) => getComputedStyle(element).transform);
  expect(transform).toBe('none');
});

test('live figures stay hidden without server numbers and show only the ones it sends', async ({
  page,
}) => {
  // The server's own figures depend on what other tests rendered before this one; the
  // threshold itself is tested on the server. Here: nulls mean nothing is shown.
  await page.route('**/api/stats', (route) =>
    route.fulfill({ json: { clinics: null, videosCompleted: null, satisfactionPercent: null } }),
  );
  await gotoInteractive(page, '/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('live-stat')).toHaveCount(0);
  await page.unrouteAll();

  await page.route('**/api/stats', (route) =>
    route.fulfill({ json: { clinics: 1234, videosCompleted: null, satisfactionPercent: 96.4 } }),
  );
  await page.reload();
  const figures = page.getByTestId('live-stat');
  await expect(figures).toHaveCount(2);
  await expect(figures.nth(0)).toContainText('1,234');
  await expect(figures.nth(0)).toContainText('clinics');
  await expect(figures.nth(1)).toContainText('96%');
  await expect(page.getByText('videos rendered')).toHaveCount(0);
});

test('every plan on the landing page is priced per month, Enterprise too', async ({ page }) => {
  await gotoInteractive(page, '/');
  const plans = page
    .locator('#pricing')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading') });
  await expect(plans).toHaveText([/\$49\/month/, /\$99\/month/, /\$199\/month/]);
});

test('testimonials are marked as samples and carry five stars each', async ({ page }) => {
  await gotoInteractive(page, '/');
  const section = page.locator('section', {
    has: page.getByRole('heading', { name: 'What clinics tell us' }),
  });
  await expect(section.getByRole('img', { name: '5 out of 5 stars' })).toHaveCount(3);
  await expect(section.getByText('Sample', { exact: true })).toHaveCount(3);
  await expect(section.getByText(/not quotes from real customers/)).toBeVisible();
});

test('landing anchors and the footer contact details are in place', async ({ page }) => {
  await gotoInteractive(page, '/');
  for (const id of ['features', 'how-it-works', 'pricing', 'contact']) {
    await expect(page.locator(`#${id}`)).toHaveCount(1);
  }
  await expect(page.locator('#features li')).toHaveCount(6);
  await expect(page.locator('#how-it-works ol > li')).toHaveCount(4);
  const footer = page.locator('#contact');
  await expect(footer.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  await expect(footer.getByRole('link', { name: /\d{3}/ })).toHaveAttribute('href', /^tel:\+/);
  await expect(footer.locator('address')).not.toBeEmpty();
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Terms of Service' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Support' })).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Pricing' })
    .click();
  await expect(page).toHaveURL(/\/#pricing$/);
  await expect(page.locator('#pricing')).toBeInViewport();
});
