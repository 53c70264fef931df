import { expect, type Page } from '@playwright/test';

/** Pauses at a frame: moves the position slider there with the keyboard and reads the canvas. */
export async function previewFrame(page: Page, frame: number): Promise<Buffer> {
  const slider = page.getByRole('slider', { name: 'Position' });
  await slider.focus();
  await page.keyboard.press('Home');
  for (let step = 0; step < frame; step += 1) await page.keyboard.press('ArrowRight');
  await expect(page.locator('output[for="preview-position"]')).toHaveText(
    `${(frame / 30).toFixed(1)} s`,
  );
  const base64 = await page.locator('canvas[aria-label^="Live preview"]').evaluate((node) => {
    const canvas = node as HTMLCanvasElement;
    const pixels = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data;
    let binary = '';
    for (const value of pixels ?? []) binary += String.fromCharCode(value);
    return btoa(binary);
  });
  return Buffer.from(base64, 'base64');
}
