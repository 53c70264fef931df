// Test photos shared by the benchmarks (bench:render, bench:server-memory), so both measure
// the same input.
import { readHumanSampleFace } from '@glowreel/engine/node';
import { pngChunk, pngFile } from '@glowreel/engine/testing';
import { writeFileSync } from 'node:fs';
import { createDeflate } from 'node:zlib';
import sharp from 'sharp';

export async function makeFaceComposite(file: string): Promise<void> {
  // The same 2400×1500 size as the textured composite; each half shows the face enlarged
  // to 1200 px, the after half slightly warmer so the split finds the cut.
  const half = await sharp(readHumanSampleFace())
    .resize(1200, 1500, { fit: 'cover', position: 'top' })
    .removeAlpha()
    .toBuffer();
  const after = await sharp(half).modulate({ brightness: 1.04, saturation: 1.05 }).toBuffer();
  await sharp({ create: { width: 2400, height: 1500, channels: 3, background: '#000' } })
    .composite([
      { input: half, left: 0, top: 0 },
      { input: after, left: 1200, top: 0 },
    ])
    .jpeg({ quality: 90 })
    .toFile(file);
}

/**
 * A PNG declaring `side` × `side` px at 16 bits per channel (RGB) that compresses to a few
 * hundred KB: each row is one tone with a step in the middle (so the split finds two panels),
 * stored with PNG's Sub filter, so a row is a handful of bytes and a long run of zeros. At
 * 6320 px it is the upload from issue #15 that once took the server from 846 MB to 1.5 GB:
 * under the 40-megapixel cap, but 240 MB of pixels when decoded as they are stored.
 */
export async function makeDeepPng(file: string, side = 6320): Promise<number> {
  const rowBytes = 1 + side * 6;
  const row = Buffer.alloc(rowBytes);
  const deflate = createDeflate({ level: 9 });
  const compressed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => compressed.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    deflate.once('end', resolve);
    deflate.once('error', reject);
  });
  const middle = 1 + Math.floor(side / 2) * 6;
  for (let y = 0; y < side; y += 1) {
    row.fill(0);
    row[0] = 1; // Sub: each byte is stored as its difference from the pixel to its left.
    const tone = 20_000 + Math.round((y / side) * 20_000);
    row.writeUInt16BE(tone, 1); // red
    row.writeUInt16BE(tone - 4_000, 3); // green
    row.writeUInt16BE(tone - 8_000, 5); // blue
    row.writeUInt16BE(8_000, middle); // the after half is a little brighter in red
    if (!deflate.write(row)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await finished;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 16; // bits per channel
  header[9] = 2; // truecolour
  const png = pngFile([pngChunk('IHDR', header), pngChunk('IDAT', Buffer.concat(compressed))]);
  writeFileSync(file, png);
  return png.length;
}
