// npm run bench:server-memory — peak resident memory of the whole server process (HTTP,
// database, render worker threads and their paint worker threads) while it renders a 1080p
// 16:9 video, against the 800 MB budget.
//
// It starts the real server on a fresh data folder, signs up and takes the Pro plan through
// demo billing the way the web app does, uploads a face composite and samples the server's
// /proc status every 100 ms until the video is done. Four videos render one after the other:
// the first also loads the face model and starts the paint workers, the others show the
// steady state and whether memory creeps from one video to the next. ffmpeg runs as a separate process; its memory is shown on its own line and
// is not part of the budget.
//
// Then the upload burst from issue #15: 8 simultaneous uploads of a 308 KB PNG declaring
// 6320 × 6320 px at 16 bits, all 8 videos rendered, with the whole-server peak against 1 GB and
// the RSS 70 s after the last video (the render workers' 60 s idle time and 10 s more) against
// the idle RSS before the burst (+100 MB at most).
import { spawnSync } from 'node:child_process';
import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { makeDeepPng, makeFaceComposite } from './bench-fixtures.ts';
import {
  Client,
  freePort,
  sleep,
  startServer,
  stopServer,
  waitReady,
  type Server,
} from './bench-server.ts';

const BUDGET_MB = 800;
const SAMPLE_MS = 100;
/** One render that loads the face model, then enough to show whether memory creeps. */
const RENDERS = 4;
const RENDER_TIMEOUT_MS = 600_000;
/** Issue #15 item 4: simultaneous uploads, and what the server may peak at and keep. */
const BURST_UPLOADS = 8;
const BURST_PEAK_MB = 1024;
const BURST_RETAINED_MB = 100;
/** RENDER_WORKER_IDLE_SECONDS' default (60 s), plus a margin. */
const WORKER_IDLE_EXIT_MS = 60_000 + 3000;
/** The target's reading: 10 s after the render workers' idle time has run out. */
const BURST_SETTLE_MS = 60_000 + 10_000;

const mb = (kb: number): string => (kb / 1024).toFixed(0);
const loads = (): string =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** The kB figures of one /proc/<pid>/status, or null once the process is gone. */
function readStatus(pid: number): Record<string, number> | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return null;
  }
  const values: Record<string, number> = {};
  for (const line of text.split('\n')) {
    const match = /^(\w+):\s+(\d+)/.exec(line);
    if (match) values[match[1]!] = Number(match[2]);
  }
  return values;
}

function statusValue(pid: number, key: string): number {
  const value = readStatus(pid)?.[key];
  if (value === undefined) throw new Error(`/proc/${pid}/status has no ${key}`);
  return value;
}

/** The environment a process started with, as the kernel recorded it. */
function environmentOf(pid: number): Record<string, string> {
  const entries = readFileSync(`/proc/${pid}/environ`, 'utf8')
    .split('\0')
    .filter((entry) => entry.includes('='))
    .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]);
  return Object.fromEntries(entries) as Record<string, string>;
}

