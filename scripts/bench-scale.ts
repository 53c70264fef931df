// Scale mode as bench:throughput measures it (issue #19 §4): a PostgreSQL database and a
// Redis queue prefix of the benchmark's own, one API process that only serves HTTP
// (RUN_WORKERS=false) and N `npm run worker` processes, all on one local data folder (the
// temporary uploads and finished videos are shared through it, as on one machine). The
// database is dropped and the queues' keys removed afterwards; Redis is never flushed.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import pg from 'pg';
import { freePort, sleep, startServer, stopServer, waitReady } from './bench-server.ts';
import {
  ROOT,
  WORKER_ENTRY,
  processNodeArgs,
  serverProcessEnvironment,
} from './server-process.mjs';

const WORKER_READY_TIMEOUT_MS = 120_000;
/** Every queue a scale-mode process opens, emptied with the benchmark's prefix at the end. */
const QUEUES = ['renders', 'exports', 'webhook-deliveries', 'scheduled-jobs'];

export interface ScaleServices {
  /** A PostgreSQL server on which the benchmark may create and drop a database. */
  postgresUrl: string;
  redisUrl: string;
}

interface WorkerProcess {
  child: ChildProcess;
  pid: number;
  exited: Promise<number | null>;
}

/** A database of the benchmark's own on that server; `drop` removes it. */
async function createDatabase(
  adminUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `glowreel_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** `npm run worker` as its own Node process (tsx loader, no npm in between: its pid is measured). */
async function startWorker(settings: Record<string, string>): Promise<WorkerProcess> {
  const env = serverProcessEnvironment({ ...process.env, ...settings });
  const child = spawn(process.execPath, processNodeArgs(WORKER_ENTRY), {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error('the worker did not start');
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let ready = false;
  for (const stream of [child.stdout, child.stderr])
    stream?.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.includes('Glowreel worker is running')) ready = true;
        // Info lines (one per render) stay quiet; warnings, errors and plain text are shown.
        else if (line.trim() !== '' && !/"level":[23]\d/.test(line))
          process.stderr.write(`[worker ${child.pid}] ${line}\n`);
      }
    });
  const deadline = Date.now() + WORKER_READY_TIMEOUT_MS;
  while (!ready) {
    if (child.exitCode !== null) throw new Error(`a worker exited (code ${child.exitCode})`);
    if (Date.now() > deadline) throw new Error('a worker was not running within 120 s');
    await sleep(100);
  }
  return { child, pid: child.pid, exited };
}

async function stopWorker(worker: WorkerProcess): Promise<void> {
  if (worker.child.exitCode !== null || worker.child.signalCode !== null) return;
  worker.child.kill('SIGTERM');
  // A worker finishes its renders for up to 60 s after SIGTERM; past 90 s it is killed. The
  // timer is cleared once it exits, so it never keeps the benchmark alive.
  const killer = setTimeout(() => worker.child.kill('SIGKILL'), 90_000);
  await worker.exited;
  clearTimeout(killer);
}

async function removeQueues(redisUrl: string, prefix: string): Promise<void> {
  for (const name of QUEUES) {
    const queue = new Queue(name, { connection: { url: redisUrl }, prefix });
    await queue.obliterate({ force: true });
    await queue.close();
  }
}

/** One API process (HTTP only) and `workers` worker processes on `dataDir`. */
export async function startScaleMode(
  dataDir: string,
  workers: number,
  services: ScaleServices,
): Promise<{ baseUrl: string; pids: () => number[]; stop: () => Promise<void> }> {
  const database = await createDatabase(services.postgresUrl);
  const prefix = `glowreel-bench-${randomBytes(6).toString('hex')}`;
  const shared = {
    DATABASE_URL: database.url,
    REDIS_URL: services.redisUrl,
    QUEUE_PREFIX: prefix,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: dataDir,
  };
  const api = startServer(dataDir, await freePort(), {
    ...shared,
    RUN_WORKERS: 'false',
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
  });
  const started: WorkerProcess[] = [];
  const stop = async () => {
    await stopServer(api);
    await Promise.all(started.map((worker) => stopWorker(worker)));
    await removeQueues(services.redisUrl, prefix);
    await database.drop();
  };
  try {
    // The API migrates the database; workers start on a migrated one.
    await waitReady(api);
    for (let index = 0; index < workers; index += 1)
      started.push(
        await startWorker({
          ...shared,
          NODE_ENV: 'production',
          LOG_LEVEL: 'info',
          DATABASE_POOL_SIZE: '4',
        }),
      );
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    baseUrl: api.baseUrl,
    pids: () => [api.pid, ...started.map((worker) => worker.pid)],
    stop,
  };
}
