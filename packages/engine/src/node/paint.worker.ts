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
 * Every frame read out of the canvas is a fresh 8 MB buffer (at 1080p) that V8 frees only
 * when it collects, which it does late: measured, two workers held ~150 MB more and spent
 * more CPU on the kernel zeroing new pages. This heap is tiny (no models), so a full
 * collection every few frames costs a few milliseconds and lets the allocator reuse the
 * same memory. A worker cannot be started with --expose-gc, hence the flag here.
 */
const COLLECT_EVERY_FRAMES = 4;
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

let renderer: FrameRenderer | undefined;
let ring: Uint8Array | undefined;
let frameBytes = 0;
let painted = 0;

port.on('message', (request: PaintWorkerRequest) => {
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
    painted += 1;
    if (painted % COLLECT_EVERY_FRAMES === 0) collectGarbage();
    reply({ type: 'painted', frame: request.frame, slot: request.slot });
  } catch (error) {
    reply({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
});
