import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { BackdropFrame } from '../paint/draw-backdrop.ts';
import type { FrameRun } from '../plan/frame-runs.ts';
import type { Scene } from '../plan/scene.ts';
import { copyPanelPhotos, type PanelPhotos } from './panel-photos.ts';
import type { PaintWorkerReply, PaintWorkerRequest } from './paint-protocol.ts';
import { i420FrameBytes } from './rgba-to-i420.ts';

// Node 24 strips the worker's types itself, so it starts without the tsx loader: with it,
// each worker's start cost ~0.8 s of CPU, as much as painting a third of a video.
const WORKER_URL = new URL('./paint.worker.ts', import.meta.url);

/** More painters than this only adds memory: ffmpeg needs the same cores. */
const MAX_PAINT_THREADS = 4;

/**
 * One core fewer than the machine has: x264 keeps most of the other cores busy at 1080p.
 * Measured on the 2-core host: with RGBA frames, one worker rendered as fast as two and ~130 MB
 * smaller. Since frames go to ffmpeg as I420 the encoder needs less, and painting (~16 ms a
 * 1080p frame with a moving face, conversion included) is the bound: a second worker made the
 * face-motion renders ~0.6 s faster, but the whole server has no memory to spare for it
 * (docs/perf.md).
 */
export function defaultPaintThreads(): number {
  return Math.max(1, Math.min(MAX_PAINT_THREADS, availableParallelism() - 1));
}

/**
 * Paints frames in worker threads. On one thread painting was the longest serial chain of
 * a render (~25 ms per 1080p frame, most of it Skia's raster and the pixel read-out) while
 * ffmpeg left a core idle; workers spread it over every core. Frames land in a ring of
 * shared slots, already in I420 (the encoder's input), that the encoder reads in place.
 */
export interface ParallelPainter {
  /**
   * Gives every worker the decoded photos before the scene is known: they put them on
   * canvases while the render thread finds the faces, instead of after it. With the frame's
   * size and colours (`backdrop`), they draw the backdrop then too.
   */
  stagePhotos(photos: PanelPhotos, backdrop?: BackdropFrame): void;
  /**
   * Gives every worker the scene: each shrinks the staged photos to what it shows. Resolves
   * once all of them can paint, with the scene's runs of identical frames (frameRuns) as the
   * workers found them; rejects when no photos were staged since the last unload.
   */
  load(scene: Scene): Promise<FrameRun[]>;
  /** Slots in the ring: a slot must not be painted again until its frame has been encoded. */
  readonly slotCount: number;
  /**
   * Paints `frame` into `slot` and resolves with that slot's pixels in I420, and with the
   * frame's RGBA pixels (opaque) too when asked: they cost a copy between threads.
   */
  paint(frame: number, slot: number, options?: { keepRgba?: boolean }): Promise<PaintedFrame>;
  /**
   * Frees what the last stage and load held (canvases, photos, the ring); the workers stay up,
   * each keeping its converter's memory for a next video of the same size for 30 s.
   */
  unload(): Promise<void>;
  /** True once a worker has failed or exited: the painter cannot be used again. */
  readonly isBroken: boolean;
  /** Stops the workers; safe to call more than once. */
  close(): Promise<void>;
}

export interface PaintedFrame {
  /** The slot's bytes: Y plane, then Cb, then Cr (BT.709, limited range). Valid until the slot is painted again. */
  i420: Uint8Array;
  /** The frame as painted, when asked for. */
  rgba: Uint8Array | null;
}

interface Waiter {
  resolve: (reply: PaintWorkerReply) => void;
  reject: (error: Error) => void;
}

interface PaintThread {
  worker: Worker;
  /** Replies come back in request order, so the oldest waiter owns the next reply. */
  waiters: Waiter[];
}

