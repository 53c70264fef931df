import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { jemallocLibrary, ROOT, serverProcessEnvironment } from './server-process.mjs';

const folder = mkdtempSync(path.join(tmpdir(), 'glowreel-launch-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the server process environment', () => {
  const library = path.join(folder, 'libjemalloc.so.2');
  writeFileSync(library, '');

  it('preloads jemalloc when the machine has it, before any preload of the caller', () => {
    const env = serverProcessEnvironment({ LD_PRELOAD: '/opt/other.so' }, ['/nope.so', library]);
    expect(env.LD_PRELOAD).toBe(`${library} /opt/other.so`);
  });

  it('has jemalloc clear reused memory itself, unless the caller configures jemalloc', () => {
    expect(serverProcessEnvironment({}, [library]).MALLOC_CONF).toBe('thp:always');
    expect(serverProcessEnvironment({ MALLOC_CONF: 'narenas:2' }, [library]).MALLOC_CONF).toBe(
      'narenas:2',
    );
    expect(serverProcessEnvironment({}, ['/nope.so']).MALLOC_CONF).toBe(undefined);
  });

  it('keeps the system allocator when asked, or when jemalloc is missing and not required', () => {
    expect(serverProcessEnvironment({ MEMORY_ALLOCATOR: 'system' }, [library]).LD_PRELOAD).toBe(
      undefined,
    );
    expect(serverProcessEnvironment({ MEMORY_ALLOCATOR: 'system' }, [library]).MALLOC_CONF).toBe(
      undefined,
    );
    expect(jemallocLibrary({}, ['/nope.so'])).toBe(null);
  });

  it('stops with a message when jemalloc is required but missing, or the setting is unknown', () => {
    expect(() => jemallocLibrary({ MEMORY_ALLOCATOR: 'jemalloc' }, ['/nope.so'])).toThrow(
      /no libjemalloc\.so\.2 was found \(Debian: apt-get install libjemalloc2\)/,
    );
    expect(() => jemallocLibrary({ MEMORY_ALLOCATOR: 'tcmalloc' }, [library])).toThrow(
      'MEMORY_ALLOCATOR must be one of auto, jemalloc, system, got "tcmalloc"',
    );
  });

  it("caps glibc's arenas and V8's young generation, the caller's options after", () => {
    const env = serverProcessEnvironment({ NODE_OPTIONS: '--max-semi-space-size=8' }, []);
    expect(env.MALLOC_ARENA_MAX).toBe('2');
    expect(env.NODE_OPTIONS).toBe('--max-semi-space-size=4 --max-semi-space-size=8');
    expect(serverProcessEnvironment({ MALLOC_ARENA_MAX: '4' }, []).MALLOC_ARENA_MAX).toBe('4');
  });
});

function childrenOf(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8')
      .split(' ')
      .filter(Boolean)
      .map(Number),
  );
}

describe('npm start’s launcher', () => {
  it('runs the server with the chosen allocator and V8 flags, and stops it gracefully on a terminal’s Ctrl-C', async () => {
    const port = 4300 + Math.floor(Math.random() * 200);
    const launcher = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start-server.mjs')], {
      env: {
        PATH: process.env.PATH ?? '',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(folder, 'data'),
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    launcher.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    launcher.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => launcher.once('exit', resolve));
    const deadline = Date.now() + 90_000;
    while (!output.includes('Glowreel is running') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));
    expect(output).toContain('Glowreel is running');

    const [server] = childrenOf(launcher.pid!);
    expect(server).toBeGreaterThan(0);
    const maps = readFileSync(`/proc/${server}/maps`, 'utf8');
    const expected = jemallocLibrary({});
    const environment = readFileSync(`/proc/${server}/environ`, 'utf8').split('\0');
    if (expected) {
      expect(maps).toContain(expected);
      expect(environment).toContain('MALLOC_CONF=thp:always');
    } else expect(maps).not.toContain('libjemalloc');
    // The garbage collector's flags are on the server's own command line (NODE_OPTIONS refuses them).
    const commandLine = readFileSync(`/proc/${server}/cmdline`, 'utf8').split('\0');
    expect(commandLine).toContain('--single-threaded-gc');

    // A terminal sends SIGINT to the whole process group: both processes get it.
    process.kill(server!, 'SIGINT');
    launcher.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(output).toContain('shutting down');
  }, 120_000);

  it('starts the queue worker with the same flags when asked for `worker`', async () => {
    // Without REDIS_URL and DATABASE_URL the worker refuses to start: its message proves the
    // launcher ran the worker's entry, and its exit code reaches the caller.
    const launcher = spawn(
      process.execPath,
      [path.join(ROOT, 'scripts', 'start-server.mjs'), 'worker'],
      { env: { PATH: process.env.PATH ?? '' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const exited = new Promise<number | null>((resolve) => launcher.once('exit', resolve));
    let output = '';
    launcher.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    launcher.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // Read while the worker lives: it loads its code for a few hundred ms before it refuses.
    let commandLine: string[] = [];
    while (commandLine.length === 0 && launcher.exitCode === null) {
      try {
        const [worker] = childrenOf(launcher.pid!);
        if (worker)
          commandLine = readFileSync(`/proc/${worker}/cmdline`, 'utf8').split('\0').filter(Boolean);
        // Between fork and exec the child still shows the launcher's own command line.
        if (commandLine.some((argument) => argument.endsWith('start-server.mjs'))) commandLine = [];
      } catch {
        // Gone between the listing and the read: the loop ends and the assertions report it.
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const code = await exited;
    expect(output).toContain('a render worker needs both');
    expect(code).toBe(1);
    expect(commandLine).toContain('--single-threaded-gc');
    expect(commandLine.at(-1)).toBe(path.join(ROOT, 'apps', 'server', 'src', 'worker.ts'));
  }, 60_000);
});
