// The real server as the benchmarks start it (bench:server-memory, bench:api): its own Node
// process on a free loopback port, the caller's shell unable to change what is measured, and
// a browser-like client that keeps the session cookies.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { ROOT, SERVER_NODE_ARGS, serverProcessEnvironment } from './server-process.mjs';

const READY_TIMEOUT_MS = 120_000;

// Settings that would switch the server away from the embedded, demo-billing setup the
// benchmarks describe; a benchmark sets the ones it wants through `settings`.
const OVERRIDDEN_SETTINGS = [
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_STARTER',
  'STRIPE_PRICE_PRO',
  'STRIPE_PRICE_ENTERPRISE',
  'STRIPE_API_URL',
  'FACE_DETECTION',
  'RENDER_CONCURRENCY',
  'WEB_DIST_DIR',
  'GLOWREEL_CONTENT_DIR',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'OIDC_ISSUER',
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
  'OIDC_NAME',
];

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** A browser-like client: keeps the session cookies and sends the app's Origin. */
export class Client {
  private readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  /** The Cookie header a browser would send now. */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(method: string, url: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json', origin: this.baseUrl };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    let payload: string | FormData | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(new URL(url, this.baseUrl), { method, headers, body: payload });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const split = pair.indexOf('=');
      if (split > 0) this.cookies.set(pair.slice(0, split).trim(), pair.slice(split + 1).trim());
    }
    return response;
  }

  async json<T>(method: string, url: string, body?: unknown, expected = 200): Promise<T> {
    const response = await this.request(method, url, body);
    const text = await response.text();
    if (response.status !== expected)
      throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 500)}`);
    return JSON.parse(text) as T;
  }
}

export interface Server {
  child: ChildProcess;
  pid: number;
  baseUrl: string;
  exited: Promise<number | null>;
}

export function startServer(
  dataDir: string,
  port: number,
  settings: Record<string, string> = {},
): Server {
  const baseUrl = `http://127.0.0.1:${port}`;
  const callerEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of OVERRIDDEN_SETTINGS) delete callerEnv[name];
  // Started as `npm start` starts it (allocator, arena limit, V8's young generation).
  const env = serverProcessEnvironment({
    ...callerEnv,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    // As deployed; nothing in the server depends on it apart from refusing test settings.
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    // The benchmarks' clinic takes a plan without opening its verification e-mail: the gate
    // is not what they measure.
    REQUIRE_EMAIL_VERIFICATION: 'false',
    ...settings,
  });
  // Node itself with the tsx loader (not the tsx CLI, which would put a second node process
  // in between), so the child's pid is the server process being measured.
  const child = spawn(process.execPath, SERVER_NODE_ARGS, {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr])
    stream?.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n'))
        if (line.trim() !== '') process.stderr.write(`[server] ${line}\n`);
    });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (child.pid === undefined) throw new Error('the server did not start');
  return { child, pid: child.pid, baseUrl, exited };
}

export async function waitReady(server: Server): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let gone = false;
  void server.exited.then(() => (gone = true));
  while (Date.now() < deadline) {
    if (gone)
      throw new Error(`the server exited (code ${server.child.exitCode}) before it was ready`);
    try {
      if ((await fetch(`${server.baseUrl}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`the server was not ready within ${READY_TIMEOUT_MS / 1000} s`);
}

export async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const code = await Promise.race([server.exited, sleep(30_000).then(() => 'timeout' as const)]);
  if (code === 'timeout') {
    console.error('The server did not exit within 30 s of SIGTERM; killing it.');
    server.child.kill('SIGKILL');
    await server.exited;
  }
}
