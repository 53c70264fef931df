import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import pg from 'pg';
import { seriousViolations } from '../helpers/a11y.ts';
import { startAppServer, type AppServer } from '../helpers/app-server.ts';
import { startTestOidcProvider, type TestOidcProvider } from '../helpers/oidc-provider.ts';
import { E2E_PORTS } from '../helpers/ports.ts';

// The app and a real OpenID Connect provider, each on its own loopback port beside the shared
// server, on a PostgreSQL database made for this file (the test reads what each flow stored).
const APP_PORT = E2E_PORTS.oidcApp;
const PROVIDER_PORT = E2E_PORTS.oidcProvider;
const EMBEDDED_APP_PORT = E2E_PORTS.oidcEmbeddedApp;
const PROVIDER_NAME = 'Test IdP';
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PASSWORD = 'radiant2024';
// Screenshots for people to look at (git-ignored), beside the other screens'.
const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../.tmp/screenshots');

let app: AppServer;
let provider: TestOidcProvider;
let database: pg.Client;
let databaseName: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  databaseName = `glowreel_e2e_oidc_${crypto.randomUUID().replaceAll('-', '')}`;
  await runAdmin(`create database ${databaseName}`);
  const databaseUrl = new URL(ADMIN_URL);
  databaseUrl.pathname = `/${databaseName}`;
  provider = await startTestOidcProvider({
    port: PROVIDER_PORT,
    redirectUris: [APP_PORT, EMBEDDED_APP_PORT].map(
      (port) => `http://localhost:${port}/api/auth/callback/oidc`,
    ),
  });
  app = await startAppServer(APP_PORT, { DATABASE_URL: databaseUrl.toString(), ...oidcSettings() });
  database = new pg.Client({ connectionString: databaseUrl.toString() });
  await database.connect();
});

test.afterAll(async () => {
  await database?.end();
  await app?.stop();
  await provider?.close();
  if (databaseName) await runAdmin(`drop database if exists ${databaseName} with (force)`);
});

function oidcSettings(): Record<string, string> {
  return {
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_NAME: PROVIDER_NAME,
  };
}

async function runAdmin(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

function uniqueEmail(label: string): string {
  return `${label}-${crypto.randomUUID().slice(0, 8)}@clinic.example`;
}

/** Every account row of the person with this e-mail: provider ids, one user at most. */
async function accountsOf(email: string): Promise<{ users: number; providers: string[] }> {
  const users = await database.query<{ id: string }>('select id from "user" where email = $1', [
    email,
  ]);
  const accounts = await database.query<{ providerId: string }>(
    'select "providerId" from account a join "user" u on u.id = a."userId" where u.email = $1 order by "providerId"',
    [email],
  );
  return { users: users.rowCount ?? 0, providers: accounts.rows.map((row) => row.providerId) };
}

/** Registers with e-mail and password; the page's context stays signed in. */
async function registerWithPassword(page: Page, email: string, name: string): Promise<void> {
  const response = await page.request.post(`${app.url}/api/auth/sign-up/email`, {
    headers: { origin: app.url },
    data: { name, email, password: PASSWORD },
  });
  expect(response.ok()).toBe(true);
}

async function signUpWithPassword(page: Page, email: string, name: string): Promise<void> {
  await registerWithPassword(page, email, name);
  // That request signed this context in; the provider flows below start signed out.
  await page.context().clearCookies();
}

/** A screenshot at a desktop and a phone width, each drawn without sideways scrolling. */
async function screenshotAtBothWidths(page: Page, name: string, part?: Locator): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate<number>(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    );
    expect(overflow).toBe(0);
    const file = path.join(SCREENSHOT_DIR, `${name}-${width}.png`);
    await (part
      ? part.screenshot({ path: file })
      : page.screenshot({ path: file, fullPage: true }));
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** Clicks "Continue with Test IdP" and signs in at the provider; consent is left to the caller. */
async function continueAtProvider(page: Page, username: string): Promise<void> {
  await page.getByRole('button', { name: `Continue with ${PROVIDER_NAME}` }).click();
  await expect(page.getByRole('heading', { name: 'Test IdP sign-in' })).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: 'Sign in to Test IdP' }).click();
}

