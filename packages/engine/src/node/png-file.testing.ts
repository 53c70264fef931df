import { crc32 } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One PNG chunk: length, type, data and the CRC over type and data. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** The signature followed by these chunks, and IEND. */
export function pngFile(chunks: Buffer[]): Buffer {
  return Buffer.concat([SIGNATURE, ...chunks, pngChunk('IEND', Buffer.alloc(0))]);
}

/**
 * An animated PNG (APNG) whose frames are the given still PNGs, all of one size (as sharp
 * writes them): frame 0 is the default image every PNG reader shows, the others are fdAT
 * chunks that only APNG readers play.
 */
export function makeAnimatedPng(frames: Buffer[]): Buffer {
  const [first] = frames;
  if (!first) throw new Error('an animated PNG needs at least one frame');
  const header = readChunks(first).find((chunk) => chunk.type === 'IHDR')?.data;
  if (!header) throw new Error('the first frame has no IHDR');
  let sequence = 0;
  const frameControl = () => {
    const data = Buffer.alloc(26);
    data.writeUInt32BE(sequence++, 0);
    data.writeUInt32BE(header.readUInt32BE(0), 4); // width
    data.writeUInt32BE(header.readUInt32BE(4), 8); // height
    data.writeUInt16BE(1, 20); // delay: 1/10 s
    data.writeUInt16BE(10, 22);
    return pngChunk('fcTL', data);
  };
  const animationControl = Buffer.alloc(8);
  animationControl.writeUInt32BE(frames.length, 0); // frames; 0 plays for ever
  const chunks = [pngChunk('IHDR', header), pngChunk('acTL', animationControl), frameControl()];
  for (const [index, frame] of frames.entries()) {
    for (const { data } of readChunks(frame).filter((chunk) => chunk.type === 'IDAT')) {
      if (index === 0) {
        chunks.push(pngChunk('IDAT', data));
        continue;
      }
      const number = Buffer.alloc(4);
      number.writeUInt32BE(sequence++);
      chunks.push(pngChunk('fdAT', Buffer.concat([number, data])));
    }
    if (index + 1 < frames.length) chunks.push(frameControl());
  }
  return pngFile(chunks);
}

function readChunks(png: Buffer): { type: string; data: Buffer }[] {
  const chunks: { type: string; data: Buffer }[] = [];
  for (let offset = SIGNATURE.length; offset + 8 <= png.length;) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    chunks.push({ type, data: png.subarray(offset + 8, offset + 8 + length) });
    offset += 12 + length;
  }
  return chunks;
}
