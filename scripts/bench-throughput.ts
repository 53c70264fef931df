// npm run bench:throughput — what one setup renders (issue #19 §4): renders per minute at 720p
// and at 1080p, CPU-seconds per render, and how long uploads wait in the queue when they arrive
// at a steady rate. A benchmark, not a test: it prints a table for docs/perf.md.
//
// The embedded default is the real server process as `npm start` runs it (bench-server.ts:
// PGlite, RENDER_CONCURRENCY = cores, face detection on), on a fresh data folder. Clinics sign
// up and take Starter (720p) or Pro (1080p) through demo billing, as the web app does, and
// upload the face composite the other benchmarks use.
//
// - Renders per minute: `--renders` uploads of one size sent at once, timed by the server's own
//   records, from the first upload's creation to the last video's completion.
// - CPU-seconds per render: user + system time of the server and of its exited children (each
//   render's ffmpeg) from /proc/<pid>/stat, over the same burst, divided by its renders; the
//   upload's decoding in the request is part of a render's cost and is included.
// - Queue wait: one upload every `--every` seconds, `--arrivals` of them; a video's wait is from
//   its record's creation to its render's start (the record's completion less its processing
//   time, both written by the server when the render ends).
// Before measuring, as many videos as the server renders at once are rendered untimed, so every
// render worker has loaded its face model (docs/perf.md: the first render of a worker is slower).
//
// Scale mode (`--workers 1,2`) is measured the same way, after the embedded default: for each
// count, a PostgreSQL database, a Redis queue prefix, one API process with RUN_WORKERS=false
// and that many `npm run worker` processes (bench-scale.ts), each rendering RENDER_CONCURRENCY
// (= cores) videos at once. CPU-seconds then add up the API and every worker with their
// ffmpeg children; warm-up renders as many videos as all workers render at once.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { makeFaceComposite } from './bench-fixtures.ts';
import { ClinicPool, type BenchPlan } from './bench-clinic.ts';
import {
  freePort,
  sleep,
  startServer,
  stopServer,
  waitReady,
  type Client,
} from './bench-server.ts';
import { startScaleMode, type ScaleServices } from './bench-scale.ts';

const SIZES = { '720p': 'starter', '1080p': 'pro' } as const satisfies Record<string, BenchPlan>;
type Size = keyof typeof SIZES;
const RENDER_TIMEOUT_MS = 900_000;
const POLL_MS = 250;

interface Options {
  sizes: Size[];
  renders: number;
  arrivals: number;
  everySeconds: number;
  arrivalSize: Size;
  /** Worker-process counts asked for scale mode; empty for the embedded default only. */
  workers: number[];
  scale: ScaleServices;
}

const USAGE = `npm run bench:throughput -- [--sizes 720p,1080p] [--renders 4] [--arrivals 6] [--every 3] [--arrival-size 1080p] [--workers 1,2] [--postgres postgres://postgres@127.0.0.1:5432/test] [--redis redis://127.0.0.1:6379]`;

function readOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      sizes: { type: 'string', default: '720p,1080p' },
      renders: { type: 'string', default: '4' },
      arrivals: { type: 'string', default: '6' },
      every: { type: 'string', default: '3' },
      'arrival-size': { type: 'string', default: '1080p' },
      workers: { type: 'string', default: '' },
      postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
      redis: { type: 'string', default: 'redis://127.0.0.1:6379' },
    },
  });
  const size = (value: string): Size => {
    if (value in SIZES) return value as Size;
    throw new Error(`unknown size "${value}": use ${Object.keys(SIZES).join(' or ')}\n${USAGE}`);
  };
  const count = (name: string, value: string, min: number): number => {
    const parsed = Number(value);
    if (!Number.isFinite(parsed) || parsed < min)
      throw new Error(`--${name} must be a number of at least ${min}, got "${value}"\n${USAGE}`);
    return parsed;
  };
  return {
    sizes: values.sizes.split(',').filter(Boolean).map(size),
    renders: Math.round(count('renders', values.renders, 1)),
    arrivals: Math.round(count('arrivals', values.arrivals, 0)),
    everySeconds: count('every', values.every, 0.1),
    arrivalSize: size(values['arrival-size']),
    workers: values.workers
      .split(',')
      .filter(Boolean)
      .map((value) => Math.round(count('workers', value, 1))),
    scale: { postgresUrl: values.postgres, redisUrl: values.redis },
  };
}

/** The processes of one setup: where clinics upload, and whose CPU time a render costs. */
interface Setup {
  label: string;
  baseUrl: string;
  /** Renders the setup runs at once: the warm-up renders this many. */
  rendersAtOnce: number;
  pids: () => number[];
  stop: () => Promise<void>;
}

async function startEmbedded(dataDir: string): Promise<Setup> {
  const server = startServer(dataDir, await freePort(), {
    // Clinics sign up as fast as the benchmark needs them, all from this machine's address.
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
  });
  await waitReady(server);
  return {
    label: `embedded (1 process, ${availableParallelism()} renders at once)`,
    baseUrl: server.baseUrl,
    rendersAtOnce: availableParallelism(),
    pids: () => [server.pid],
    stop: () => stopServer(server),
  };
}