test('a first sign-in creates the account with the starting credits; signing out and in again finds it', async ({
  page,
}) => {
  const email = uniqueEmail('new');
  provider.addPerson('new-owner', { email, email_verified: true, name: 'Nova Aesthetics' });

  await page.goto(`${app.url}/register`);
  const authorization = page.waitForRequest((request) =>
    request.url().startsWith(`${provider.issuer}/auth?`),
  );
  await continueAtProvider(page, 'new-owner');
  // The app asked for the code with PKCE (S256), a state and a nonce.
  const asked = new URL((await authorization).url()).searchParams;
  expect(asked.get('code_challenge_method')).toBe('S256');
  expect(asked.get('code_challenge')).toMatch(/^[\w-]{43}$/);
  expect(asked.get('state')).toBeTruthy();
  expect(asked.get('nonce')).toBeTruthy();
  expect(asked.get('client_id')).toBe(provider.clientId);

  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page).toHaveURL(`${app.url}/dashboard`);
  await expect(page.getByText('5 credits')).toBeVisible();
  expect(await accountsOf(email)).toEqual({ users: 1, providers: ['oidc'] });

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(`${app.url}/`);

  // The provider remembers the person and the consent: straight back, into the same account.
  await page.goto(`${app.url}/login`);
  await page.getByRole('button', { name: `Continue with ${PROVIDER_NAME}` }).click();
  await expect(page).toHaveURL(`${app.url}/dashboard`);
  await expect(page.getByText('5 credits')).toBeVisible();
  expect(await accountsOf(email)).toEqual({ users: 1, providers: ['oidc'] });
});

test('a provider sign-in joins the existing account whose e-mail is verified', async ({ page }) => {
  const email = uniqueEmail('verified');
  await signUpWithPassword(page, email, 'Verified Clinic');
  await database.query('update "user" set "emailVerified" = true where email = $1', [email]);
  provider.addPerson('verified-owner', { email, email_verified: true, name: 'Someone Else' });

  await page.goto(`${app.url}/login`);
  await continueAtProvider(page, 'verified-owner');
  await page.getByRole('button', { name: 'Allow' }).click();

  await expect(page).toHaveURL(`${app.url}/dashboard`);
  await expect(page.getByText('5 credits')).toBeVisible();
  expect(await accountsOf(email)).toEqual({ users: 1, providers: ['credential', 'oidc'] });
});

test('an account whose e-mail is not verified is not joined, and the page says so', async ({
  page,
}) => {
  const email = uniqueEmail('unverified');
  await signUpWithPassword(page, email, 'Unverified Clinic');
  provider.addPerson('unverified-owner', { email, email_verified: true, name: 'Intruder' });

  await page.goto(`${app.url}/login`);
  await continueAtProvider(page, 'unverified-owner');
  await page.getByRole('button', { name: 'Allow' }).click();

  await expect(page).toHaveURL(/\/login\?provider=oidc&error=account_not_linked$/);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(`Failed to sign in with ${PROVIDER_NAME}`);
  await expect(alert).toContainText('its e-mail address is not verified');
  expect(await accountsOf(email)).toEqual({ users: 1, providers: ['credential'] });
  expect(await seriousViolations(page)).toEqual([]);
  await screenshotAtBothWidths(page, 'oidc-login-not-linked');
  await page.goto(`${app.url}/dashboard`);
  await expect(page).toHaveURL(`${app.url}/login`);
});

