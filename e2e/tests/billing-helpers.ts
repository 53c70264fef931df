import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { texturedCompositePng } from '../helpers/face-photo.ts';
import { E2E_PORTS } from '../helpers/ports.ts';

const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '../..');
const PORT = E2E_PORTS.app;
/** The data folder playwright.config.ts gives the server. */
const DATA_DIR = path.join(tmpdir(), `glowreel-e2e-${PORT}`);

let counter = 0;

/** Registers a clinic through the register endpoint; the page's context is then signed in. */
export async function registerClinic(page: Page): Promise<string> {
  counter += 1;
  const email = `billing-${Date.now()}-${counter}@clinic.example`;
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { name: 'Solstice Med Spa', email, password: 'radiant2024' },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return email;
}

/** Grants credits with the operator CLI, which reaches the running server through its socket. */
export function grantCredits(email: string, amount: number, bucket: 'free' | 'bonus'): void {
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/src/cli/credits.cli.ts',
      'grant',
      email,
      String(amount),
      ...(bucket === 'bonus' ? ['--bonus'] : []),
    ],
    { cwd: REPOSITORY_ROOT, env: { ...process.env, DATA_DIR, PORT: String(PORT) }, stdio: 'pipe' },
  );
}

let composite: Buffer | undefined;

async function compositePng(): Promise<Buffer> {
  composite ??= await texturedCompositePng({ width: 1440, height: 900 });
  return composite;
}

/** POST /api/videos as the /generate page does, then waits for the render to finish. */
export async function generateVideo(page: Page, title: string): Promise<string> {
  const id = await startVideo(page, title);
  await expect
    .poll(
      async () => {
        const record = await page.request.get(`/api/videos/${id}`);
        return ((await record.json()) as { status: string }).status;
      },
      { timeout: 90_000, intervals: [500] },
    )
    .toBe('completed');
  return id;
}

/** POST /api/videos: answers as soon as the render is queued (202). */
export async function startVideo(page: Page, title: string): Promise<string> {
  const response = await page.request.post('/api/videos', {
    multipart: {
      image: { name: 'composite.png', mimeType: 'image/png', buffer: await compositePng() },
      consent: 'true',
      title,
    },
  });
  expect(response.status(), await response.text()).toBe(202);
  return ((await response.json()) as { id: string }).id;
}

/** The credit figures the dashboard shows (its badges and the plan videos line). */
export async function expectCredits(
  page: Page,
  expected: { free: number; bonus: number; plan: string },
): Promise<void> {
  await expect(page.getByTestId('free-credits')).toHaveText(String(expected.free));
  await expect(page.getByTestId('bonus-credits')).toHaveText(String(expected.bonus));
  await expect(page.getByTestId('plan-videos')).toHaveText(expected.plan);
}
