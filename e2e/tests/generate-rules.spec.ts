import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';

async function register(page: Page) {
  await page.goto('/register');
  await page.getByLabel('Full Name').fill('Verity Skin');
  await page.getByLabel('Email').fill(`verity-${Date.now()}@spa.example`);
  await page.getByLabel('Password', { exact: true }).fill('radiant2024');
  await page.getByLabel('Confirm Password').fill('radiant2024');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('Generate explains what is missing, in the SPEC order', async ({ page }) => {
  await register(page);
  await page.goto('/generate');
  const generate = page.getByRole('button', { name: 'Generate Video' });
  await generate.click();
  await expect(page.getByRole('alert')).toHaveText(
    "Please upload a composite 'before and after' photo.",
  );
});

test('a file that is not a readable image gets the SPEC image message', async ({ page }) => {
  await register(page);
  await page.goto('/generate');
  await page.getByLabel('Upload your before & after photo').setInputFiles({
    name: 'composite.png',
    mimeType: 'image/png',
    buffer: Buffer.from('this is not really a PNG'),
  });
  await expect(
    page.getByText('Failed to process the image. Please try a different one.'),
  ).toBeVisible();
  await expect(page.locator('canvas[aria-label^="Live preview"]')).toHaveCount(0);
});

test('a refused file replaces the earlier choice instead of leaving "Chosen: …" behind', async ({
  page,
}) => {
  await register(page);
  await page.goto('/generate');
  const input = page.getByLabel('Upload your before & after photo');
  await input.setInputFiles({
    name: 'first-photo.png',
    mimeType: 'image/png',
    buffer: await sharp({
      create: { width: 1200, height: 700, channels: 3, background: { r: 180, g: 130, b: 110 } },
    })
      .png()
      .toBuffer(),
  });
  await expect(page.getByText('Chosen: first-photo.png')).toBeVisible();
  await input.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a photo'),
  });
  await expect(page.getByRole('alert')).toContainText('"notes.txt" is a text/plain file.');
  await expect(page.getByText(/Chosen:/)).toHaveCount(0);
  await expect(page.getByText('No photo chosen yet.')).toBeVisible();
});

test('with no credits left, Generate says so before anything is sent', async ({ page }) => {
  await register(page);
  // The account's answer as the server would give it once every credit is spent.
  await page.route('**/api/session', async (route) => {
    const response = await route.fetch();
    const { profile } = (await response.json()) as {
      profile: { credits: object; subscription: object };
    };
    await route.fulfill({
      response,
      json: {
        profile: {
          ...profile,
          subscription: { ...profile.subscription, videosRemaining: 0 },
          credits: { free: 0, bonus: 0, total: 0 },
        },
      },
    });
  });
  let posted = false;
  await page.route('**/api/videos', async (route) => {
    posted = route.request().method() === 'POST' || posted;
    await route.continue();
  });
  await page.goto('/generate');
  await page.getByLabel('Upload your before & after photo').setInputFiles({
    name: 'composite.png',
    mimeType: 'image/png',
    buffer: await sharp({
      create: { width: 1200, height: 700, channels: 3, background: { r: 180, g: 130, b: 110 } },
    })
      .composite([
        {
          input: await sharp({
            create: {
              width: 580,
              height: 700,
              channels: 3,
              background: { r: 200, g: 150, b: 130 },
            },
          })
            .png()
            .toBuffer(),
          left: 620,
          top: 0,
        },
      ])
      .png()
      .toBuffer(),
  });
  await page.getByLabel(/patient has authorized marketing use/).check();
  await page.getByRole('button', { name: 'Generate Video' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    "You don't have enough credits to generate a video. Please upgrade your plan or purchase more credits.",
  );
  expect(posted).toBe(false);
});