test('refusing consent at the provider shows the SPEC message and creates nothing', async ({
  page,
}) => {
  const email = uniqueEmail('refuses');
  provider.addPerson('refusing-owner', { email, email_verified: true, name: 'Refusing Clinic' });

  await page.goto(`${app.url}/register`);
  await continueAtProvider(page, 'refusing-owner');
  await page.getByRole('button', { name: 'Deny' }).click();

  await expect(page).toHaveURL(/\/register\?provider=oidc&error=access_denied/);
  await expect(page.getByRole('alert')).toContainText(`Failed to sign up with ${PROVIDER_NAME}`);
  expect(await accountsOf(email)).toEqual({ users: 0, providers: [] });

  await page.goto(`${app.url}/login`);
  await page.getByRole('button', { name: `Continue with ${PROVIDER_NAME}` }).click();
  await page.getByRole('button', { name: 'Deny' }).click();
  await expect(page.getByRole('alert')).toContainText(`Failed to sign in with ${PROVIDER_NAME}`);
});

test('a replayed provider answer is refused with a clear message and changes nothing', async ({
  page,
}) => {
  const email = uniqueEmail('replay');
  provider.addPerson('replay-owner', { email, email_verified: true, name: 'Replay Clinic' });

  await page.goto(`${app.url}/login`);
  const callback = page.waitForRequest((request) =>
    request.url().startsWith(`${app.url}/api/auth/callback/oidc?`),
  );
  await continueAtProvider(page, 'replay-owner');
  await page.getByRole('button', { name: 'Allow' }).click();
  const answer = (await callback).url();
  await expect(page).toHaveURL(`${app.url}/dashboard`);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(`${app.url}/`);
  const before = await database.query('select count(*)::int as n from session');

  await page.goto(answer);
  await expect(page).toHaveURL(/\/login\?error=state_/);
  await expect(page.getByRole('alert')).toContainText(
    'This sign-in link was already used or has expired',
  );
  const after = await database.query('select count(*)::int as n from session');
  expect(after.rows).toEqual(before.rows);
  expect(await accountsOf(email)).toEqual({ users: 1, providers: ['oidc'] });
  await page.goto(`${app.url}/dashboard`);
  await expect(page).toHaveURL(`${app.url}/login`);
});

test('the sign-in pages show the provider button, and only when configured', async ({ page }) => {
  for (const screen of ['login', 'register']) {
    await page.goto(`${app.url}/${screen}`);
    await expect(
      page.getByRole('button', { name: `Continue with ${PROVIDER_NAME}` }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshotAtBothWidths(page, `oidc-${screen}`);
  }
  // The shared server has no provider configured: no button, no divider.
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Continue with/ })).toHaveCount(0);
});

test('/account links the provider to a password account and unlinks it again', async ({ page }) => {
  const email = uniqueEmail('linker');
  await registerWithPassword(page, email, 'Linking Clinic');
  provider.addPerson('linking-owner', { email, email_verified: true, name: 'Linking Clinic' });

  await page.goto(`${app.url}/account`);
  const section = page.getByRole('region', { name: 'Sign-in methods' });
  const list = section.getByRole('list', { name: 'Linked sign-in methods' });
  await expect(list.getByRole('listitem')).toHaveText(['E-mail and password']);
  await expect(section).toContainText('This is your only way to sign in');

  await section.getByRole('button', { name: `Link ${PROVIDER_NAME}`, exact: true }).click();
  await page.getByLabel('Username').fill('linking-owner');
  await page.getByRole('button', { name: 'Sign in to Test IdP' }).click();
  await page.getByRole('button', { name: 'Allow' }).click();

  await expect(page).toHaveURL(`${app.url}/account#sign-in-methods`);
  await expect(list.getByRole('listitem')).toHaveText(['E-mail and password', /Test IdP/]);
  await expect(
    section.getByRole('button', { name: `Link ${PROVIDER_NAME}`, exact: true }),
  ).toHaveCount(0);
  expect(await accountsOf(email)).toEqual({ users: 1, providers: ['credential', 'oidc'] });
  expect(await seriousViolations(page)).toEqual([]);
  await screenshotAtBothWidths(page, 'oidc-account-sign-in-methods', section);

  await section.getByRole('button', { name: `Unlink ${PROVIDER_NAME}` }).click();
  await expect(list.getByRole('listitem')).toHaveText(['E-mail and password']);
  expect(await accountsOf(email)).toEqual({ users: 1, providers: ['credential'] });
});

