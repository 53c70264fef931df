import { expect, test } from '@playwright/test';
import { texturedCompositePng } from '../helpers/face-photo.ts';
import { signUp } from '../helpers/site.ts';

// Issue #18 §1: the clinic records what the patient's consent covers with the attestation,
// and the history shows it with the video.

test('a clinic records the consent’s channels, reference and end date, and the history shows them', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page);
  await page.goto('/generate');
  await page.getByLabel('Upload your before & after photo').setInputFiles({
    name: 'composite.png',
    mimeType: 'image/png',
    buffer: await texturedCompositePng(),
  });
  await expect(page.locator('canvas[aria-label^="Live preview"]')).toBeVisible();

  // Website and social media are chosen from the start; clearing both says what is recorded.
  const uses = page.getByRole('group', { name: 'The patient allowed these uses' });
  await expect(uses.getByLabel('Website')).toBeChecked();
  await expect(uses.getByLabel('Social media')).toBeChecked();
  await uses.getByLabel('Website').uncheck();
  await uses.getByLabel('Social media').uncheck();
  await expect(
    page.getByText('No use chosen: the consent will be recorded for website and social media.'),
  ).toBeVisible();
  await uses.getByLabel('Social media').check();
  await uses.getByLabel('Paid advertising').check();
  await expect(page.getByText("Do not type the patient's name.")).toBeVisible();
  await page.getByLabel(/Patient reference/).fill('C-1042');
  await page.getByLabel(/Consent ends on/).fill('2099-06-30');

  await page.getByLabel(/patient has authorized marketing use/).check();
  await page.getByRole('button', { name: 'Generate Video' }).click();
  await expect(page.getByText('Your video is ready')).toBeVisible({ timeout: 90_000 });

  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'View History' }).click();
  const history = page.getByRole('dialog', { name: 'Video History' });
  await expect(history.getByText('Consent:')).toBeVisible();
  await expect(history.locator('p', { hasText: 'Consent:' })).toContainText(
    'Social media, Paid advertising · Ref. C-1042 · until Jun 30, 2099 · attested by Lumen Aesthetics',
  );

  // Revoking asks why, then withdraws the video at once: no player, no download.
  await history.getByRole('button', { name: /^Revoke consent for/ }).click();
  await history.getByLabel('Why is the consent revoked?', { exact: false }).fill('Patient asked');
  await history.getByRole('button', { name: 'Revoke and withdraw' }).click();
  await expect(
    history.getByText(/^Withdrawn: consent revoked on \d{4}-\d{2}-\d{2}\.$/),
  ).toBeVisible();
  await expect(history.getByRole('link', { name: /^Download / })).toHaveCount(0);
  await expect(history.getByRole('button', { name: /^Play / })).toHaveCount(0);
});
