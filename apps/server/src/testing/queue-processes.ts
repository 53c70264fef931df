import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { spawnServerScript, waitForOutput } from './server-process.ts';
import type { ServerUnderTest } from './server-under-test.ts';

/** A `npm run worker` process for the scale-mode tests (no HTTP: its origin is empty). */
export async function startWorker(environment: Record<string, string>): Promise<ServerUnderTest> {
  const child = spawnServerScript('worker.ts', [], {
    NODE_ENV: 'test',
    RENDER_CONCURRENCY: '1',
    FACE_DETECTION: 'false',
    ...environment,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitForOutput(child, 'Glowreel worker is running', 90_000);
  return { child, origin: '', output: () => output };
}

/**
 * A Redis of the test's own on a free port, which the test may stop and start again (the
 * machine's Redis is shared and is never stopped). Nothing is persisted: a restart loses
 * every key, as a Redis without persistence does after a crash.
 */
export class OwnRedis {
  private child: ChildProcess | null = null;
  private readonly dir = mkdtempSync(path.join(tmpdir(), 'glowreel-redis-'));

  constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { cwd: this.dir, stdio: 'ignore' },
    );
    const deadline = Date.now() + 15_000;
    for (;;) {
      const client = new Redis(this.url, {
        lazyConnect: true,
        retryStrategy: () => null,
        maxRetriesPerRequest: 0,
      });
      client.on('error', () => undefined);
      try {
        await client.connect();
        if ((await client.ping()) === 'PONG') return;
      } catch {
        if (Date.now() > deadline) throw new Error(`redis-server on ${this.port} never answered`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      } finally {
        client.disconnect();
      }
    }
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  async remove(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export type SseEvent = { type: string; stage?: number; progress?: number };

/** Follows a video's SSE stream until it completes or fails; returns every event seen. */
export async function followVideoEvents(
  origin: string,
  cookie: string,
  videoId: string,
  onEvent: (event: SseEvent) => void = () => undefined,
): Promise<SseEvent[]> {
  const response = await fetch(`${origin}/api/videos/${videoId}/events`, {
    headers: { cookie },
    signal: AbortSignal.timeout(180_000),
  });
  if (!response.body) throw new Error(`no event stream: ${response.status}`);
  const events: SseEvent[] = [];
  const decoder = new TextDecoder();
  let buffered = '';
  for await (const chunk of response.body) {
    buffered += decoder.decode(chunk as Uint8Array, { stream: true });
    let end = buffered.indexOf('\n\n');
    while (end >= 0) {
      const block = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      end = buffered.indexOf('\n\n');
      const data = block.split('\n').find((line) => line.startsWith('data: '));
      if (!data) continue;
      const event = JSON.parse(data.slice('data: '.length)) as SseEvent;
      events.push(event);
      onEvent(event);
      if (event.type !== 'progress') return events;
    }
  }
  return events;
}