/** Every process below pid (ffmpeg), from each thread's children list. */
function descendants(pid: number): number[] {
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const parent = queue.shift()!;
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${parent}/task`);
    } catch {
      continue;
    }
    for (const task of tasks) {
      let children = '';
      try {
        // Worker threads spawn ffmpeg too, and each thread keeps its own children list.
        children = readFileSync(`/proc/${parent}/task/${task}/children`, 'utf8');
      } catch {
        continue;
      }
      for (const child of children.split(' ').filter(Boolean).map(Number)) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found;
}

interface Samples {
  count: number;
  peakRssKb: number;
  peakThreads: number;
  peakChildRssKb: number;
}

/** Reads the server's VmRSS (and its children's) every SAMPLE_MS until stopped. */
function startSampler(pid: number): { stop: () => Samples } {
  const samples: Samples = { count: 0, peakRssKb: 0, peakThreads: 0, peakChildRssKb: 0 };
  const sample = () => {
    const status = readStatus(pid);
    if (!status) return;
    samples.count += 1;
    samples.peakRssKb = Math.max(samples.peakRssKb, status.VmRSS ?? 0);
    samples.peakThreads = Math.max(samples.peakThreads, status.Threads ?? 0);
    const childRss = descendants(pid).reduce(
      (sum, child) => sum + (readStatus(child)?.VmRSS ?? 0),
      0,
    );
    samples.peakChildRssKb = Math.max(samples.peakChildRssKb, childRss);
  };
  sample();
  const timer = setInterval(sample, SAMPLE_MS);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return samples;
    },
  };
}

/**
 * Resets the kernel's peak RSS (VmHWM) of pid to its current RSS, so each render's VmHWM is
 * its own rather than the process's lifetime peak. Answers false where the kernel refuses.
 */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** Signs up and takes the Pro plan through the demo checkout, as the web app does. */
async function becomeProClinic(client: Client): Promise<string> {
  const email = `memory-bench-${Date.now()}@clinic.example`;
  await client.json('POST', '/api/auth/sign-up/email', {
    name: 'Benchmark Clinic',
    email,
    password: 'radiant2024',
  });
  const session = await client.json<{ profile: { uid: string; email: string } | null }>(
    'GET',
    '/api/session',
  );
  if (!session.profile) throw new Error('signed up, but /api/session has no profile');
  const checkout = await client.json<{ url: string }>('POST', '/api/create-checkout-session', {
    planId: 'pro',
    userId: session.profile.uid,
    userEmail: session.profile.email,
    successUrl: `${client.baseUrl}/dashboard?success=true&plan=pro`,
    cancelUrl: `${client.baseUrl}/dashboard?canceled=true`,
  });
  const checkoutUrl = new URL(checkout.url);
  if (checkoutUrl.pathname !== '/billing/demo-checkout')
    throw new Error(`checkout went to ${checkout.url}, not the demo checkout: is Stripe set?`);
  // The browser loads the demo checkout page, which confirms the plan named in its address.
  const page = await client.request('GET', checkoutUrl.pathname + checkoutUrl.search);
  if (!page.ok) throw new Error(`the demo checkout page answered ${page.status}`);
  await page.arrayBuffer();
  await client.json('POST', '/api/billing/demo/checkout', {
    planId: checkoutUrl.searchParams.get('plan'),
  });
  const me = await client.json<{ subscription: { plan: string; videosRemaining: number } }>(
    'GET',
    '/api/me',
  );
  if (me.subscription.plan !== 'pro')
    throw new Error(`after the demo checkout the plan is ${me.subscription.plan}, not pro`);
  return email;
}

interface VideoRecord {
  id: string;
  status: 'processing' | 'completed' | 'failed';
  processingTime: number | null;
  width: number;
  height: number;
  duration: number | null;
  fileSize: number | null;
  errorMessage: string | null;
}

interface RenderResult {
  record: VideoRecord;
  wallSeconds: number;
  samples: Samples;
  hwmKb: number;
  hwmIsPerRender: boolean;
  rssBeforeKb: number;
  rssAfterKb: number;
  probed: string;
}

/** The stream figures ffprobe reads from the downloaded MP4, or why there are none. */
async function probeDownload(
  client: Client,
  record: VideoRecord,
  workDir: string,
): Promise<string> {
  const response = await client.request('GET', `/api/videos/${record.id}/download`);
  if (!response.ok) throw new Error(`the download answered ${response.status}`);
  const file = path.join(workDir, `${record.id}.mp4`);
  writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  const probe = spawnSync(
    'ffprobe',
    [
      '-v',
      'error',
      '-select_streams',
      'v:0',
      '-show_entries',
      'stream=codec_name,width,height,nb_frames',
      '-of',
      'default=noprint_wrappers=1',
      file,
    ],
    { encoding: 'utf8' },
  );
  rmSync(file, { force: true });
  if (probe.error) return 'ffprobe not available';
  if (probe.status !== 0) throw new Error(`ffprobe failed: ${probe.stderr}`);
  const fields = Object.fromEntries(
    probe.stdout
      .trim()
      .split('\n')
      .map((line) => line.split('=') as [string, string]),
  );
  return `${fields.width}×${fields.height} ${fields.codec_name}, ${fields.nb_frames} frames`;
}

/** The form the web app posts for one video. */
function uploadForm(photo: Blob, fileName: string, title: string): FormData {
  const form = new FormData();
  form.set('image', photo, fileName);
  form.set('primaryAnimation', 'animate_before_head_turn');
  form.set('emphasisEffect', 'subtle_zoom');
  form.set('motionSpeed', 'normal');
  form.set('aspect', '16:9');
  form.set('consent', 'true');
  form.set('title', title);
  return form;
}

async function waitUntilDone(client: Client, accepted: VideoRecord): Promise<VideoRecord> {
  let record = accepted;
  const deadline = Date.now() + RENDER_TIMEOUT_MS;
  while (record.status === 'processing') {
    if (Date.now() > deadline) throw new Error(`video ${record.id} still processing after 10 min`);
    await sleep(250);
    record = await client.json<VideoRecord>('GET', `/api/videos/${record.id}`);
  }
  return record;
}

interface BurstResult {
  idleKb: number;
  peakKb: number;
  samples: Samples;
  wallSeconds: number;
  retainedKb: { after2s: number; afterSettle: number; after30s: number };
  failed: VideoRecord[];
}

/**
 * Renders as many videos at once as the server runs render workers (RENDER_CONCURRENCY's
 * default, one per core), so every worker has started and loaded its face model once, then
 * waits until they have sat idle long enough to exit (RENDER_WORKER_IDLE_MS in
 * worker-renderer.ts), so the idle figure
 * the burst is compared with is the server as it sits between bursts.
 */
async function startEveryRenderWorker(client: Client, photo: Blob): Promise<number> {
  const workers = availableParallelism();
  const accepted = await Promise.all(
    Array.from({ length: workers }, (_unused, index) =>
      client.json<VideoRecord>(
        'POST',
        '/api/videos',
        uploadForm(photo, 'composite.jpg', `Worker warm-up ${index + 1}`),
        202,
      ),
    ),
  );
  await Promise.all(accepted.map((record) => waitUntilDone(client, record)));
  await sleep(WORKER_IDLE_EXIT_MS);
  return workers;
}

/**
 * BURST_UPLOADS uploads of `photo` sent at once, each waited for until its video is done: the
 * upload checks run side by side in the request, the renders as the queue allows.
 */
async function uploadBurst(client: Client, server: Server, photo: Blob): Promise<BurstResult> {
  const idleKb = statusValue(server.pid, 'VmRSS');
  resetPeak(server.pid);
  const sampler = startSampler(server.pid);
  const started = performance.now();
  let records: VideoRecord[];
  let samples: Samples;
  try {
    const accepted = await Promise.all(
      Array.from({ length: BURST_UPLOADS }, (_unused, index) =>
        client.json<VideoRecord>(
          'POST',
          '/api/videos',
          uploadForm(photo, 'deep.png', `Upload burst ${index + 1}`),
          202,
        ),
      ),
    );
    records = await Promise.all(accepted.map((record) => waitUntilDone(client, record)));
  } finally {
    samples = sampler.stop();
  }
  const wallSeconds = (performance.now() - started) / 1000;
  const peakKb = Math.max(samples.peakRssKb, statusValue(server.pid, 'VmHWM'));
  await sleep(2000);
  const after2s = statusValue(server.pid, 'VmRSS');
  // While the render workers still wait for more work, then once they have exited.
  await sleep(30_000 - 2000);
  const after30s = statusValue(server.pid, 'VmRSS');
  await sleep(BURST_SETTLE_MS - 30_000);
  const afterSettle = statusValue(server.pid, 'VmRSS');
  return {
    idleKb,
    peakKb,
    samples,
    wallSeconds,
    retainedKb: { after2s, afterSettle, after30s },
    failed: records.filter((record) => record.status !== 'completed'),
  };
}

/** Prints the burst's figures; true when both targets are met and every video completed. */
function printBurst(result: BurstResult, photoBytes: number): boolean {
  const peakMb = result.peakKb / 1024;
  const retainedMb = (result.retainedKb.afterSettle - result.idleKb) / 1024;
  const isPeakWithin = peakMb <= BURST_PEAK_MB;
  const isRetainedWithin = retainedMb <= BURST_RETAINED_MB;
  console.log(
    `Upload burst — ${BURST_UPLOADS} simultaneous uploads of a ${(photoBytes / 1024).toFixed(0)} KB PNG declaring 6320×6320 at 16 bits, then their ${BURST_UPLOADS} renders`,
  );
  console.log(`  RSS idle before the burst  ${mb(result.idleKb)} MB`);
  console.log(
    `  whole-server peak          ${mb(result.peakKb)} MB (sampled ${mb(result.samples.peakRssKb)} MB, ${result.samples.count} samples; VmHWM included) — target ≤ ${BURST_PEAK_MB} MB: ${isPeakWithin ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  ffmpeg peak RSS (separate) ${mb(result.samples.peakChildRssKb)} MB (own processes, not in the target)`,
  );
  console.log(`  all videos done after      ${result.wallSeconds.toFixed(1)} s`);
  console.log(`  RSS 2 s after the last     ${mb(result.retainedKb.after2s)} MB`);
  console.log(
    `  RSS 30 s after the last    ${mb(result.retainedKb.after30s)} MB (workers still idle)`,
  );
  console.log(
    `  RSS ${BURST_SETTLE_MS / 1000} s after the last    ${mb(result.retainedKb.afterSettle)} MB (workers exited): ${retainedMb >= 0 ? '+' : ''}${retainedMb.toFixed(0)} MB over idle — target ≤ +${BURST_RETAINED_MB} MB: ${isRetainedWithin ? 'met' : 'MISSED'}`,
  );
  for (const record of result.failed)
    console.log(`  video ${record.id} ${record.status}: ${record.errorMessage ?? 'no message'}`);
  return isPeakWithin && isRetainedWithin && result.failed.length === 0;
}

async function renderOnce(
  client: Client,
  server: Server,
  photo: Blob,
  workDir: string,
  index: number,
): Promise<RenderResult> {
  const form = uploadForm(photo, 'composite.jpg', `Memory benchmark ${index}`);

  const rssBeforeKb = statusValue(server.pid, 'VmRSS');
  const hwmIsPerRender = resetPeak(server.pid);
  const sampler = startSampler(server.pid);
  const started = performance.now();
  let record: VideoRecord;
  let samples: Samples;
  try {
    record = await waitUntilDone(
      client,
      await client.json<VideoRecord>('POST', '/api/videos', form, 202),
    );
  } finally {
    // Stopped on failure too, so the timer does not keep the process alive.
    samples = sampler.stop();
  }
  const wallSeconds = (performance.now() - started) / 1000;
  const hwmKb = statusValue(server.pid, 'VmHWM');
  if (record.status !== 'completed')
    throw new Error(`video ${record.id} failed: ${record.errorMessage ?? 'no message'}`);
  const probed = await probeDownload(client, record, workDir);
  // Give the render's buffers a moment to be released before reading what stays resident.
  await sleep(2000);
  const rssAfterKb = statusValue(server.pid, 'VmRSS');
  return { record, wallSeconds, samples, hwmKb, hwmIsPerRender, rssBeforeKb, rssAfterKb, probed };
}

function printRender(index: number, result: RenderResult): void {
  const { record, samples } = result;
  const label = index === 1 ? 'first (loads face model, starts paint workers)' : 'steady state';
  console.log(`Render ${index} — ${label}`);
  console.log(`  video                      ${record.id}`);
  console.log(
    `  resolution (record)        ${record.width}×${record.height}, ${record.duration ?? '?'} s, ${((record.fileSize ?? 0) / 1024).toFixed(0)} KB`,
  );
  console.log(`  resolution (ffprobe)       ${result.probed}`);
  console.log(
    `  processingTime (record)    ${((record.processingTime ?? 0) / 1000).toFixed(2)} s (upload to completed, client side: ${result.wallSeconds.toFixed(2)} s)`,
  );
  console.log(`  RSS before upload          ${mb(result.rssBeforeKb)} MB`);
  console.log(
    `  peak RSS sampled           ${mb(samples.peakRssKb)} MB (${samples.count} samples every ${SAMPLE_MS} ms, up to ${samples.peakThreads} threads)`,
  );
  console.log(
    `  peak RSS kernel (VmHWM)    ${mb(result.hwmKb)} MB${result.hwmIsPerRender ? ' (reset before this render)' : ' (since the server started: clear_refs refused)'}`,
  );
  console.log(`  RSS 2 s after completion   ${mb(result.rssAfterKb)} MB`);
  console.log(
    `  ffmpeg peak RSS (separate) ${mb(samples.peakChildRssKb)} MB (own process, not in the budget)`,
  );
}

async function main(): Promise<number> {
  const workDir = mkdtempSync(path.join(tmpdir(), 'glowreel-bench-memory-'));
  let server: Server | undefined;
  // Ctrl-C still stops the server and removes the folder.
  const interrupted = () => {
    void (async () => {
      if (server) await stopServer(server);
      rmSync(workDir, { recursive: true, force: true });
      process.exit(130);
    })();
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    const compositeFile = path.join(workDir, 'face-composite.jpg');
    await makeFaceComposite(compositeFile);
    const photo = new Blob([readFileSync(compositeFile)], { type: 'image/jpeg' });
    const deepFile = path.join(workDir, 'deep.png');
    const deepBytes = await makeDeepPng(deepFile);
    const deepPhoto = new Blob([readFileSync(deepFile)], { type: 'image/png' });

    console.log(`Load average at start: ${loads()}`);
    const port = await freePort();
    const startedAt = performance.now();
    server = startServer(path.join(workDir, 'data'), port);
    await waitReady(server);
    const exe = readlinkSync(`/proc/${server.pid}/exe`);
    const cmdline = readFileSync(`/proc/${server.pid}/cmdline`, 'utf8')
      .split('\0')
      .join(' ')
      .trim();
    if (!cmdline.includes('apps/server/src/main.ts'))
      throw new Error(`pid ${server.pid} is not the server: ${cmdline}`);
    console.log(
      `Server pid ${server.pid} (${exe} ${process.version}) on ${server.baseUrl}, ready in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`,
    );
    const preloaded = environmentOf(server.pid).LD_PRELOAD ?? '';
    console.log(
      `Allocator: ${preloaded.includes('jemalloc') ? `jemalloc (${preloaded})` : `glibc malloc, MALLOC_ARENA_MAX=${environmentOf(server.pid).MALLOC_ARENA_MAX ?? 'unset'}`}`,
    );

    const client = new Client(server.baseUrl);
    const email = await becomeProClinic(client);
    console.log(`Signed up ${email} and took the Pro plan through the demo checkout`);
    // Idle figure after startup, sign-up and checkout, with the process settled.
    await sleep(1000);
    const idle = readStatus(server.pid)!;
    console.log(
      `RSS idle after startup: ${mb(idle.VmRSS ?? 0)} MB (anonymous ${mb(idle.RssAnon ?? 0)} MB, files ${mb(idle.RssFile ?? 0)} MB; ${idle.Threads ?? 0} threads; VmHWM so far ${mb(idle.VmHWM ?? 0)} MB)`,
    );
    console.log(
      `Input: 2400×1500 JPEG face composite (${(photo.size / 1024).toFixed(0)} KB), head turn, subtle zoom, normal speed, 16:9`,
    );

    const results: RenderResult[] = [];
    for (let index = 1; index <= RENDERS; index += 1) {
      const result = await renderOnce(client, server, photo, workDir, index);
      results.push(result);
      printRender(index, result);
    }

    // Whether the memory a render leaves behind is given back once the server sits idle.
    await sleep(5000);
    console.log(
      `RSS idle at end (7 s after the last render): ${mb(statusValue(server.pid, 'VmRSS'))} MB`,
    );
    const workers = await startEveryRenderWorker(client, photo);
    console.log(
      `Started all ${workers} render workers (${workers} face-composite renders at once); RSS now ${mb(statusValue(server.pid, 'VmRSS'))} MB`,
    );
    const isBurstWithin = printBurst(await uploadBurst(client, server, deepPhoto), deepBytes);
    console.log(`Load average at end: ${loads()}`);
    const worstKb = Math.max(
      ...results.map((result) => Math.max(result.hwmKb, result.samples.peakRssKb)),
    );
    const within = worstKb / 1024 <= BUDGET_MB;
    const wrongSize = results.filter(
      (result) => result.record.width !== 1920 || result.record.height !== 1080,
    );
    console.log(
      `Peak server RSS over all ${RENDERS} renders: ${mb(worstKb)} MB of ${BUDGET_MB} MB — ${within ? 'within budget' : 'OVER BUDGET'}`,
    );
    if (wrongSize.length > 0)
      console.log('Not every video was 1920×1080: the Pro plan did not apply.');
    return within && isBurstWithin && wrongSize.length === 0 ? 0 : 1;
  } finally {
    process.removeListener('SIGINT', interrupted);
    process.removeListener('SIGTERM', interrupted);
    if (server) {
      await stopServer(server);
      console.log(`Server stopped (exit code ${server.child.exitCode ?? server.child.signalCode})`);
    }
    rmSync(workDir, { recursive: true, force: true });
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(
    `bench:server-memory failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
}
