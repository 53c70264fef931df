import { Worker } from 'node:worker_threads';
import { HeifHeaderError, readHeifHeader, type HeifHeader } from '../heif/heif-header.ts';
import type { Raster } from '../raster.ts';
import type { HeicWorkerReply, HeicWorkerRequest } from './decode-heic-protocol.ts';
import { ImageInputError } from './image-input-error.ts';

// Node 24 strips the worker's types itself (as for the paint workers): no loader flags.
const WORKER_URL = new URL('./decode-heic.worker.ts', import.meta.url);
/** Far above a real decode (~1 s for 12 MP on a busy core); ends a file crafted to hang it. */
const DECODE_TIMEOUT_MS = 60_000;

/**
 * The HEIC header as the upload checks need it, read from the file's boxes without decoding
 * a pixel (so the byte and pixel limits apply before any decode). Throws ImageInputError.
 */
export function readHeicHeader(bytes: Uint8Array): HeifHeader {
  let header: HeifHeader;
  try {
    header = readHeifHeader(bytes);
  } catch (error) {
    if (!(error instanceof HeifHeaderError)) throw error;
    throw new ImageInputError(
      'invalid_image_format',
      `This file starts like a HEIC image but its structure is damaged (${error.message}). Open it in Photos, export it again as HEIC or JPEG, and upload that.`,
      { cause: error },
    );
  }
  if (header.isTruncated) {
    throw new ImageInputError(
      'truncated_image',
      'This HEIC file ends early — it was probably cut off while uploading or copying. Upload the original photo again.',
    );
  }
  return header;
}

/** Decodes a HEIC photo upright, in a worker thread; rejects with the decoder's reason. */
export async function decodeHeicPixels(
  bytes: Uint8Array,
  options: { maxPixels: number; exifOrientation: number },
): Promise<Raster> {
  const worker = new Worker(WORKER_URL, { execArgv: [] });
  try {
    const reply = await new Promise<HeicWorkerReply>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('the HEIC decode took too long')),
        DECODE_TIMEOUT_MS,
      );
      const settle = () => clearTimeout(timer);
      worker.once('message', (message: HeicWorkerReply) => {
        settle();
        resolve(message);
      });
      worker.once('error', (error: Error) => {
        settle();
        reject(error);
      });
      worker.once('exit', (code) => {
        settle();
        reject(new Error(`the HEIC decoder stopped (exit code ${code})`));
      });
      // A copy of its own (Buffer.slice would share a pooled buffer that cannot be
      // transferred): the caller keeps its bytes, the worker gets these without another copy.
      const copy = new Uint8Array(bytes);
      const request: HeicWorkerRequest = { bytes: copy, ...options };
      worker.postMessage(request, [copy.buffer]);
    });
    if (!reply.ok) throw new Error(reply.message);
    return { width: reply.width, height: reply.height, data: reply.data };
  } finally {
    await worker.terminate();
  }
}
