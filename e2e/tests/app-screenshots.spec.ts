import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { signUp, waitForPage } from '../helpers/site.ts';

// Full-page screenshots of the signed-in screens (dashboard, its history dialog, generate
// with a photo and its live preview) at a desktop and a phone width, for people to look at
// (git-ignored, beside the public pages'). Each must draw without sideways scrolling.
const OUTPUT_DIR = path.resolve(import.meta.dirname, '../../.tmp/screenshots');
const WIDTHS = [1280, 390] as const;

mkdirSync(OUTPUT_DIR, { recursive: true });

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate<number>(
    'document.documentElement.scrollWidth - document.documentElement.clientWidth',
  );
  expect(overflow).toBe(0);
}

async function composite(): Promise<Buffer> {
  const panel = (r: number, g: number, b: number) =>
    sharp({ create: { width: 600, height: 750, channels: 3, background: { r, g, b } } })
      .png()
      .toBuffer();
  return sharp({
    create: { width: 1240, height: 750, channels: 3, background: { r: 255, g: 255, b: 255 } },
  })
    .composite([
      { input: await panel(176, 128, 110), left: 0, top: 0 },
      { input: await panel(196, 150, 132), left: 640, top: 0 },
    ])
    .png()
    .toBuffer();
}

for (const width of WIDTHS) {
  test(`the signed-in screens at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 844 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signUp(page);

    await page.goto('/dashboard');
    await waitForPage(page);
    await expect(page.locator('#developers')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({
      path: path.join(OUTPUT_DIR, `dashboard-${width}.png`),
      fullPage: true,
    });

    await page
      .getByRole('button', { name: /View History/ })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.screenshot({ path: path.join(OUTPUT_DIR, `dashboard-history-${width}.png`) });
    await page.keyboard.press('Escape');

    await page.goto('/generate');
    await waitForPage(page);
    await page.getByLabel('Upload your before & after photo').setInputFiles({
      name: 'composite.png',
      mimeType: 'image/png',
      buffer: await composite(),
    });
    await expect(page.locator('canvas[aria-label^="Live preview"]')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: path.join(OUTPUT_DIR, `generate-${width}.png`), fullPage: true });
  });
}
