import { expect, test, type Page } from '@playwright/test';
import { texturedCompositePng } from '../helpers/face-photo.ts';
import { signUp } from '../helpers/site.ts';

// Issue 15: a refresh or Back during a render lost the job on screen while its credit stayed
// spent. The page now picks the render up from the server's record.

async function queueVideo(page: Page, baseURL: string, title: string): Promise<string> {
  const response = await page.request.post('/api/videos', {
    headers: { origin: baseURL },
    multipart: {
      image: { name: 'composite.png', mimeType: 'image/png', buffer: await texturedCompositePng() },
      consent: 'true',
      title,
    },
  });
  expect(response.status(), await response.text()).toBe(202);
  return ((await response.json()) as { id: string }).id;
}

/**
 * A new clinic with three renders queued at once: the last waits behind the others, so it is
 * still running when the page under test opens. Answers the newest one's id.
 */
async function clinicWithThreeRenders(page: Page, baseURL: string): Promise<string> {
  await signUp(page);
  for (const title of ['First', 'Second']) await queueVideo(page, baseURL, title);
  return queueVideo(page, baseURL, 'Third');
}

/** The job panel, whichever state the render has reached by now. */
function jobPanel(page: Page) {
  return page.getByRole('progressbar').or(page.getByText('Your video is ready'));
}

test('a refresh, or Back then Forward, during a render brings back its progress and result', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signUp(page);
  await page.goto('/dashboard');
  await page.goto('/generate');
  await page.getByLabel('Upload your before & after photo').setInputFiles({
    name: 'composite.png',
    mimeType: 'image/png',
    buffer: await texturedCompositePng(),
  });
  await expect(page.getByText(/split found: side by side/i)).toBeVisible();
  await page.getByLabel(/patient has authorized marketing use/).check();
  await page.getByRole('button', { name: 'Generate Video' }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  // The address names the render, so the browser keeps it across a refresh.
  await expect(page).toHaveURL(/\/generate\?video=[0-9a-f-]+$/);
  const address = page.url();

  await page.reload();
  await expect(jobPanel(page).first()).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goForward();
  await expect(page).toHaveURL(address);
  await expect(jobPanel(page).first()).toBeVisible();
  await expect(page.getByText('Your video is ready')).toBeVisible({ timeout: 90_000 });

  // It finished while the page was away: a refresh still shows the result, not an empty form.
  await page.reload();
  await expect(page.getByText('Your video is ready')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download MP4' })).toBeVisible();
});

test('a plain /generate picks up the newest render still running on the server', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const newest = await clinicWithThreeRenders(page, baseURL ?? '');

  await page.goto('/generate');
  await expect(page).toHaveURL(new RegExp(`/generate\\?video=${newest}$`));
  await expect(jobPanel(page).first()).toBeVisible();
  await expect(page.getByText('Your video is ready')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText('Third', { exact: true })).toBeVisible();

  // Nothing running any more: a plain /generate is an empty form again.
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get('/api/videos')).json()) as { videos: { status: string }[] }
        ).videos.filter((video) => video.status === 'processing').length,
      { timeout: 90_000 },
    )
    .toBe(0);
  await page.goto('/generate');
  await expect(page.getByText('No photo chosen yet.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Checking for a render' })).toHaveCount(
    0,
  );
  await expect(jobPanel(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/generate$/);
});

test('the dashboard shows a running render with its progress and links to it', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const newest = await clinicWithThreeRenders(page, baseURL ?? '');

  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'A video is rendering' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Third');
  await expect(card.getByRole('progressbar', { name: 'Video progress' })).toBeVisible();
  // It stays, saying so, when the render ends while the clinic watches.
  await expect(page.getByRole('region', { name: 'Your video is ready' })).toBeVisible({
    timeout: 90_000,
  });
  await page.getByRole('link', { name: 'Open the result' }).click();
  await expect(page).toHaveURL(new RegExp(`/generate\\?video=${newest}$`));
  await expect(page.getByText('Your video is ready')).toBeVisible();
});

test('a /generate link to a video that is not in the account says so and offers the form', async ({
  page,
}) => {
  await signUp(page);
  await page.goto('/generate?video=00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('alert')).toContainText('That video is not in your account.');
  await expect(page.getByRole('button', { name: 'Generate Video' })).toBeEnabled();
});
