import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { spawnServerScript, waitForExit, waitForOutput } from './server-process.ts';

/** A real server process for the crash and two-server tests, on its own port. */
export interface ServerUnderTest {
  child: ChildProcess;
  origin: string;
  /** Everything it printed so far (JSON log lines and markers). */
  output: () => string;
}

export interface ServerOptions {
  dataDir: string;
  port: number;
  databaseUrl?: string;
  environment?: Record<string, string>;
}

function environmentOf(options: ServerOptions): Record<string, string> {
  return {
    NODE_ENV: 'test',
    DATA_DIR: options.dataDir,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    // One render at a time and no face model keep a test render to a few seconds.
    RENDER_CONCURRENCY: '1',
    FACE_DETECTION: 'false',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.environment,
  };
}

/** Spawns the server without waiting (for a start that is expected to be refused). */
export function spawnServer(options: ServerOptions): ChildProcess {
  return spawnServerScript('main.ts', [], environmentOf(options));
}

export async function startServer(options: ServerOptions): Promise<ServerUnderTest> {
  const child = spawnServer(options);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitForOutput(child, 'Glowreel is running', 90_000);
  return { child, origin: `http://localhost:${options.port}`, output: () => output };
}

/** SIGKILL: no shutdown code runs, exactly as in a power cut or an OOM kill. */
export async function killHard(server: ServerUnderTest): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGKILL');
  await exited;
}

export async function stopGracefully(server: ServerUnderTest): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = waitForExit(server.child, 60_000);
  server.child.kill('SIGTERM');
  await exited;
}

/** Signs a new clinic up (3 free credits) and returns its session cookie. */
export async function signUpClinic(origin: string, name: string): Promise<string> {
  const response = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({
      name,
      email: `${name.toLowerCase().replaceAll(' ', '-')}-${crypto.randomUUID()}@spa.example`,
      password: 'glowing2024',
    }),
  });
  if (response.status !== 200) throw new Error(`sign-up answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((entry) => entry.split(';')[0])
    .join('; ');
}

/** Sends one upload as the web app does; resolves with the response (or rejects if killed). */
export function uploadComposite(origin: string, cookie: string, photo: Buffer): Promise<Response> {
  const form = new FormData();
  form.set('consent', 'true');
  form.set('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'composite.jpg');
  return fetch(`${origin}/api/videos`, {
    method: 'POST',
    headers: { cookie, origin },
    body: form,
  });
}

export interface VideoSummary {
  id: string;
  status: string;
}

/** Waits until none of the clinic's videos is processing any more, and returns them. */
export async function waitForVideosSettled(
  origin: string,
  cookie: string,
  timeoutMs = 120_000,
): Promise<VideoSummary[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${origin}/api/videos`, { headers: { cookie } });
    const { videos } = (await response.json()) as { videos: VideoSummary[] };
    if (videos.every((video) => video.status !== 'processing')) return videos;
    if (Date.now() > deadline) {
      throw new Error(`videos still processing after ${timeoutMs} ms: ${JSON.stringify(videos)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A port nothing listens on right now, for a server process a test starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}
