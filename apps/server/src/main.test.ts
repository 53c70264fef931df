import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServerScript, waitForExit, waitForOutput } from './testing/server-process.ts';
import type { ChildProcess } from 'node:child_process';

describe('the embedded server process', () => {
  let dataDir: string;
  let server: ChildProcess;
  const port = 3900 + Math.floor(Math.random() * 90);
  const environment = () => ({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'glowreel-process-'));
    server = spawnServerScript('main.ts', [], environment());
    await waitForOutput(server, 'Glowreel is running');
  });
  afterAll(async () => {
    if (server.exitCode === null) {
      const exited = waitForExit(server);
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a second process on the same data folder at once, naming the owner', async () => {
    const started = Date.now();
    const second = await waitForExit(
      spawnServerScript('main.ts', [], { ...environment(), PORT: String(port + 100) }),
    );
    expect(second.code).not.toBe(0);
    expect(second.stderr).toContain(`data folder ${dataDir} is in use by process ${server.pid}`);
    expect(Date.now() - started).toBeLessThan(15_000);
    // The first server is untouched and still answers.
    const health = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(health.status).toBe(200);
  });

  it('grants credits from the command line while the server owns the database', async () => {
    const origin = `http://localhost:${port}`;
    const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({
        name: 'Lumen Spa',
        email: 'lumen@spa.example',
        password: 'glowing2024',
      }),
    });
    expect(signUp.status).toBe(200);
    const cookie = signUp.headers
      .getSetCookie()
      .map((entry) => entry.split(';')[0])
      .join('; ');

    const grant = await waitForExit(
      spawnServerScript(
        'cli/credits.cli.ts',
        ['grant', 'lumen@spa.example', '4', '--bonus'],
        environment(),
      ),
    );
    expect(grant.stderr).toBe('');
    expect(grant.code).toBe(0);
    expect(JSON.parse(grant.stdout)).toMatchObject({ bonus: 4, total: 9 });

    const me = await fetch(`${origin}/api/me`, { headers: { cookie } });
    expect(((await me.json()) as { credits: unknown }).credits).toEqual({
      free: 3,
      bonus: 4,
      total: 9,
    });

    const unknown = await waitForExit(
      spawnServerScript('cli/credits.cli.ts', ['grant', 'ghost@spa.example', '1'], environment()),
    );
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No account uses the e-mail ghost@spa.example');
  });

  it('shuts down cleanly on SIGTERM and releases the folder', async () => {
    const exited = waitForExit(server);
    server.kill('SIGTERM');
    expect((await exited).code).toBe(0);
    const grant = await waitForExit(
      spawnServerScript('cli/credits.cli.ts', ['grant', 'lumen@spa.example', '1'], environment()),
    );
    expect(grant.code).toBe(0);
    expect(JSON.parse(grant.stdout)).toMatchObject({ free: 4, total: 10 });
  });
});

describe('start-up configuration', () => {
  it('stops with a message naming the bad variable', async () => {
    const result = await waitForExit(
      spawnServerScript('main.ts', [], { PORT: 'abc', DATA_DIR: tmpdir() }),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/PORT: .*got "abc"/);
  });
});

describe('pretty logs', () => {
  it('starts as deployed with LOG_PRETTY=true and writes readable lines, not JSON', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'glowreel-pretty-'));
    const port = 3800 + Math.floor(Math.random() * 90);
    const server = spawnServerScript('main.ts', [], {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_PRETTY: 'true',
      FACE_DETECTION: 'false',
    });
    let output = '';
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await waitForOutput(server, 'Glowreel is running');
      const line = output.split('\n').find((entry) => entry.includes('Glowreel is running'));
      expect(line).toMatch(/INFO/);
      expect(line?.trimStart().startsWith('{')).toBe(false);
    } finally {
      const exited = waitForExit(server);
      server.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