async function startWorkers(dataDir: string, workers: number, options: Options): Promise<Setup> {
  const cores = availableParallelism();
  const scale = await startScaleMode(dataDir, workers, options.scale);
  return {
    label: `scale: API + ${workers} worker${workers === 1 ? '' : 's'} (${cores} renders at once each)`,
    baseUrl: scale.baseUrl,
    rendersAtOnce: workers * cores,
    pids: scale.pids,
    stop: scale.stop,
  };
}

const CLOCK_TICKS_PER_SECOND = (() => {
  const answer = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
  return Number(answer.stdout) > 0 ? Number(answer.stdout) : 100;
})();

/**
 * CPU seconds the processes have used, their worker threads included, plus those of their
 * children that have exited and been waited for (each render's ffmpeg): /proc/<pid>/stat's
 * utime, stime, cutime and cstime.
 */
function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime, stime, cutime, cstime are fields 14–17 of the line, 12–15 after the name.
    for (const index of [11, 12, 13, 14]) ticks += Number(fields[index]);
  }
  return ticks / CLOCK_TICKS_PER_SECOND;
}

interface VideoRecord {
  id: string;
  status: 'processing' | 'completed' | 'failed';
  createdAt: string;
  updatedAt: string;
  processingTime: number | null;
  width: number;
  height: number;
  errorMessage: string | null;
}

/** The server's timing of one finished video, in epoch milliseconds. */
interface Timed {
  createdMs: number;
  startedMs: number;
  finishedMs: number;
}

function timingOf(record: VideoRecord): Timed {
  if (record.status !== 'completed' || record.processingTime === null)
    throw new Error(`video ${record.id} ${record.status}: ${record.errorMessage ?? 'no message'}`);
  const finishedMs = Date.parse(record.updatedAt);
  return {
    createdMs: Date.parse(record.createdAt),
    startedMs: finishedMs - record.processingTime,
    finishedMs,
  };
}

function uploadForm(photo: Blob, title: string): FormData {
  const form = new FormData();
  form.set('image', photo, 'composite.jpg');
  form.set('primaryAnimation', 'animate_before_head_turn');
  form.set('emphasisEffect', 'subtle_zoom');
  form.set('motionSpeed', 'normal');
  form.set('aspect', '16:9');
  form.set('consent', 'true');
  form.set('title', title);
  return form;
}

/** Uploads one video and waits until it is done; answers the server's timing of it. */
async function renderOne(client: Client, photo: Blob, title: string): Promise<Timed> {
  let record = await client.json<VideoRecord>('POST', '/api/videos', uploadForm(photo, title), 202);
  const deadline = Date.now() + RENDER_TIMEOUT_MS;
  while (record.status === 'processing') {
    if (Date.now() > deadline) throw new Error(`video ${record.id} still processing after 15 min`);
    await sleep(POLL_MS);
    record = await client.json<VideoRecord>('GET', `/api/videos/${record.id}`);
  }
  return timingOf(record);
}

interface BurstFigures {
  renders: number;
  wallSeconds: number;
  rendersPerMinute: number;
  cpuSecondsPerRender: number;
  meanRenderSeconds: number;
}

/** `count` uploads of one size sent at once, timed by the server's records. */
async function burst(setup: Setup, pool: ClinicPool, photo: Blob, count: number) {
  const clients = [];
  for (let index = 0; index < count; index += 1) clients.push(await pool.next());
  const cpuBefore = cpuSeconds(setup.pids());
  const timings = await Promise.all(
    clients.map((client, index) => renderOne(client, photo, `Throughput ${index + 1}`)),
  );
  const cpu = cpuSeconds(setup.pids()) - cpuBefore;
  const wallSeconds =
    (Math.max(...timings.map((timed) => timed.finishedMs)) -
      Math.min(...timings.map((timed) => timed.createdMs))) /
    1000;
  return {
    renders: count,
    wallSeconds,
    rendersPerMinute: (count / wallSeconds) * 60,
    cpuSecondsPerRender: cpu / count,
    meanRenderSeconds: mean(timings.map((timed) => (timed.finishedMs - timed.startedMs) / 1000)),
  } satisfies BurstFigures;
}

/** One upload every `everySeconds` (on a fixed schedule), each waited for until done. */
async function steadyArrivals(pool: ClinicPool, photo: Blob, options: Options) {
  const clients = [];
  for (let index = 0; index < options.arrivals; index += 1) clients.push(await pool.next());
  const started = performance.now();
  const timings = await Promise.all(
    clients.map(async (client, index) => {
      await sleep(Math.max(0, started + index * options.everySeconds * 1000 - performance.now()));
      return renderOne(client, photo, `Arrival ${index + 1}`);
    }),
  );
  const waits = timings.map((timed) => Math.max(0, timed.startedMs - timed.createdMs) / 1000);
  return {
    meanWait: mean(waits),
    p95Wait: percentile(waits, 0.95),
    maxWait: Math.max(...waits),
    meanRender: mean(timings.map((timed) => (timed.finishedMs - timed.startedMs) / 1000)),
    meanTotal: mean(timings.map((timed) => (timed.finishedMs - timed.createdMs) / 1000)),
  };
}