test('/account refuses a provider account with another e-mail address', async ({ page }) => {
  const email = uniqueEmail('mismatch');
  await registerWithPassword(page, email, 'Mismatch Clinic');
  provider.addPerson('other-address', {
    email: uniqueEmail('elsewhere'),
    email_verified: true,
    name: 'Elsewhere',
  });

  await page.goto(`${app.url}/account`);
  const section = page.getByRole('region', { name: 'Sign-in methods' });
  await section.getByRole('button', { name: `Link ${PROVIDER_NAME}`, exact: true }).click();
  await page.getByLabel('Username').fill('other-address');
  await page.getByRole('button', { name: 'Sign in to Test IdP' }).click();
  await page.getByRole('button', { name: 'Allow' }).click();

  await expect(page).toHaveURL(/\/account\?provider=oidc&error=/);
  await expect(section.getByRole('alert')).toContainText(
    `${PROVIDER_NAME} could not be linked. It signed you in with a different e-mail address`,
  );
  expect(await accountsOf(email)).toEqual({ users: 1, providers: ['credential'] });
});

test('the only sign-in method cannot be unlinked, on the page or at the server', async ({
  page,
}) => {
  const email = uniqueEmail('only-provider');
  provider.addPerson('only-provider', { email, email_verified: true, name: 'Provider Only' });
  await page.goto(`${app.url}/register`);
  await continueAtProvider(page, 'only-provider');
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page).toHaveURL(`${app.url}/dashboard`);

  await page.goto(`${app.url}/account`);
  const section = page.getByRole('region', { name: 'Sign-in methods' });
  await expect(section.getByRole('listitem')).toHaveText([/Test IdP/]);
  await expect(section.getByRole('button', { name: `Unlink ${PROVIDER_NAME}` })).toBeDisabled();
  await expect(section).toContainText(
    'This is your only way to sign in, so it cannot be unlinked.',
  );

  const accounts = await database.query<{ id: string }>(
    'select a.id from account a join "user" u on u.id = a."userId" where u.email = $1',
    [email],
  );
  const refused = await page.request.post(`${app.url}/api/auth/unlink-account`, {
    headers: { origin: app.url },
    data: { accountId: accounts.rows[0]?.id },
  });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
    'FAILED_TO_UNLINK_LAST_ACCOUNT',
  );
  expect(await accountsOf(email)).toEqual({ users: 1, providers: ['oidc'] });
});

test('on the embedded database too, a first sign-in creates the account and the next finds it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const embedded = await startAppServer(EMBEDDED_APP_PORT, oidcSettings());
  try {
    provider.addPerson('embedded-owner', {
      email: uniqueEmail('embedded'),
      email_verified: true,
      name: 'Embedded Clinic',
    });
    await page.goto(`${embedded.url}/register`);
    await continueAtProvider(page, 'embedded-owner');
    await page.getByRole('button', { name: 'Allow' }).click();
    await expect(page).toHaveURL(`${embedded.url}/dashboard`);
    await expect(page.getByText('5 credits')).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(`${embedded.url}/`);
    await page.goto(`${embedded.url}/login`);
    await page.getByRole('button', { name: `Continue with ${PROVIDER_NAME}` }).click();
    await expect(page).toHaveURL(`${embedded.url}/dashboard`);
    await expect(page.getByText('5 credits')).toBeVisible();
    await expect(
      page.getByRole('button', { name: /Account menu for Embedded Clinic/ }),
    ).toBeVisible();
  } finally {
    await embedded.stop();
  }
});
