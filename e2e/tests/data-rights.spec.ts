import { expect, test, type Page } from '@playwright/test';
import yauzl from 'yauzl';
import { texturedCompositePng } from '../helpers/face-photo.ts';
import { signUp } from '../helpers/site.ts';

// Issue #18 §2: a clinic deletes a video from its history, downloads its data, deletes its
// account, and registers again with the same e-mail address.

async function renderVideo(page: Page, title: string): Promise<string> {
  const created = await page.request.post('/api/videos', {
    multipart: {
      image: { name: 'composite.png', mimeType: 'image/png', buffer: await texturedCompositePng() },
      consent: 'true',
      title,
    },
  });
  expect(created.status(), await created.text()).toBe(202);
  const { id } = (await created.json()) as { id: string };
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/videos/${id}`)).json()) as { status: string }).status,
      { timeout: 120_000 },
    )
    .toBe('completed');
  return id;
}

function zipEntries(path: string): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true }, (openError, zip) => {
      if (openError) return reject(openError);
      const files = new Map<string, Buffer>();
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (readError, stream) => {
          if (readError) return reject(readError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

test('delete a video, download my data, delete the account and register again', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  const email = await signUp(page);
  const kept = await renderVideo(page, 'Kept video');
  const removed = await renderVideo(page, 'Video to delete');

  // History: Delete asks first; Cancel keeps the video, confirming removes it.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'View History' }).click();
  const history = page.getByRole('dialog', { name: 'Video History' });
  await history.getByRole('button', { name: 'Delete Video to delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this video?' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.screenshot({ path: testInfo.outputPath('history-delete-1280.png') });
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(history.getByText('Video to delete')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await history.getByRole('button', { name: 'Delete Video to delete' }).click();
  await expect(confirm).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('history-delete-390.png') });
  await confirm.getByRole('button', { name: 'Delete video' }).click();
  await expect(history.getByText('Video to delete')).toHaveCount(0);
  await expect(history.getByText('Kept video')).toBeVisible();
  expect((await page.request.get(`/api/videos/${removed}/download`)).status()).toBe(404);

  // Download my data: built in the background, then one zip with the JSON and the MP4.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/account');
  const exportCard = page.getByRole('region', { name: 'Download my data' });
  await exportCard.getByRole('button', { name: 'Prepare my data' }).click();
  const downloadLink = exportCard.getByRole('link', { name: /^Download zip/ });
  await expect(downloadLink).toBeVisible({ timeout: 60_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), downloadLink.click()]);
  const zipPath = testInfo.outputPath('my-data.zip');
  await download.saveAs(zipPath);
  const files = await zipEntries(zipPath);
  const document = JSON.parse(files.get('glowreel-data.json')?.toString('utf8') ?? '{}') as {
    profile: { email: string };
    videos: { id: string; file: string | null }[];
  };
  expect(document.profile.email).toBe(email);
  expect(document.videos.map((video) => video.id)).toEqual([kept]);
  const mp4 = files.get(`videos/${kept}.mp4`);
  expect(mp4?.subarray(4, 8).toString('latin1')).toBe('ftyp');

  await page.getByRole('region', { name: 'Delete account' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('account-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('account-390.png'), fullPage: true });

  // Delete the account: a wrong password deletes nothing; the right one and the e-mail do.
  const deleteCard = page.getByRole('region', { name: 'Delete account' });
  await deleteCard.getByLabel('Your password').fill('not-my-password1');
  await deleteCard.getByLabel(/Type your e-mail address/).fill(email);
  await deleteCard.getByRole('button', { name: 'Delete my account' }).click();
  await expect(
    deleteCard.getByText('That password is not correct. Nothing was deleted.'),
  ).toBeVisible();
  await deleteCard.getByLabel('Your password').fill('radiant2024');
  await deleteCard.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('heading', { name: 'Your account was deleted' })).toBeVisible();
  expect((await page.request.get('/api/me')).status()).toBe(401);

  // The same address registers again as a new, empty account.
  await page.goto('/register');
  await page.getByLabel('Full Name').fill('Lumen Aesthetics');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('radiant2024');
  await page.getByLabel('Confirm Password').fill('radiant2024');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  const videos = (await (await page.request.get('/api/videos')).json()) as { videos: unknown[] };
  expect(videos.videos).toEqual([]);
});