export function startParallelPainter(threads = defaultPaintThreads()): ParallelPainter {
  let failure: Error | undefined;
  let closed = false;
  let ring: SharedArrayBuffer | undefined;
  let frameBytes = 0;
  let nextThread = 0;
  /** The workers' answers to the last stagePhotos, awaited by the load after it. */
  let staging: Promise<unknown> | undefined;
  const slotCount = threads * 2;

  const fail = (error: Error): void => {
    failure ??= error;
    for (const thread of pool) for (const waiter of thread.waiters.splice(0)) waiter.reject(error);
  };

  const pool: PaintThread[] = Array.from({ length: threads }, () => {
    // No inherited loader flags: the parent may run under tsx, the worker needs none.
    const worker = new Worker(WORKER_URL, { execArgv: [] });
    const thread: PaintThread = { worker, waiters: [] };
    worker.on('message', (reply: PaintWorkerReply) => {
      const waiter = thread.waiters.shift();
      if (thread.waiters.length === 0) worker.unref();
      if (reply.type !== 'failed') {
        waiter?.resolve(reply);
        return;
      }
      const error = new Error(`Painting a frame failed: ${reply.message}`);
      waiter?.reject(error);
      fail(error);
    });
    worker.on('error', (error: Error) => fail(error));
    worker.on('exit', (code) => {
      if (!closed) fail(new Error(`A paint worker exited with code ${code}`));
    });
    // An idle painter kept for the next render must not keep a finished process alive, but
    // one that owes a reply must (ask() refs it). After the listeners: adding a 'message'
    // listener refs the worker again.
    worker.unref();
    return thread;
  });

  const ask = (
    thread: PaintThread,
    request: PaintWorkerRequest,
    moved: ArrayBuffer[] = [],
  ): Promise<PaintWorkerReply> => {
    if (failure) return Promise.reject(failure);
    return new Promise((resolve, reject) => {
      thread.waiters.push({ resolve, reject });
      thread.worker.ref();
      thread.worker.postMessage(request, moved);
    });
  };

  return {
    slotCount,
    get isBroken() {
      return failure !== undefined;
    },
    stagePhotos(photos, backdrop) {
      // Each worker gets its own copy (one of a composite, which it cuts into panels itself),
      // moved into its thread rather than cloned by the message: cloning two full-size photos
      // into a worker's message took ~80 ms of the render thread. (Canvas pixels cannot be
      // read from shared memory.)
      staging = Promise.all(
        pool.map((thread) => {
          const copies = copyPanelPhotos(photos);
          return ask(
            thread,
            { type: 'stage', photos: copies.photos, backdrop: backdrop ?? null },
            copies.buffers,
          );
        }),
      );
      // Awaited by load; a failure before then must not become an unhandled rejection.
      staging.catch(() => undefined);
    },
    async load(scene) {
      const staged = staging;
      staging = undefined;
      if (!staged) throw new Error('load() before stagePhotos()');
      const bytes = i420FrameBytes(scene.width, scene.height);
      if (!ring || bytes !== frameBytes) ring = new SharedArrayBuffer(bytes * slotCount);
      frameBytes = bytes;
      // Sent at once, not once the photos are staged: a worker takes its messages in order,
      // and this thread may be too busy to see the staging's answers for a while.
      const request: PaintWorkerRequest = { type: 'load', scene, ring, frameBytes };
      const [, ...replies] = await Promise.all([
        staged,
        ...pool.map((thread) => ask(thread, request)),
      ]);
      const loaded = replies.find((reply) => reply.type === 'loaded');
      if (!loaded) throw new Error('no paint worker loaded the scene');
      return loaded.runs;
    },
    async unload() {
      ring = undefined;
      staging = undefined;
      frameBytes = 0;
      await Promise.all(pool.map((thread) => ask(thread, { type: 'unload' })));
    },
    async paint(frame, slot, options = {}) {
      // Taken now: an unload or a load of another size may replace `ring` while this waits.
      const target = ring;
      const bytes = frameBytes;
      if (!target) throw new Error('paint() before load()');
      if (!Number.isInteger(slot) || slot < 0 || slot >= slotCount) {
        throw new RangeError(`slot must be 0–${slotCount - 1}, got ${slot}`);
      }
      const thread = pool[nextThread % pool.length];
      nextThread += 1;
      if (!thread) throw new Error('no paint worker');
      const reply = await ask(thread, {
        type: 'paint',
        frame,
        slot,
        keepRgba: options.keepRgba ?? false,
      });
      return {
        i420: new Uint8Array(target, slot * bytes, bytes),
        rgba: reply.type === 'painted' ? reply.rgba : null,
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      fail(new Error('The painter is closed'));
      await Promise.all(pool.map((thread) => thread.worker.terminate()));
    },
  };
}
