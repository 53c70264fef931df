import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findBox, readBoxes, readUint16, readUint32, readUint8 } from '../heif/iso-boxes.ts';

/**
 * A HEIC file made at test time from a JPEG or PNG by libheif's own encoder (`heif-enc`, from
 * Debian's libheif-examples, which .ci/run installs): libheif-js only decodes, and no HEIC
 * fixture is committed. heif-enc 1.15 keeps a JPEG's EXIF (orientation included) and writes no
 * irot, which is what some converters produce; `withIrot` adds the iPhone's irot.
 */
export function encodeHeic(image: Buffer, quality = 90): Buffer {
  const folder = mkdtempSync(join(tmpdir(), 'glowreel-heic-'));
  try {
    const isJpeg = image[0] === 0xff && image[1] === 0xd8;
    const input = join(folder, isJpeg ? 'in.jpg' : 'in.png');
    writeFileSync(input, image);
    const output = join(folder, 'out.heic');
    execFileSync('heif-enc', ['-q', String(quality), '-o', output, input], { stdio: 'pipe' });
    return readFileSync(output);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * The same file with an irot property (quarter turns anticlockwise) on its primary image, as
 * an iPhone writes it. The new box grows meta, iprp, ipco and ipma, and every item's data
 * offset after them moves by as much.
 */
export function withIrot(heic: Buffer, quarterTurns: 1 | 2 | 3): Buffer {
  const top = readBoxes(heic, 0, heic.length);
  const meta = required(findBox(top, 'meta'));
  const inMeta = readBoxes(heic, meta.start + 4, meta.end);
  const primaryId = readUint16(heic, required(findBox(inMeta, 'pitm')).start + 4);
  const iloc = required(findBox(inMeta, 'iloc'));
  const iprp = required(findBox(inMeta, 'iprp'));
  const inIprp = readBoxes(heic, iprp.start, iprp.end);
  const ipco = required(findBox(inIprp, 'ipco'));
  const ipma = required(findBox(inIprp, 'ipma'));
  if (ipma.start < ipco.end || iloc.end > iprp.start) throw new Error('unexpected box order');
  if (readUint8(heic, ipma.start) !== 0 || (readUint8(heic, ipma.start + 3) & 1) !== 0) {
    throw new Error('only ipma version 0 with 7-bit indices is handled');
  }
  const propertyIndex = readBoxes(heic, ipco.start, ipco.end).length + 1;
  const irot = Buffer.from([0, 0, 0, 9, ...Buffer.from('irot'), quarterTurns]);
  // Find the primary item's association count in ipma.
  let offset = ipma.start + 8;
  let countAt = -1;
  for (let entry = 0; entry < readUint32(heic, ipma.start + 4); entry += 1) {
    const id = readUint16(heic, offset);
    const count = readUint8(heic, offset + 2);
    if (id === primaryId) countAt = offset + 2;
    offset += 3 + count;
  }
  if (countAt < 0) throw new Error('the primary item has no properties');
  const insertAt = countAt + 1 + readUint8(heic, countAt);
  const grown = 10;
  const out = Buffer.concat([
    heic.subarray(0, ipco.end),
    irot,
    heic.subarray(ipco.end, insertAt),
    Buffer.from([0x80 | propertyIndex]), // essential: a reader must apply it
    heic.subarray(insertAt),
  ]);
  const grow = (sizeAt: number, by: number) =>
    out.writeUInt32BE(out.readUInt32BE(sizeAt) + by, sizeAt);
  grow(meta.start - 8, grown);
  grow(iprp.start - 8, grown);
  grow(ipco.start - 8, 9);
  grow(ipma.start - 8 + 9, 1);
  out[countAt + 9] = (out[countAt + 9] ?? 0) + 1;
  shiftItemOffsets(out, iloc.start, meta.end, grown);
  return out;
}

/** Adds `by` to every item location (iloc version 0 or 1, 4-byte fields) past meta. */
function shiftItemOffsets(file: Buffer, ilocStart: number, metaEnd: number, by: number): void {
  const version = file[ilocStart] ?? 0;
  const sizes = file[ilocStart + 4] ?? 0;
  const offsetSize = sizes >> 4;
  const lengthSize = sizes & 0xf;
  const baseOffsetSize = (file[ilocStart + 5] ?? 0) >> 4;
  if (version > 1 || offsetSize !== 4 || (baseOffsetSize !== 0 && baseOffsetSize !== 4)) {
    throw new Error('only iloc version 0/1 with 4-byte offsets is handled');
  }
  const shift = (at: number) => {
    const value = file.readUInt32BE(at);
    if (value >= metaEnd) file.writeUInt32BE(value + by, at);
  };
  let offset = ilocStart + 6;
  const count = file.readUInt16BE(offset);
  offset += 2;
  for (let item = 0; item < count; item += 1) {
    offset += 2 + (version === 1 ? 2 : 0) + 2; // item_ID, construction_method, data_reference
    // heif-enc puts each item's file offset in base_offset and 0 in its extents.
    if (baseOffsetSize === 4) shift(offset);
    offset += baseOffsetSize;
    const extents = file.readUInt16BE(offset);
    offset += 2;
    for (let extent = 0; extent < extents; extent += 1) {
      shift(offset);
      offset += offsetSize + lengthSize;
    }
  }
}

function required<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('the HEIC file lacks a box heif-enc always writes');
  return value;
}
