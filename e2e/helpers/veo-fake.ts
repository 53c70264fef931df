import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

const FAKE_MAIN = path.resolve(
  import.meta.dirname,
  '../../apps/server/src/engines/veo/run-veo-fake.testing.ts',
);

export interface VeoFakeStats {
  submitted: number;
  polls: number;
  downloads: number;
  /** Requests that came without the right key. */
  keyRejections: number;
}

export interface VeoFakeProcess {
  url: string;
  apiKey: string;
  stats: () => Promise<VeoFakeStats>;
  stop: () => Promise<void>;
}

/** The loopback fake of the Gemini API's Veo surface (the server's own test fake), as a process. */
export async function startVeoFakeProcess(): Promise<VeoFakeProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', FAKE_MAIN], {
    env: { PATH: process.env.PATH ?? '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the Veo fake exited with ${code}`)));
  });
  const { url, apiKey } = JSON.parse(first) as { url: string; apiKey: string };
  return {
    url,
    apiKey,
    stats: async () => (await (await fetch(`${url}/__fake/stats`)).json()) as VeoFakeStats,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
