import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import type { VideoStorage } from '../storage/video-storage.ts';

export interface ByteRange {
  start: number;
  end: number;
}

/** Parses a single "bytes=a-b" range; undefined for none, null for unsatisfiable. */
export function parseRange(header: string | undefined, size: number): ByteRange | undefined | null {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined; // Multi-range or malformed: serve the whole file.
  const [, startText = '', endText = ''] = match;
  if (startText === '' && endText === '') return null;
  let start: number;
  let end: number;
  if (startText === '') {
    const suffix = Number(endText);
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(startText);
    end = endText === '' ? size - 1 : Math.min(Number(endText), size - 1);
  }
  if (start > end || start >= size) return null;
  return { start, end };
}

function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** Streams a private stored file with Range support and no caching by shared caches. */
export async function streamStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: VideoStorage,
  key: string,
  options: { contentType: string; downloadName: string | null },
): Promise<FastifyReply> {
  const size = await storage.size(key);
  if (size === undefined) throw new AppError('not_found', 'The file for this video is missing.');
  reply.header('cache-control', 'private, no-store');
  const disposition = options.downloadName ? contentDisposition(options.downloadName) : null;
  // Access was checked by the caller: the client may now fetch the bytes from storage itself.
  const direct = await storage.directDownloadUrl(key, {
    contentType: options.contentType,
    contentDisposition: disposition,
  });
  if (direct) return reply.redirect(direct, 302);
  reply.header('accept-ranges', 'bytes');
  reply.type(options.contentType);
  if (disposition) reply.header('content-disposition', disposition);
  const range = parseRange(request.headers.range, size);
  if (range === null) {
    return reply.status(416).header('content-range', `bytes */${size}`).send();
  }
  if (range) {
    reply.status(206);
    reply.header('content-range', `bytes ${range.start}-${range.end}/${size}`);
    reply.header('content-length', range.end - range.start + 1);
    return reply.send(await storage.read(key, range));
  }
  reply.header('content-length', size);
  return reply.send(await storage.read(key));
}