const mean = (values: number[]): number =>
  values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

/** Nearest-rank percentile. */
function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)] ?? 0;
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  console.log(line(header));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) console.log(line(row));
}

const loads = (): string =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** The setup being measured, stopped on Ctrl-C as well. */
let running: Setup | undefined;

interface Measured {
  label: string;
  bursts: [Size, BurstFigures][];
  arrivals: Awaited<ReturnType<typeof steadyArrivals>> | undefined;
}

async function measure(start: () => Promise<Setup>, options: Options, photo: Blob) {
  const setup = await start();
  running = setup;
  try {
    console.log(`${setup.label} on ${setup.baseUrl}, pids ${setup.pids().join(', ')}`);
    const pools = {
      '720p': new ClinicPool(setup.baseUrl, SIZES['720p']),
      '1080p': new ClinicPool(setup.baseUrl, SIZES['1080p']),
    };
    const warmUp = await burst(setup, pools['720p'], photo, setup.rendersAtOnce);
    console.log(
      `Warm-up (untimed): ${warmUp.renders} renders at once, ${warmUp.wallSeconds.toFixed(1)} s`,
    );
    const bursts: [Size, BurstFigures][] = [];
    for (const size of options.sizes) {
      bursts.push([size, await burst(setup, pools[size], photo, options.renders)]);
      console.log(`  ${size}: ${options.renders} renders done`);
    }
    const arrivals =
      options.arrivals > 0
        ? await steadyArrivals(pools[options.arrivalSize], photo, options)
        : undefined;
    return { label: setup.label, bursts, arrivals } satisfies Measured;
  } finally {
    await setup.stop();
    running = undefined;
  }
}

function printFigures(measured: Measured[], options: Options): void {
  console.log(
    `Throughput — ${options.renders} uploads of one size at once, 2400×1500 face composite, head turn, subtle zoom, 16:9`,
  );
  printTable(
    ['Setup', 'Size', 'Renders', 'Wall s', 'Renders/min', 'CPU s/render', 'Render s (mean)'],
    measured.flatMap(({ label, bursts }) =>
      bursts.map(([size, figures]) => [
        label,
        size,
        String(figures.renders),
        figures.wallSeconds.toFixed(1),
        figures.rendersPerMinute.toFixed(1),
        figures.cpuSecondsPerRender.toFixed(1),
        figures.meanRenderSeconds.toFixed(1),
      ]),
    ),
  );
  const withArrivals = measured.filter((setup) => setup.arrivals);
  if (withArrivals.length === 0) return;
  console.log('');
  console.log(
    `Queue wait — one ${options.arrivalSize} upload every ${options.everySeconds} s, ${options.arrivals} uploads (created → render start)`,
  );
  printTable(
    ['Setup', 'Wait mean s', 'Wait p95 s', 'Wait max s', 'Render s (mean)', 'Total s (mean)'],
    withArrivals.map(({ label, arrivals }) => [
      label,
      arrivals?.meanWait.toFixed(1) ?? '',
      arrivals?.p95Wait.toFixed(1) ?? '',
      arrivals?.maxWait.toFixed(1) ?? '',
      arrivals?.meanRender.toFixed(1) ?? '',
      arrivals?.meanTotal.toFixed(1) ?? '',
    ]),
  );
}

async function main(): Promise<void> {
  const options = readOptions(process.argv.slice(2));
  const workDir = mkdtempSync(path.join(tmpdir(), 'glowreel-bench-throughput-'));
  const interrupted = () => {
    void (async () => {
      await running?.stop();
      rmSync(workDir, { recursive: true, force: true });
      process.exit(130);
    })();
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    console.log(`Load average at start: ${loads()} (${availableParallelism()} cores)`);
    const photoFile = path.join(workDir, 'face-composite.jpg');
    await makeFaceComposite(photoFile);
    const photo = new Blob([readFileSync(photoFile)], { type: 'image/jpeg' });
    const measured = [
      await measure(() => startEmbedded(path.join(workDir, 'data')), options, photo),
    ];
    for (const workers of options.workers) {
      // A fresh data folder per setup, so each starts as empty as the embedded one did.
      const dataDir = path.join(workDir, `data-${workers}-workers`);
      mkdirSync(dataDir);
      measured.push(await measure(() => startWorkers(dataDir, workers, options), options, photo));
    }
    console.log(`Load average at end: ${loads()}`);
    console.log('');
    printFigures(measured, options);
  } finally {
    process.removeListener('SIGINT', interrupted);
    process.removeListener('SIGTERM', interrupted);
    rmSync(workDir, { recursive: true, force: true });
  }
}

try {
  await main();
} catch (error) {
  console.error(
    `bench:throughput failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
}
