import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E_PORTS } from '../helpers/ports.ts';
import { generateVideo, registerClinic } from './billing-helpers.ts';

const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '../..');
const PORT = E2E_PORTS.app;
const BASE_URL = `http://localhost:${PORT}`;
/** The data folder playwright.config.ts gives the app server; its mail waits in the outbox. */
const DATA_DIR = path.join(tmpdir(), `glowreel-e2e-${PORT}`);

/** The newest invitation link mailed to `address`, read from the app server's outbox. */
function invitationLinkFor(address: string): string {
  const printed = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/outbox.cli.ts', '--limit', '200'],
    {
      cwd: REPOSITORY_ROOT,
      env: { ...process.env, DATA_DIR, PORT: String(PORT) },
      encoding: 'utf8',
    },
  );
  const mail = printed
    .split('-'.repeat(60))
    .find((entry) => entry.includes(`To: ${address}`) && entry.includes('invited you to'));
  return mail?.split(/\s+/).find((word) => word.startsWith(`${BASE_URL}/invitations/`)) ?? '';
}

/** What `/api/me` shows the page's account: the active clinic's plan and credits. */
async function creditsOf(
  page: Page,
): Promise<{ plan: string; videosRemaining: number; total: number }> {
  const response = await page.request.get('/api/me');
  expect(response.ok()).toBe(true);
  const profile = (await response.json()) as {
    subscription: { plan: string; videosRemaining: number };
    credits: { total: number };
  };
  return {
    plan: profile.subscription.plan,
    videosRemaining: profile.subscription.videosRemaining,
    total: profile.credits.total,
  };
}

async function activeClinicOf(page: Page): Promise<{ id: string; role: string }> {
  const response = await page.request.get('/api/clinics');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { active: { id: string; role: string } }).active;
}

