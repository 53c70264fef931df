import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { seriousViolations } from '../helpers/a11y.ts';
import { signUp, waitForPage } from '../helpers/site.ts';

for (const width of [1280, 360]) {
  test(`/generate at ${width} px has no serious or critical axe violations, before and after a photo`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await signUp(page);
    await page.goto('/generate');
    await waitForPage(page);
    expect(await seriousViolations(page)).toEqual([]);

    const photo = await sharp({
      create: { width: 1200, height: 700, channels: 3, background: { r: 180, g: 130, b: 110 } },
    })
      .png()
      .toBuffer();
    await page.getByLabel('Upload your before & after photo').setInputFiles({
      name: 'composite.png',
      mimeType: 'image/png',
      buffer: photo,
    });
    await expect(page.locator('canvas[aria-label^="Live preview"]')).toBeVisible();
    // A click without consent shows the alert: that state must be accessible too.
    await page.getByRole('button', { name: 'Generate Video' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
