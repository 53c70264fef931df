// How a Glowreel server process is started, shared by `npm start`, the end-to-end tier and the
// benchmarks that measure it. The allocator, glibc's arena limit and V8's young generation are
// all fixed when a process starts, so they are set here rather than in the server's config.
import { existsSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const SERVER_ENTRY = path.join(ROOT, 'apps', 'server', 'src', 'main.ts');
/** `npm run worker`: renders, exports, webhooks and scheduled jobs from the queues, no HTTP. */
export const WORKER_ENTRY = path.join(ROOT, 'apps', 'server', 'src', 'worker.ts');

// Where Debian, Ubuntu, Fedora and Alpine put the shared library of their jemalloc package.
export const JEMALLOC_LIBRARIES = [
  '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2',
  '/usr/lib/aarch64-linux-gnu/libjemalloc.so.2',
  '/usr/lib64/libjemalloc.so.2',
  '/usr/lib/libjemalloc.so.2',
  '/usr/local/lib/libjemalloc.so.2',
];

const ALLOCATORS = ['auto', 'jemalloc', 'system'];

/** jemalloc's options for a server process (see serverProcessEnvironment). */
export const JEMALLOC_CONF = 'thp:always';

/**
 * The jemalloc library the server should load, or null for the system's allocator.
 * MEMORY_ALLOCATOR: `auto` (default) uses jemalloc when the machine has it, `jemalloc`
 * insists on it, `system` keeps glibc's malloc.
 * @param {NodeJS.ProcessEnv} env
 * @param {readonly string[]} [candidates] where to look, first found wins
 * @returns {string | null}
 */
export function jemallocLibrary(env, candidates = JEMALLOC_LIBRARIES) {
  const choice = env.MEMORY_ALLOCATOR?.trim() || 'auto';
  if (!ALLOCATORS.includes(choice))
    throw new Error(`MEMORY_ALLOCATOR must be one of ${ALLOCATORS.join(', ')}, got "${choice}"`);
  if (choice === 'system') return null;
  const library = candidates.find((candidate) => existsSync(candidate)) ?? null;
  if (!library && choice === 'jemalloc')
    throw new Error(
      'MEMORY_ALLOCATOR=jemalloc but no libjemalloc.so.2 was found (Debian: apt-get install libjemalloc2)',
    );
  return library;
}

/**
 * The environment a server process starts with: the caller's, plus
 * - jemalloc preloaded when available: glibc's malloc keeps what the upload checks and renders
 *   freed on its worker threads' arenas, so after a burst of large uploads the server stayed
 *   100–150 MB above its idle size; jemalloc returns it (docs/perf.md, "Large uploads");
 * - with jemalloc, MALLOC_CONF `thp:always` unless the caller sets MALLOC_CONF. The canvas
 *   asks for a zeroed frame-sized buffer every time it draws; jemalloc zeroes reused memory by
 *   handing its pages back to the kernel, so every frame faulted 8 MB in again, and a 1080p
 *   render took 2–3 times as long as on glibc. With transparent huge pages it clears them
 *   with memset instead (docs/perf.md, "The allocator's zeroing");
 * - MALLOC_ARENA_MAX=2 for when glibc's malloc is the one in use;
 * - V8's young generation capped at two 4 MB semi-spaces per thread (the caller's options
 *   follow, so a later --max-semi-space-size wins).
 * @param {NodeJS.ProcessEnv} env
 * @param {readonly string[]} [candidates] where to look for jemalloc
 * @returns {NodeJS.ProcessEnv}
 */
export function serverProcessEnvironment(env, candidates = JEMALLOC_LIBRARIES) {
  const library = jemallocLibrary(env, candidates);
  /** @type {NodeJS.ProcessEnv} */
  const result = {
    ...env,
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2',
    NODE_OPTIONS: `--max-semi-space-size=4 ${env.NODE_OPTIONS ?? ''}`.trim(),
  };
  if (library && !(env.LD_PRELOAD ?? '').includes(library))
    result.LD_PRELOAD = [library, env.LD_PRELOAD].filter(Boolean).join(' ');
  if (library && env.MALLOC_CONF === undefined) result.MALLOC_CONF = JEMALLOC_CONF;
  return result;
}

/**
 * V8 flags of every process that renders (the server, `npm run worker`, the render benchmark).
 * They cannot go in NODE_OPTIONS, so they are passed on Node's command line.
 * - `--single-threaded-gc`: the garbage collector works on the thread whose heap it collects,
 *   without background marking and sweeping threads. A render reads ~8 MB of pixels out of the
 *   canvas a frame; with concurrent marking the paint worker's small heap went through a full
 *   collection every 2–3 frames and V8's background threads spent as much CPU as the painting
 *   itself, on a host whose two cores the encoder needs. Without them the paint worker's CPU for
 *   a split template fell from 7.1 to 4.5 s and a whole render's by 15–30 % (docs/perf.md,
 *   "Templates").
 */
export const RENDER_PROCESS_V8_FLAGS = ['--single-threaded-gc'];

/**
 * Node's arguments for one of the two processes: its V8 flags and the tsx loader, so the
 * child's pid is the process being run or measured.
 * @param {string} entry SERVER_ENTRY or WORKER_ENTRY
 * @returns {string[]}
 */
export function processNodeArgs(entry) {
  return [...RENDER_PROCESS_V8_FLAGS, '--import', 'tsx', entry];
}

export const SERVER_NODE_ARGS = processNodeArgs(SERVER_ENTRY);
