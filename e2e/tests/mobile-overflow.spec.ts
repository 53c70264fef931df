import { expect, test, type Page } from '@playwright/test';
import { texturedCompositePng } from '../helpers/face-photo.ts';
import { PUBLIC_ROUTES, signUp, waitForPage } from '../helpers/site.ts';

// A phone's width: no page may scroll sideways at it (issue 15: the dashboard measured 461 px
// once an API key existed).
const PHONE_WIDTH = 390;
test.use({ viewport: { width: PHONE_WIDTH, height: 844 } });

/** The page's scroll width, and the widest elements sticking out (to name the culprit). */
function measureOverflow(page: Page) {
  return page.evaluate(() => {
    const viewport = window.innerWidth;
    // An element inside its own horizontal scroller (a wide table) is allowed to be wider,
    // unless it is positioned out of it (an sr-only label escapes an unpositioned scroller).
    const isClipped = (element: Element) => {
      if (['absolute', 'fixed'].includes(getComputedStyle(element).position)) return false;
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const { overflowX } = getComputedStyle(parent);
        if (overflowX !== 'visible') return true;
      }
      return false;
    };
    const culprits = Array.from(document.body.querySelectorAll('*'))
      .filter((element) => element.getBoundingClientRect().right > viewport + 0.5)
      .filter((element) => !isClipped(element))
      .slice(0, 5)
      .map(
        (element) =>
          `${getComputedStyle(element).position} ${element.tagName.toLowerCase()}.${Array.from(element.classList).join('.')} → ${Math.round(element.getBoundingClientRect().right)} px`,
      );
    return { width: document.scrollingElement?.scrollWidth ?? 0, culprits };
  });
}

async function expectNoSidewaysScroll(page: Page, what: string) {
  const { width, culprits } = await measureOverflow(page);
  expect(width, `${what} is ${width} px wide: ${culprits.join('; ')}`).toBeLessThanOrEqual(
    PHONE_WIDTH,
  );
}

async function visit(page: Page, path: string) {
  await page.goto(path);
  await waitForPage(page);
  // Lazy panels (API keys, history, the running render) settle after the heading.
  await page.waitForLoadState('networkidle');
  await expectNoSidewaysScroll(page, path);
}

/** A finished video through the same endpoint the generate form uses. */
async function renderVideo(page: Page, baseURL: string): Promise<string> {
  const created = await page.request.post('/api/videos', {
    headers: { origin: baseURL },
    multipart: {
      image: { name: 'composite.png', mimeType: 'image/png', buffer: await texturedCompositePng() },
      consent: 'true',
      title: 'Lip filler — three weeks after, front view',
    },
  });
  expect(created.status(), await created.text()).toBe(202);
  const { id } = (await created.json()) as { id: string };
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/videos/${id}`)).json()) as { status: string }).status,
      { timeout: 90_000 },
    )
    .toBe('completed');
  return id;
}

test('every public page fits a 390 px phone without scrolling sideways', async ({ page }) => {
  for (const route of PUBLIC_ROUTES) await visit(page, route.path);
});

test('every signed-in page fits a 390 px phone, with an API key and a video present', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await signUp(page, 'Lumière Aesthetic & Laser Clinic of Greater Springfield');
  const key = await page.request.post('/api/keys', {
    headers: { origin: baseURL ?? '' },
    data: { name: 'Booking system integration (front desk)' },
  });
  expect(key.status(), await key.text()).toBe(201);
  const videoId = await renderVideo(page, baseURL ?? '');

  for (const path of [
    '/dashboard',
    '/generate',
    `/generate?video=${videoId}`,
    '/billing/demo-checkout?plan=enterprise',
    '/billing/demo-portal',
    '/account',
    ...PUBLIC_ROUTES.map((route) => route.path),
  ]) {
    await visit(page, path);
  }

  // The history dialog lists the video.
  await page.goto('/dashboard');
  await page
    .getByRole('button', { name: /View History/ })
    .first()
    .click();
  await expect(
    page
      .getByRole('dialog')
      .getByText(/Lip filler/)
      .first(),
  ).toBeVisible();
  await expectNoSidewaysScroll(page, 'the history dialog');
});
