import { expect, test, type Page } from '@playwright/test';
import { gotoInteractive } from '../helpers/site.ts';

const SUCCESS = "Demo request submitted successfully! We'll get back to you soon.";
const FAILURE =
  /^Failed to submit demo request\. Please try again or contact us directly at \S+@\S+\.$/;

async function openDemo(page: Page) {
  await gotoInteractive(page, '/');
  await page.getByRole('button', { name: 'Schedule Demo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule a demo' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('the demo form asks for a name and a valid e-mail before sending anything', async ({
  page,
}) => {
  let requests = 0;
  await page.route('**/api/schedule-demo', async (route) => {
    requests += 1;
    await route.fulfill({ json: { success: true } });
  });
  const dialog = await openDemo(page);
  await expect(dialog.getByLabel('Full Name')).toBeFocused();

  await dialog.getByRole('button', { name: 'Request Demo' }).click();
  await expect(dialog.getByText('Full Name is required.')).toBeVisible();
  await expect(dialog.getByText('Email Address is required.')).toBeVisible();
  await expect(dialog.getByLabel('Full Name')).toHaveAttribute('aria-invalid', 'true');

  await dialog.getByLabel('Full Name').fill('Dr. Mara Ellis');
  await dialog.getByLabel('Email Address').fill('mara.at.clinic');
  await dialog.getByRole('button', { name: 'Request Demo' }).click();
  await expect(dialog.getByText(/must be a valid e-mail address/)).toBeVisible();
  await expect(dialog.getByText('Full Name is required.')).toHaveCount(0);
  expect(requests).toBe(0);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('a sent demo request closes the dialog, confirms, and leaves an empty form behind', async ({
  page,
}) => {
  const bodies: unknown[] = [];
  await page.route('**/api/schedule-demo', async (route) => {
    bodies.push(route.request().postDataJSON());
    await route.fulfill({ json: { success: true } });
  });
  const dialog = await openDemo(page);
  await dialog.getByLabel('Full Name').fill('Dr. Mara Ellis');
  await dialog.getByLabel('Email Address').fill('mara@clinic.example');
  await dialog.getByLabel('Company').fill('Ellis Aesthetics');
  await dialog.getByRole('button', { name: 'Request Demo' }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: SUCCESS })).toBeVisible();
  expect(bodies).toEqual([
    {
      name: 'Dr. Mara Ellis',
      email: 'mara@clinic.example',
      phone: '',
      company: 'Ellis Aesthetics',
      message: '',
    },
  ]);

  await page.getByRole('button', { name: 'Schedule Demo' }).click();
  await expect(page.getByRole('dialog').getByLabel('Full Name')).toHaveValue('');
  await expect(page.getByRole('dialog').getByLabel('Company')).toHaveValue('');
});

for (const [label, reply] of [
  ['a server error', { status: 500, json: { error: 'mail relay down' } }],
  ['an OK answer without success: true', { status: 200, json: { success: false, error: 'x' } }],
] as const) {
  test(`the demo form reports ${label} and keeps what was typed`, async ({ page }) => {
    await page.route('**/api/schedule-demo', (route) => route.fulfill(reply));
    const dialog = await openDemo(page);
    await dialog.getByLabel('Full Name').fill('Dr. Mara Ellis');
    await dialog.getByLabel('Email Address').fill('mara@clinic.example');
    await dialog.getByRole('button', { name: 'Request Demo' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(FAILURE);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Full Name')).toHaveValue('Dr. Mara Ellis');
    await expect(page.getByText(SUCCESS)).toHaveCount(0);
  });
}
