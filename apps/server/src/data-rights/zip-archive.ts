import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';

/** One file of an archive: small bytes, or a stream opened only when its turn comes. */
export type ZipEntry =
  | { name: string; bytes: Buffer }
  | { name: string; open: () => Promise<Readable>; compress: boolean };

/**
 * Writes a zip to `targetPath` (0600) entry by entry: a stream is opened when the archive
 * reaches it and flows straight through, so no MP4 is ever held in memory whole. Calls
 * `onEntryDone` after each entry and answers the archive's size.
 */
export async function writeZipFile(
  targetPath: string,
  entries: readonly ZipEntry[],
  onEntryDone: (done: number) => void,
): Promise<number> {
  const zip = new ZipFile();
  let done = 0;
  const finishEntry = () => {
    done += 1;
    onEntryDone(done);
  };
  for (const entry of entries) {
    if ('bytes' in entry) {
      zip.addBuffer(entry.bytes, entry.name);
      finishEntry();
      continue;
    }
    zip.addReadStreamLazy(entry.name, { compress: entry.compress }, (callback) => {
      // Opening may wait on object storage; a refusal fails the archive like a read error.
      entry.open().then(
        (stream) => {
          stream.once('end', finishEntry);
          callback(null, stream);
        },
        (error: unknown) => callback(error, null as never),
      );
    });
  }
  // A source stream's error is reported on the ZipFile, not on its output stream.
  const failed = new Promise<never>((_resolve, reject) => zip.once('error', reject));
  zip.end();
  const output = createWriteStream(targetPath, { mode: 0o600, flags: 'wx' });
  try {
    await Promise.race([pipeline(zip.outputStream, output), failed]);
  } catch (error) {
    output.destroy();
    throw error;
  }
  return (await stat(targetPath)).size;
}
