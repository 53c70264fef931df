import { isHevcHeif, type Raster } from '@glowreel/engine';
import type { HeicDecodeReply } from './heic-decode-protocol.ts';

/**
 * True when the file's first bytes say HEIC. Browsers name HEIC files inconsistently
 * ('image/heic', 'image/heif' or nothing at all), so the bytes decide, as on the server.
 */
export async function isHeicFile(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 64).arrayBuffer());
  return isHevcHeif(head);
}

/**
 * Decodes a HEIC photo in the browser, upright. The preview decodes it here rather than asking
 * the server for a JPEG: the photo stays on the clinic's device until they press Generate (as
 * every other format does), and the preview needs no round trip or server CPU per choice.
 */
export async function decodeHeicFile(file: Blob): Promise<Raster> {
  const bytes = await file.arrayBuffer();
  const worker = new Worker(new URL('./heic-decode.worker.ts', import.meta.url), {
    type: 'module',
  });
  try {
    const reply = await new Promise<HeicDecodeReply>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<HeicDecodeReply>) => resolve(event.data);
      worker.onerror = (event) => reject(new Error(event.message || 'HEIC decoder failed'));
      worker.postMessage(bytes, [bytes]);
    });
    if (!reply.ok) throw new Error(reply.message);
    return { width: reply.width, height: reply.height, data: reply.data };
  } finally {
    // The decoder's WebAssembly memory (tens of MB after a 12 MP photo) goes with the worker.
    worker.terminate();
  }
}
