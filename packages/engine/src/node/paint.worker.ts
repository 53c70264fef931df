// A paint worker: builds its own frame compositor (own shrunk panels, own memory), paints each
// frame it is asked for where its I420 converter reads it, and converts it straight into a slot
// of the shared ring, where the render thread hands it to ffmpeg without another copy.
import { parentPort } from 'node:worker_threads';
import { frameRuns } from '../plan/frame-runs.ts';
import {
  photosToCanvases,
  shrinkPhotoCanvases,
  unshrunkOpaquePixels,
  type PhotoCanvases,
} from './canvas-renderer.ts';
import { collectGarbage } from './collect-garbage.ts';
import {
  compositorRoomBytes,
  createCompositedFrameRenderer,
  type CompositedFrameRenderer,
} from './compositor/composited-frame-renderer.ts';
import { stageBackdrop, type StagedBackdrop } from './compositor/staged-backdrop.ts';
import type { PaintWorkerReply, PaintWorkerRequest } from './paint-protocol.ts';
import { cutPanelPhotos } from './panel-photos.ts';
import { createI420Converter, type I420Converter } from './rgba-to-i420.ts';

const port = parentPort;
if (!port) throw new Error('paint.worker.ts must run as a worker thread');
const reply = (message: PaintWorkerReply, transfer: ArrayBuffer[] = []) =>
  port.postMessage(message, transfer);

let staged: PhotoCanvases | undefined;
let stagedBackdrop: StagedBackdrop | undefined;
let renderer: CompositedFrameRenderer | undefined;
let converter: I420Converter | undefined;
let ring: Uint8Array | undefined;
/** Whether the converter's output holds the frame painted last (not after a load). */
let convertedLast = false;

/**
 * How long an unloaded worker keeps its converter's memory for the next video of the same
 * size (see createI420Converter's `reusing`): a server rendering one video after another keeps
 * it, one that has stopped gives it back.
 */
const KEEP_MEMORY_MS = 30_000;
let kept: I420Converter | undefined;
let forget: ReturnType<typeof setTimeout> | undefined;

/**
 * Native finalizers run between turns of the event loop, and a port hands its queued messages
 * to 'message' listeners in one turn: painted in the listener, a busy worker never reached
 * the finalizers of the frames it had already sent, and one worker painting a whole 1080p
 * video held ~2 GB. Each paint therefore runs in its own turn.
 */
port.on('message', (request: PaintWorkerRequest) => setImmediate(() => handle(request)));

function handle(request: PaintWorkerRequest): void {
  try {
    if (request.type === 'stage') {
      renderer = undefined;
      const { photos } = request;
      const panels = cutPanelPhotos(photos);
      staged = photosToCanvases(panels);
      stagedBackdrop = request.backdrop ? stageBackdrop(request.backdrop) : undefined;
      reply({ type: 'staged' });
      // A composite's copy is garbage once its panels are cut. Collected now, while the render
      // thread finds the faces and this thread has nothing to do, it is not carried through
      // the frames (14 MB for a 2400 × 1500 composite).
      if (panels.before !== photos.before.raster || panels.after !== photos.after.raster) {
        collectGarbage();
      }
      return;
    }
    if (request.type === 'load') {
      if (!staged) throw new Error('load before the photos were staged');
      // A stage serves one load: the staged canvases, photos and backdrop are dropped once the
      // renderer has taken what it paints from.
      const photos = staged;
      const backdrop = stagedBackdrop;
      staged = undefined;
      stagedBackdrop = undefined;
      const { scene } = request;
      const panels = shrinkPhotoCanvases(scene, photos);
      clearTimeout(forget);
      converter = createI420Converter(scene.width, scene.height, {
        roomBytes: compositorRoomBytes(scene, panels),
        reusing: kept,
      });
      kept = converter;
      convertedLast = false;
      if (converter.frameBytes !== request.frameBytes) {
        throw new Error(`ring slots of ${request.frameBytes} bytes for ${converter.frameBytes}`);
      }
      renderer = createCompositedFrameRenderer(scene, panels, converter, {
        stagedBackdrop: backdrop,
        photoPixels: unshrunkOpaquePixels(photos, panels),
      });
      ring = new Uint8Array(request.ring);
      // Found from the states already evaluated for this scene: the render thread then need not
      // evaluate them too, on a core ffmpeg and this worker need while the photos are loaded.
      reply({ type: 'loaded', runs: frameRuns(scene) });
      return;
    }
    if (request.type === 'unload') {
      staged = undefined;
      stagedBackdrop = undefined;
      renderer = undefined;
      converter = undefined;
      ring = undefined;
      clearTimeout(forget);
      forget = setTimeout(() => {
        kept = undefined;
        collectGarbage();
      }, KEEP_MEMORY_MS);
      // An idle worker's timer must not keep a finished process alive.
      forget.unref();
      reply({ type: 'unloaded' });
      // The last video's photos and canvases are collected after the reply, in a turn of their
      // own: a render awaits this unload before it returns, and the collection (20–30 ms) was
      // the last thing it waited for. A next render's requests queue behind it.
      setImmediate(() => collectGarbage());
      return;
    }
    if (!renderer || !converter || !ring) throw new Error('paint before load');
    // Every frame painted here is converted, so the converter's output holds the frame before
    // this one, and only where this one differs from it is converted again (the first frame
    // after a load whole: a kept converter's output holds the last video's).
    const changed = renderer.paintFrame(request.frame);
    const converted = converter.convertInput(convertedLast ? (changed ?? undefined) : undefined);
    convertedLast = true;
    ring.set(converted, request.slot * converter.frameBytes);
    // A minor collection after every frame (~0.1 ms: the heap is tiny) keeps the worker's
    // young garbage (the face warp's per-frame arrays, a changed overlay's read-out) from
    // piling up: without it the four templates' paint CPU measured 5–40 % higher.
    collectGarbage({ type: 'minor' });
    // The poster's pixels are moved to the render thread, not cloned: an 8 MB copy there
    // was enough new memory to start a full collection of its heap mid-render.
    const rgba = request.keepRgba ? converter.input.slice() : null;
    reply(
      { type: 'painted', frame: request.frame, slot: request.slot, rgba },
      rgba ? [rgba.buffer] : [],
    );
  } catch (error) {
    reply({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
}
