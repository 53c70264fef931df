import { execSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import pg from 'pg';

// The integration tier always runs against a real PostgreSQL as well as PGlite.
export const POSTGRES_ADMIN_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function canConnect(): Promise<boolean> {
  const client = new pg.Client({
    connectionString: POSTGRES_ADMIN_URL,
    connectionTimeoutMillis: 2000,
  });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Starts the machine's PostgreSQL cluster when it is down, then waits for it to answer. */
export async function ensurePostgresRunning(): Promise<void> {
  if (await canConnect()) return;
  const versions = readdirSync('/etc/postgresql');
  for (const version of versions) {
    execSync(`pg_ctlcluster --skip-systemctl-redirect ${version} main start`, { stdio: 'inherit' });
  }
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (await canConnect()) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(
    `PostgreSQL at ${POSTGRES_ADMIN_URL} does not answer; the integration tier needs it.`,
  );
}
