import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { cp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureEmbeddedDatabase, hasEmbeddedDatabase } from '../db/create-embedded-database.ts';
import { EMBEDDED_DATABASE_START_PARAMS } from '../db/embedded-database-options.ts';
import { fileURLToPath } from 'node:url';

/**
 * A freshly created, never opened embedded database folder, made once per machine for the
 * PGlite version and start parameters in use. Creating one (PostgreSQL's initdb in
 * WebAssembly) takes seconds and is the same work for every test runtime; copying the result
 * takes milliseconds. Each runtime then opens its copy and runs every migration itself, as a
 * server's first start does, so nothing a test checks comes from the cache.
 */
function pristineFolder(): string {
  const key = createHash('sha256')
    .update(JSON.stringify([pgliteVersion(), EMBEDDED_DATABASE_START_PARAMS]))
    .digest('hex')
    .slice(0, 16);
  return path.join(tmpdir(), `glowreel-test-pristine-database-${key}`);
}

/** The installed PGlite's version (its package.json is not among its exports). */
function pgliteVersion(): string {
  let folder = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
  while (!existsSync(path.join(folder, 'package.json'))) folder = path.dirname(folder);
  return (
    JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as { version: string }
  ).version;
}

async function ensurePristineDatabase(): Promise<string> {
  const folder = pristineFolder();
  if (hasEmbeddedDatabase(folder)) return folder;
  // Test files run in parallel processes: each makes its own and the first rename wins.
  const staging = `${folder}.making-${process.pid}-${crypto.randomUUID()}`;
  try {
    await ensureEmbeddedDatabase(staging);
    await rename(staging, folder).catch((error: NodeJS.ErrnoException) => {
      if (!hasEmbeddedDatabase(folder)) throw error;
    });
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return folder;
}

/** Puts a new, empty embedded database into `folder` (which must not hold one yet). */
export async function copyPristineEmbeddedDatabase(folder: string): Promise<void> {
  const pristine = await ensurePristineDatabase();
  await cp(pristine, folder, { recursive: true, errorOnExist: true, force: false });
}
