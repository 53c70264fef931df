import { TEMPLATES, TEMPLATE_LABELS } from '@glowreel/contracts';
import { expect, test, type Page } from '@playwright/test';
import { texturedCompositePng } from '../helpers/face-photo.ts';
import { signUp } from '../helpers/site.ts';

// Issue 16 §2: the clinic picks a template from a radio group of thumbnails drawn on its own
// photo; the live preview plays the picked one, the render is made with it and the API shows it.

function templatePicker(page: Page) {
  return page.getByRole('group', { name: 'Template' });
}

function templateRadio(page: Page, label: string) {
  return templatePicker(page).getByRole('radio', { name: label, exact: true });
}

test('the clinic picks each template, the preview follows, and the render is made with the pick', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await signUp(page);
  await page.goto('/generate');
  const picker = templatePicker(page);
  await expect(picker.getByRole('radio')).toHaveCount(TEMPLATES.length);

  // Before a photo: neutral sketches, no photo drawn; the format's default is checked.
  await expect(picker.locator('canvas')).toHaveCount(0);
  await expect(templateRadio(page, 'Split')).toBeChecked();
  await page.getByLabel('Format').selectOption('9:16');
  await expect(templateRadio(page, 'Reveal')).toBeChecked();
  await expect(picker.getByText('Default for 9:16 Vertical.')).toBeVisible();

  await page.getByLabel('Upload your before & after photo').setInputFiles({
    name: 'composite.png',
    mimeType: 'image/png',
    buffer: await texturedCompositePng(),
  });
  const preview = page.locator('canvas[aria-label^="Live preview"]');
  await expect(preview).toBeVisible();
  // One thumbnail per template, drawn on the clinic's photo.
  await expect(picker.locator('canvas')).toHaveCount(TEMPLATES.length);

  for (const template of TEMPLATES) {
    const label = TEMPLATE_LABELS[template];
    await templateRadio(page, label).check();
    await expect(templateRadio(page, label)).toBeChecked();
    await expect(preview).toHaveAttribute('aria-label', new RegExp(`, ${label} template,`));
  }

  // A radio group: the arrow keys move the choice (Story is last, so it wraps to Reveal).
  await templateRadio(page, 'Story').focus();
  await page.keyboard.press('ArrowRight');
  await expect(templateRadio(page, 'Reveal')).toBeChecked();
  await page.keyboard.press('ArrowRight');
  await expect(templateRadio(page, 'Split')).toBeChecked();
  await page.keyboard.press('ArrowRight');
  await expect(templateRadio(page, 'Detail')).toBeChecked();
  await expect(preview).toHaveAttribute('aria-label', /, Detail template,/);

  await page.getByLabel(/patient has authorized marketing use/).check();
  const accepted = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/videos',
  );
  await page.getByRole('button', { name: 'Generate Video' }).click();
  // Chromium does not expose a body holding a file, so the server's answer tells what the form
  // sent: the format's default here is Reveal, so a Detail record can only come from the pick.
  const { id, template } = (await (await accepted).json()) as { id: string; template: string };
  expect(template).toBe('detail');
  await expect(page.getByText('Your video is ready')).toBeVisible({ timeout: 120_000 });

  // The public API's view of the same video names the template it was made with.
  const created = await page.request.post('/api/keys', {
    headers: { origin: baseURL ?? '' },
    data: { name: 'Template check' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { key } = (await created.json()) as { key: string };
  const video = await page.request.get(`/api/v1/videos/${id}`, {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(video.status()).toBe(200);
  expect(await video.json()).toMatchObject({ id, status: 'completed', template: 'detail' });
});

test('the template picker fits a 390 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page);
  await page.goto('/generate');
  await page.getByLabel('Upload your before & after photo').setInputFiles({
    name: 'composite.png',
    mimeType: 'image/png',
    buffer: await texturedCompositePng(),
  });
  const picker = templatePicker(page);
  await expect(picker.locator('canvas')).toHaveCount(TEMPLATES.length);
  for (const format of ['16:9', '9:16', '1:1']) {
    await page.getByLabel('Format').selectOption(format);
    const box = await picker.boundingBox();
    expect(box, 'the picker is laid out').not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  }
});

test('the API page lists the template field with its values and each format default', async ({
  page,
}) => {
  await page.goto('/api');
  const row = page
    .locator('#generateVideo')
    .getByRole('row', { name: /^template\b/ })
    .first();
  await expect(row).toContainText(`one of ${TEMPLATES.join(', ')}`);
  await expect(row).toContainText('reveal for 9:16, split for 1:1');
});
