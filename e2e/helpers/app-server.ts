import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const SERVER_MAIN = path.resolve(import.meta.dirname, '../../apps/server/src/main.ts');

export interface AppServer {
  url: string;
  stop: () => Promise<void>;
}

/**
 * The real server (with the built SPA) on its own port and data folder, for specs that need a
 * configuration the shared server does not have (e.g. an OpenID Connect issuer).
 */
export async function startAppServer(
  port: number,
  environment: Record<string, string>,
): Promise<AppServer> {
  const url = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), `glowreel-e2e-app-${port}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...environment,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitUntilReady(`${url}/readyz`, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    stop: async () => {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function waitUntilReady(readyUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ready = await fetch(readyUrl).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server at ${readyUrl} was not ready within 120 s`);
}
