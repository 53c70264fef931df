// A HEIC decode in its own thread: libheif (WebAssembly) decodes synchronously and takes
// ~0.3 s to load plus up to a second per 12-megapixel photo, which on the main thread would
// stall every request of the server. The thread is started for one decode and ended after
// it, so the WebAssembly memory the decode grew (which never shrinks) goes with it.
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import { orientRaster } from '../heif/orient-raster.ts';
import type { HeicWorkerReply, HeicWorkerRequest } from './decode-heic-protocol.ts';

interface HeifImage {
  get_width(): number;
  get_height(): number;
  is_primary(): boolean;
  display(
    target: { data: Uint8ClampedArray; width: number; height: number },
    done: (result: { data: Uint8ClampedArray } | null) => void,
  ): void;
  free(): void;
}
interface Libheif {
  HeifDecoder: new () => { decode(bytes: Uint8Array): HeifImage[] };
}

const port = parentPort;
if (!port) throw new Error('decode-heic.worker.ts must run as a worker thread');
// libheif-js reports failures with console.log as well as its return value; the reply below
// carries them, so the server's log stays free of its noise.
console.log = () => undefined;
// The bundle carries its .wasm inline: nothing is read from disk or the network at run time.
const libheif = createRequire(import.meta.url)('libheif-js/wasm-bundle') as Libheif;

port.once('message', (request: HeicWorkerRequest) => {
  decode(request).then(
    (reply) => port.postMessage(reply, reply.ok ? [reply.data.buffer as ArrayBuffer] : []),
    (error: unknown) => port.postMessage({ ok: false, message: String(error) }),
  );
});

async function decode(request: HeicWorkerRequest): Promise<HeicWorkerReply> {
  const images = new libheif.HeifDecoder().decode(request.bytes);
  const image = images.find((candidate) => candidate.is_primary()) ?? images[0];
  if (!image) return { ok: false, message: 'libheif found no image in the file' };
  const width = image.get_width();
  const height = image.get_height();
  if (width * height > request.maxPixels) {
    return { ok: false, message: `pixel limit: the decoded image is ${width} × ${height}` };
  }
  const target = { data: new Uint8ClampedArray(width * height * 4), width, height };
  const result = await new Promise<{ data: Uint8ClampedArray } | null>((resolve) =>
    image.display(target, resolve),
  );
  for (const each of images) each.free();
  if (!result) return { ok: false, message: 'libheif could not decode the image data' };
  const upright = orientRaster({ width, height, data: result.data }, request.exifOrientation);
  return { ok: true, width: upright.width, height: upright.height, data: upright.data };
}
