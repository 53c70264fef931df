// Decodes a HEIC photo for the live preview with the same libheif (WebAssembly) build the
// server uses. In a worker because Chrome refuses to compile a 1.4 MB WebAssembly module
// synchronously on the page's thread, and a 12 MP decode takes about a second.
import { orientRaster, readHeifHeader } from '@glowreel/engine';
import createLibheif from 'libheif-js/libheif-wasm/libheif-bundle.mjs';
import type { HeicDecodeReply } from './heic-decode-protocol.ts';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ArrayBuffer>) => void) | null;
  postMessage(message: HeicDecodeReply, transfer?: Transferable[]): void;
};

scope.onmessage = (event) => {
  decode(new Uint8Array(event.data)).then(
    (reply) => scope.postMessage(reply, reply.ok ? [reply.data.buffer as ArrayBuffer] : []),
    (error: unknown) => scope.postMessage({ ok: false, message: String(error) }),
  );
};

async function decode(bytes: Uint8Array): Promise<HeicDecodeReply> {
  // irot/imir are applied by libheif; an EXIF orientation only when the file has neither.
  const { exifOrientation } = readHeifHeader(bytes);
  const libheif = createLibheif();
  const images = new libheif.HeifDecoder().decode(bytes);
  const image = images.find((candidate) => candidate.is_primary()) ?? images[0];
  if (!image) return { ok: false, message: 'no image in the file' };
  const width = image.get_width();
  const height = image.get_height();
  const target = { data: new Uint8ClampedArray(width * height * 4), width, height };
  const result = await new Promise<{ data: Uint8ClampedArray } | null>((resolve) =>
    image.display(target, resolve),
  );
  for (const each of images) each.free();
  if (!result) return { ok: false, message: 'the image data could not be decoded' };
  const upright = orientRaster({ width, height, data: result.data }, exifOrientation);
  return { ok: true, width: upright.width, height: upright.height, data: upright.data };
}
