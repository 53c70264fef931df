import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig, type Config } from '../config.ts';
import { openRuntime, type Runtime } from '../runtime.ts';
import { POSTGRES_ADMIN_URL } from './postgres-server.ts';
import { copyPristineEmbeddedDatabase } from './pristine-embedded-database.ts';

export const DATABASE_KINDS = ['pglite', 'postgres'] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

export interface TestRuntime {
  runtime: Runtime;
  config: Config;
  dispose: () => Promise<void>;
}

function databaseUrlFor(name: string): string {
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function runAdminSql(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function waitForNoConnections(databaseName: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const result = await client.query<{ count: string }>(
        'select count(*) as count from pg_stat_activity where datname = $1',
        [databaseName],
      );
      if (Number(result.rows[0]?.count ?? 0) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await client.end();
  }
}

/** A brand-new PostgreSQL database for one test (or one server group); drop() removes it. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const databaseName = `glowreel_test_${crypto.randomUUID().replaceAll('-', '')}`;
  await runAdminSql(`create database ${databaseName}`);
  return {
    url: databaseUrlFor(databaseName),
    drop: async () => {
      // Let the closed pools' connections finish leaving before the database goes away.
      await waitForNoConnections(databaseName);
      await runAdminSql(`drop database if exists ${databaseName} with (force)`);
    },
  };
}

/**
 * A migrated runtime on a brand-new database: a fresh PGlite folder, or a PostgreSQL
 * database created for this test file and dropped afterwards.
 */
export async function openTestRuntime(
  kind: DatabaseKind,
  environment: Record<string, string> = {},
): Promise<TestRuntime> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'glowreel-test-'));
  const database = kind === 'postgres' ? await createTestDatabase() : undefined;
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PORT: '3999',
      // The periodic recovery sweep (every lease) would settle the credits some tests reserve
      // without a video; in-process tests call recover() themselves when they mean to.
      JOB_LEASE_MS: '600000',
      // Accounts signed up by tests are unconfirmed; the gate's own tests turn it back on.
      REQUIRE_EMAIL_VERIFICATION: 'false',
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...environment,
    },
    process.cwd(),
  );
  if (config.database.kind === 'pglite')
    await copyPristineEmbeddedDatabase(config.database.dataDir);
  const runtime = await openRuntime(config);
  return {
    runtime,
    config,
    dispose: async () => {
      await runtime.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second server's runtime on `first`'s PostgreSQL database, with a data folder of its own:
 * for tests of servers that share one database.
 */
export function openRuntimeSharingDatabase(
  first: TestRuntime,
  environment: Record<string, string> = {},
): Promise<TestRuntime> {
  if (first.config.database.kind !== 'postgres') throw new Error('needs a PostgreSQL runtime');
  // 'pglite' makes no database of its own; DATABASE_URL points the runtime at the first one's.
  return openTestRuntime('pglite', {
    ...environment,
    DATABASE_URL: first.config.database.connectionString,
  });
}

let userSequence = 0;

/**
 * Inserts an account directly (no password hashing) and gives it its personal clinic and the
 * default profile.
 */
export async function createTestUser(
  runtime: Runtime,
  overrides: { email?: string; name?: string; withProfile?: boolean } = {},
): Promise<{ id: string; email: string }> {
  userSequence += 1;
  const id = `user_${crypto.randomUUID()}`;
  const email = overrides.email ?? `clinic-${userSequence}-${id.slice(-6)}@example.com`;
  const name = overrides.name ?? 'Test Clinic';
  const now = new Date();
  await runtime.database.db
    .insertInto('user')
    .values({
      id,
      name,
      email,
      emailVerified: false,
      image: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  // As a sign-up does: the personal clinic first, as the profile's rows belong to it.
  await runtime.clinics.createPersonalClinic({ id, name });
  if (overrides.withProfile !== false) await runtime.profiles.createDefaultProfile(id);
  return { id, email };
}
