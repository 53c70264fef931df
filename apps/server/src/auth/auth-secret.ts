import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The session-signing secret: AUTH_SECRET when configured, otherwise one generated on
 * the first start and kept in the data folder so sessions survive restarts.
 */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const secretPath = path.join(dataDir, 'auth-secret');
  try {
    const stored = readFileSync(secretPath, 'utf8').trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const generated = randomBytes(32).toString('base64url');
  writeFileSync(secretPath, `${generated}\n`, { mode: 0o600 });
  return generated;
}
