import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { PUBLIC_ROUTES, waitForPage } from '../helpers/site.ts';

// Full-page screenshots of every public route at a desktop and a phone width, for people to
// look at (git-ignored). The assertion is that each page draws its heading and nothing
// overflows sideways, which is the commonest phone-layout bug.
const OUTPUT_DIR = path.resolve(import.meta.dirname, '../../.tmp/screenshots');
const WIDTHS = [1280, 390] as const;

mkdirSync(OUTPUT_DIR, { recursive: true });

for (const width of WIDTHS) {
  for (const route of PUBLIC_ROUTES) {
    test(`${route.path} at ${width} px draws without sideways scrolling`, async ({ page }) => {
      await page.setViewportSize({ width, height: width > 600 ? 800 : 844 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(route.path);
      await waitForPage(page);
      const overflow = await page.evaluate<number>(
        'document.documentElement.scrollWidth - document.documentElement.clientWidth',
      );
      expect(overflow).toBe(0);
      await page.screenshot({
        path: path.join(OUTPUT_DIR, `${route.name}-${width}.png`),
        fullPage: true,
      });
    });
  }
}
