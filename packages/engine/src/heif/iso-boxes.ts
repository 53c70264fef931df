/**
 * A minimal reader of ISO base media file boxes (ISO/IEC 14496-12), enough to find a HEIF
 * file's image properties without decoding it. Every read is bounds-checked: the bytes are an
 * upload, so a size field that points past the end ends the walk instead of throwing.
 */
export interface IsoBox {
  type: string;
  /** Where the box's payload starts (after its size and type, and a FullBox's version/flags). */
  start: number;
  end: number;
}

export function readBoxes(bytes: Uint8Array, start: number, end: number): IsoBox[] {
  const boxes: IsoBox[] = [];
  let offset = start;
  const limit = Math.min(end, bytes.byteLength);
  while (offset + 8 <= limit) {
    let size = readUint32(bytes, offset);
    const type = readFourCc(bytes, offset + 4);
    let header = 8;
    if (size === 1) {
      if (offset + 16 > limit) break;
      // 64-bit size: HEIF photos are far under 4 GB, so the high word must be 0.
      if (readUint32(bytes, offset + 8) !== 0) break;
      size = readUint32(bytes, offset + 12);
      header = 16;
    } else if (size === 0) {
      size = limit - offset; // "extends to the end of the file"
    }
    if (size < header || offset + size > limit) break;
    boxes.push({ type, start: offset + header, end: offset + size });
    offset += size;
  }
  return boxes;
}

export function findBox(boxes: IsoBox[], type: string): IsoBox | undefined {
  return boxes.find((box) => box.type === type);
}

export function readUint8(bytes: Uint8Array, offset: number): number {
  if (offset < 0 || offset >= bytes.byteLength) throw new RangeError('read past the end');
  return bytes[offset] ?? 0;
}

export function readUint16(bytes: Uint8Array, offset: number): number {
  return (readUint8(bytes, offset) << 8) | readUint8(bytes, offset + 1);
}

export function readUint32(bytes: Uint8Array, offset: number): number {
  return readUint16(bytes, offset) * 0x10000 + readUint16(bytes, offset + 2);
}

/** An unsigned big-endian integer of 0, 4 or 8 bytes (iloc's variable-width fields). */
export function readUintN(bytes: Uint8Array, offset: number, size: number): number {
  if (size === 0) return 0;
  if (size === 4) return readUint32(bytes, offset);
  if (size === 8) {
    if (readUint32(bytes, offset) !== 0) throw new RangeError('offset beyond 4 GB');
    return readUint32(bytes, offset + 4);
  }
  if (size === 2) return readUint16(bytes, offset);
  throw new RangeError(`unsupported field size ${size}`);
}

export function readFourCc(bytes: Uint8Array, offset: number): string {
  let text = '';
  for (let index = 0; index < 4; index += 1) {
    text += String.fromCharCode(bytes[offset + index] ?? 0);
  }
  return text;
}
