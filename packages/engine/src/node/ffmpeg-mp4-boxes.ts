import { open } from 'node:fs/promises';

/**
 * The types of an MP4's top-level boxes in file order (e.g. ftyp, moov, mdat). Reads only the
 * 8–16-byte box headers, so it is instant on any file size. ffprobe does not report box order,
 * and "moov before mdat" is what lets a browser start playback before the download ends.
 */
export async function readTopLevelBoxTypes(path: string): Promise<string[]> {
  const file = await open(path, 'r');
  try {
    const { size: fileSize } = await file.stat();
    const header = Buffer.alloc(16);
    const types: string[] = [];
    let offset = 0;
    while (offset + 8 <= fileSize) {
      const { bytesRead } = await file.read(header, 0, 16, offset);
      if (bytesRead < 8) break;
      const size32 = header.readUInt32BE(0);
      types.push(header.toString('latin1', 4, 8));
      // ISO/IEC 14496-12 §4.2: size 1 = 64-bit size follows the type; size 0 = box runs to the end.
      const boxSize =
        size32 === 1 && bytesRead >= 16
          ? Number(header.readBigUInt64BE(8))
          : size32 === 0
            ? fileSize - offset
            : size32;
      if (boxSize < 8)
        throw new Error(`${path} is not an MP4: box at byte ${offset} has size ${boxSize}`);
      offset += boxSize;
    }
    return types;
  } finally {
    await file.close();
  }
}

/** True when the index (moov) precedes the media data (mdat), i.e. the file was "faststarted". */
export function isMoovBeforeMdat(types: readonly string[]): boolean {
  const moov = types.indexOf('moov');
  const mdat = types.indexOf('mdat');
  return moov >= 0 && mdat >= 0 && moov < mdat;
}
