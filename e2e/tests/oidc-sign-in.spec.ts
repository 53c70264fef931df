import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { startAppServer, type AppServer } from '../helpers/app-server.ts';
import { startTestOidcProvider, type TestOidcProvider } from '../helpers/oidc-provider.ts';

// The app and a real OpenID Connect provider, each on its own loopback port beside the shared
// server, on a PostgreSQL database made for this file (the test reads what each flow stored).
const BASE_PORT = Number(process.env.E2E_PORT ?? 3210);
const APP_PORT = BASE_PORT + 400;
const PROVIDER_PORT = BASE_PORT + 401;
const PROVIDER_NAME = 'Test IdP';
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PASSWORD = 'radiant2024';

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
    redirectUri: `http://localhost:${APP_PORT}/api/auth/callback/oidc`,
  });
  app = await startAppServer(APP_PORT, {
    DATABASE_URL: databaseUrl.toString(),
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_NAME: PROVIDER_NAME,
  });
  database = new pg.Client({ connectionString: databaseUrl.toString() });
  await database.connect();
});

test.afterAll(async () => {
  await database?.end();
  await app?.stop();
  await provider?.close();
  if (databaseName) await runAdmin(`drop database if exists ${databaseName} with (force)`);
});

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

async function signUpWithPassword(page: Page, email: string, name: string): Promise<void> {
  const response = await page.request.post(`${app.url}/api/auth/sign-up/email`, {
    headers: { origin: app.url },
    data: { name, email, password: PASSWORD },
  });
  expect(response.ok()).toBe(true);
  // That request signed this context in; the provider flows below start signed out.
  await page.context().clearCookies();
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
