import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// A path, not a URL's pathname: that would keep a folder name's spaces percent-encoded.
const CHILD_SCRIPT = fileURLToPath(new URL('./create-embedded-database.child.ts', import.meta.url));
const STDERR_TAIL_CHARS = 2000;

export function hasEmbeddedDatabase(folder: string): boolean {
  return existsSync(path.join(folder, 'PG_VERSION'));
}

/**
 * Creates the embedded database in `folder` if it holds none yet. initdb runs in a child
 * process (see create-embedded-database.child.ts) into a sibling folder that is renamed into
 * place once complete, so a crash mid-way never leaves a half-made database behind.
 */
export async function ensureEmbeddedDatabase(folder: string): Promise<void> {
  if (hasEmbeddedDatabase(folder)) return;
  if ((await listFolder(folder)).length > 0) {
    throw new Error(
      `The database folder ${folder} holds files but no database; move them away and start again.`,
    );
  }
  const staging = `${folder}.creating-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  try {
    await runCreateChild(staging);
    await removeEmptyFolder(folder);
    await rename(staging, folder);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function listFolder(folder: string): Promise<string[]> {
  try {
    return await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** An empty folder (left by an interrupted start) makes way for the new database. */
async function removeEmptyFolder(folder: string): Promise<void> {
  await rmdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
}

function runCreateChild(folder: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // No inherited loader flags: the parent may run under tsx, the child needs none.
    const child = spawn(process.execPath, [CHILD_SCRIPT, folder], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL_CHARS);
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else {
        const how = signal ? `was stopped by ${signal}` : `exited with code ${code}`;
        reject(new Error(`Creating the embedded database ${how}: ${stderr.trim()}`));
      }
    });
  });
}