test('an owner invites staff, the staff member joins, renders for the clinic and is removed', async ({
  browser,
}) => {
  // One real render on a shared 2-core machine.
  test.setTimeout(300_000);
  const owner = await (await browser.newContext()).newPage();
  await registerClinic(owner);

  // Free has one seat: the owner takes Professional (five) in the demo checkout first.
  await owner.goto('/dashboard');
  await owner.getByRole('button', { name: 'Select Professional' }).click();
  await owner.getByRole('button', { name: 'Start Professional (demo)' }).click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Your Dashboard' })).toBeVisible();

  const team = owner.locator('#team');
  await expect(team.getByTestId('seats')).toHaveText('1 of 5 seats used');
  const staffEmail = `staff-${Date.now()}@clinic.example`;
  await team.getByLabel('E-mail of the person to invite').fill(staffEmail);
  await team.getByLabel('Role', { exact: true }).selectOption('staff');
  await team.getByRole('button', { name: 'Send invitation' }).click();
  await expect(team.getByText(`${staffEmail} · staff · expires`)).toBeVisible();
  await expect(team.getByTestId('seats')).toHaveText('2 of 5 seats used');
  const clinic = await activeClinicOf(owner);

  let link = '';
  await expect.poll(() => (link = invitationLinkFor(staffEmail)), { timeout: 15_000 }).not.toBe('');

  // The staff member opens the link signed out, registers, and comes back to accept.
  const staff = await (await browser.newContext()).newPage();
  await staff.goto(link);
  await expect(staff.getByRole('heading', { name: 'You are invited to a clinic' })).toBeVisible();
  await staff.getByRole('link', { name: 'Create an account' }).click();
  await staff.getByLabel('Full Name').fill('Nora Staff');
  await staff.getByLabel('Email').fill(staffEmail);
  await staff.getByLabel('Password', { exact: true }).fill('radiant2024');
  await staff.getByLabel('Confirm Password').fill('radiant2024');
  await staff.getByRole('button', { name: 'Create Account' }).click();
  await expect(staff.getByRole('heading', { name: 'Join Solstice Med Spa' })).toBeVisible();
  await expect(staff.getByText('Solstice Med Spa invited')).toBeVisible();
  await staff.getByRole('button', { name: 'Accept and join Solstice Med Spa' }).click();
  await expect(staff).toHaveURL(/\/dashboard#team$/);
  await expect(staff.locator('#team')).toContainText('your role: staff');
  // Staff see neither billing nor the admin sections, and can switch back to their own clinic.
  await expect(staff.locator('#brand')).toHaveCount(0);
  await expect(staff.locator('#developers')).toHaveCount(0);
  await expect(staff.getByRole('button', { name: /^Select / })).toHaveCount(0);
  await expect(staff.getByLabel('Clinic', { exact: true })).toBeVisible();
  expect(await activeClinicOf(staff)).toMatchObject({ id: clinic.id, role: 'staff' });
  // The switcher moves between the two clinics, and the page's data follows.
  const switcher = staff.getByLabel('Clinic', { exact: true });
  await switcher.selectOption({ label: 'Nora Staff (owner)' });
  await expect(staff.locator('#team')).toContainText('your role: owner');
  await expect(staff.locator('#brand')).toBeVisible();
  await switcher.selectOption({ label: 'Solstice Med Spa (staff)' });
  await expect(staff.locator('#team')).toContainText('your role: staff');
  await expect(staff.locator('#brand')).toHaveCount(0);

  // Credits are the clinic's: acting for it, the staff member sees the owner's plan and balance.
  const clinicBefore = await creditsOf(owner);
  expect(clinicBefore.plan).toBe('pro');
  expect(await creditsOf(staff)).toEqual(clinicBefore);
  await switcher.selectOption({ label: 'Nora Staff (owner)' });
  await expect(staff.locator('#team')).toContainText('your role: owner');
  const personalBefore = await creditsOf(staff);
  expect(personalBefore.plan).toBe('free');
  await switcher.selectOption({ label: 'Solstice Med Spa (staff)' });
  await expect(staff.locator('#team')).toContainText('your role: staff');
  await expect(staff.getByTestId('clinic-credits')).toHaveText(`${clinicBefore.total} credits`);

  // A render by the staff member is the clinic's video, paid from the clinic's credits: the
  // owner sees it in their history and one credit fewer; the staff member's own are untouched.
  await generateVideo(staff, 'Staff render');
  expect((await creditsOf(owner)).total).toBe(clinicBefore.total - 1);
  expect((await creditsOf(staff)).total).toBe(clinicBefore.total - 1);
  const ownerVideos = await owner.request.get('/api/videos');
  expect(ownerVideos.ok()).toBe(true);
  expect(JSON.stringify(await ownerVideos.json())).toContain('Staff render');

  // The owner removes the staff member.
  await owner.reload();
  owner.once('dialog', (dialog) => void dialog.accept());
  await team
    .getByRole('listitem')
    .filter({ hasText: staffEmail })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(team.getByText(staffEmail)).toHaveCount(0);
  await expect(team.getByTestId('seats')).toHaveText('1 of 5 seats used');

  // The staff member's still-open session no longer acts for the clinic.
  const after = await activeClinicOf(staff);
  expect(after.id).not.toBe(clinic.id);
  const back = await staff.request.post('/api/clinics/active', { data: { clinicId: clinic.id } });
  expect(back.status()).toBe(404);
  expect(await creditsOf(staff)).toEqual(personalBefore);
  // What they make now is their own clinic's, paid by their own credits, not the one they left.
  await generateVideo(staff, 'After removal');
  const ownerList = JSON.stringify(await (await owner.request.get('/api/videos')).json());
  expect(ownerList).toContain('Staff render');
  expect(ownerList).not.toContain('After removal');
  expect((await creditsOf(owner)).total).toBe(clinicBefore.total - 1);
  expect((await creditsOf(staff)).total).toBe(personalBefore.total - 1);
});
