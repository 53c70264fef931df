// A paint worker: builds its own frame renderer (own canvases, own shrunk panels) and
// copies each frame it is asked for into a slot of the shared ring, where the render
// thread hands it to ffmpeg without another copy.
import v8 from 'node:v8';
import vm from 'node:vm';
import { parentPort } from 'node:worker_threads';
import { createShrunkFrameRenderer, type FrameRenderer } from './canvas-renderer.ts';
import type { PaintWorkerReply, PaintWorkerRequest } from './paint-protocol.ts';

const port = parentPort;
if (!port) throw new Error('paint.worker.ts must run as a worker thread');
const reply = (message: PaintWorkerReply) => port.postMessage(message);

/**
 * Every frame read out of the canvas is a fresh 8 MB copy (at 1080p) whose memory is released
 * by a native finalizer once V8 has collected the Buffer. V8 collects it late, and the kernel
 * then zeroes fresh pages for every frame. This heap is tiny (no models) and the copies are
 * young, so a minor collection after every frame (~0.1 ms) lets the allocator reuse the same
 * memory: measured on two workers painting a 1080p video, 1.4 s instead of 2.3 s, and ~40 MB
 * less than a full collection every 4 frames. A worker cannot be started with --expose-gc,
 * hence the flag here.
 */
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as (options?: { type: 'minor' | 'major' }) => void;

let renderer: FrameRenderer | undefined;
let ring: Uint8Array | undefined;
let frameBytes = 0;

/**
 * Native finalizers run between turns of the event loop, and a port hands its queued messages
 * to 'message' listeners in one turn: painted in the listener, a busy worker never reached
 * the finalizers of the frames it had already sent, and one worker painting a whole 1080p
 * video held ~2 GB. Each paint therefore runs in its own turn.
 */
port.on('message', (request: PaintWorkerRequest) => setImmediate(() => handle(request)));

function handle(request: PaintWorkerRequest): void {
  try {
    if (request.type === 'load') {
      renderer = createShrunkFrameRenderer(request.scene, request.panels);
      ring = new Uint8Array(request.ring);
      frameBytes = request.frameBytes;
      reply({ type: 'loaded' });
      return;
    }
    if (request.type === 'unload') {
      renderer = undefined;
      ring = undefined;
      collectGarbage();
      reply({ type: 'unloaded' });
      return;
    }
    if (!renderer || !ring) throw new Error('paint before load');
    ring.set(renderer.renderFrame(request.frame), request.slot * frameBytes);
    collectGarbage({ type: 'minor' });
    reply({ type: 'painted', frame: request.frame, slot: request.slot });
  } catch (error) {
    reply({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
}
