import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../helpers/a11y.ts';
import { startAppServer, type AppServer } from '../helpers/app-server.ts';
import { texturedCompositePng } from '../helpers/face-photo.ts';
import { E2E_PORTS } from '../helpers/ports.ts';
import { startVeoFakeProcess, type VeoFakeProcess } from '../helpers/veo-fake.ts';

// Issue #20 end to end: an app server with the generative engine switched on, talking to the
// loopback fake of the Gemini API's Veo surface. The owner accepts the notice, picks the
// engine (its price shown first), and the labelled video plays; the key is never on the page.
const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../.tmp/screenshots');

let fake: VeoFakeProcess;
let app: AppServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  fake = await startVeoFakeProcess();
  app = await startAppServer(E2E_PORTS.veoApp, {
    VEO_API_KEY: fake.apiKey,
    VEO_API_URL: fake.url,
    VEO_POLL_SECONDS: '0.3',
    VEO_TIMEOUT_SECONDS: '60',
    REQUIRE_EMAIL_VERIFICATION: 'false',
    FACE_DETECTION: 'false',
    RENDER_CONCURRENCY: '1',
  });
});

test.afterAll(async () => {
  await app?.stop();
  await fake?.stop();
});

async function register(page: Page): Promise<void> {
  await page.goto(`${app.url}/register`);
  await page.getByLabel('Full Name').fill('Lumen Aesthetics');
  await page.getByLabel('Email').fill(`lumen-${Date.now()}@spa.example`);
  await page.getByLabel('Password', { exact: true }).fill('radiant2024');
  await page.getByLabel('Confirm Password').fill('radiant2024');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('5 credits')).toBeVisible();
}

async function screenshot(page: Page, name: string, locator = page.locator('body')) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await locator.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `veo-${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an owner accepts the notice, picks Veo at its price, and the labelled video plays', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      response.text().then(
        (text) => scripts.push(text),
        () => undefined,
      );
    }
  });
  await register(page);
  await page.goto(`${app.url}/generate`);

  // Not offered until the notice is accepted: the notice stands where the choice will be.
  const notice = page.getByRole('region', { name: 'Before you use generative video' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("change the patient's face");
  await expect(notice).toContainText('3 credits per video');
  await expect(page.getByRole('radio', { name: /Generative motion/ })).toHaveCount(0);
  await screenshot(page, 'notice', notice);
  expect(await seriousViolations(page)).toEqual([]);
  await notice.getByRole('button', { name: /I understand/ }).click();

  const veo = page.getByRole('radio', { name: /Generative motion \(Google Veo\) · 3 credits/ });
  await expect(veo).toBeVisible();
  await expect(page.getByRole('radio', { name: /Built-in .* · 1 credit/ })).toBeChecked();
  await veo.check();
  await expect(page.getByText('Uses 3 credits, only if the generation succeeds.')).toBeVisible();
  await screenshot(page, 'engine-choice', page.getByRole('group', { name: 'Engine' }));
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel('Upload your before & after photo').setInputFiles({
    name: 'composite.png',
    mimeType: 'image/png',
    buffer: await texturedCompositePng(),
  });
  await expect(page.getByText(/split found: side by side/i)).toBeVisible();
  await page.getByLabel(/patient has authorized marketing use/).check();
  await page.getByRole('button', { name: 'Generate Video' }).click();
  await expect(page.getByRole('progressbar')).toHaveAttribute(
    'aria-valuetext',
    /^\d+% – (Preparing Image|Sending to AI|Generating Video|Finalizing Result)$/,
  );

  await expect(page.getByText('Your video is ready')).toBeVisible({ timeout: 150_000 });
  await expect(page.getByText(/carry the on-screen label “AI-generated motion”/)).toBeVisible();
  const player = page.getByLabel(/Rendered video:/);
  await player.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
  });
  await expect
    .poll(() => player.evaluate((element: HTMLVideoElement) => element.currentTime))
    .toBeGreaterThan(0.2);
  // The template (8 s) with the fake's 2 s clip before its end card.
  const duration = await player.evaluate((element: HTMLVideoElement) => element.duration);
  expect(duration).toBeGreaterThan(9.5);
  expect(duration).toBeLessThan(10.5);
  expect(await fake.stats()).toMatchObject({ submitted: 1, downloads: 1, keyRejections: 0 });

  await page.goto(`${app.url}/dashboard`);
  await expect(page.getByText('2 credits')).toBeVisible();
  // The key never reaches the browser: not in a page, nor in any script it loaded.
  for (const route of ['/generate', '/dashboard']) {
    await page.goto(`${app.url}${route}`);
    expect(await page.content()).not.toContain(fake.apiKey);
  }
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) expect(script).not.toContain(fake.apiKey);
});
