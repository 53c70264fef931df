import { readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';

// Reads a few sfnt tables out of a .woff2 file, for tests that check our hard-coded font
// metrics and measured widths against the font files themselves (WOFF2: w3.org/TR/WOFF2).

// The WOFF2 known-table list (§ 5.2); a directory entry names its tag by index in it.
// Each tag is four characters followed by one space (some tags end in a space themselves).
const KNOWN_TAG_LIST =
  'cmap head hhea hmtx maxp name OS/2 post cvt  fpgm glyf loca prep CFF  VORG EBDT EBLC gasp ' +
  'hdmx kern LTSH PCLT VDMX vhea vmtx BASE GDEF GPOS GSUB EBSC JSTF MATH CBDT CBLC COLR CPAL ' +
  'SVG  sbix acnt avar bdat bloc bsln cvar fdsc feat fmtx fvar gvar hsty just lcar mort morx ' +
  'opbd prop trak Zapf Silf Glat Gloc Feat Sill ';
const KNOWN_TAGS = Array.from({ length: KNOWN_TAG_LIST.length / 5 }, (_, index) =>
  KNOWN_TAG_LIST.slice(index * 5, index * 5 + 4),
);

function readBase128(bytes: Buffer, at: { offset: number }): number {
  let value = 0;
  for (let i = 0; i < 5; i += 1) {
    const byte = bytes.readUInt8(at.offset);
    at.offset += 1;
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) return value;
  }
  throw new Error('malformed UIntBase128 in the WOFF2 table directory');
}

/** The untransformed tables of a WOFF2 font, by tag. */
export function readWoff2Tables(file: string): Map<string, Buffer> {
  const bytes = readFileSync(file);
  if (bytes.toString('latin1', 0, 4) !== 'wOF2') throw new Error(`${file} is not a WOFF2 file`);
  const tableCount = bytes.readUInt16BE(12);
  const compressedSize = bytes.readUInt32BE(20);
  const at = { offset: 48 };
  const entries: { tag: string; length: number; isTransformed: boolean }[] = [];
  for (let i = 0; i < tableCount; i += 1) {
    const flags = bytes.readUInt8(at.offset);
    at.offset += 1;
    let tag = KNOWN_TAGS[flags & 0x3f];
    if ((flags & 0x3f) === 63) {
      tag = bytes.toString('latin1', at.offset, at.offset + 4);
      at.offset += 4;
    }
    if (!tag) throw new Error(`unknown table index ${flags & 0x3f}`);
    const originalLength = readBase128(bytes, at);
    const version = flags >> 6;
    // glyf and loca are transformed at version 0; every other table at any version but 0.
    const isTransformed = tag === 'glyf' || tag === 'loca' ? version === 0 : version !== 0;
    const length = isTransformed ? readBase128(bytes, at) : originalLength;
    entries.push({ tag, length, isTransformed });
  }
  const data = brotliDecompressSync(bytes.subarray(at.offset, at.offset + compressedSize));
  const tables = new Map<string, Buffer>();
  let offset = 0;
  for (const entry of entries) {
    if (!entry.isTransformed) tables.set(entry.tag, data.subarray(offset, offset + entry.length));
    offset += entry.length;
  }
  return tables;
}

function requireTable(tables: Map<string, Buffer>, tag: string): Buffer {
  const table = tables.get(tag);
  if (!table) throw new Error(`the font has no readable ${tag} table`);
  return table;
}

/** head.unitsPerEm and OS/2.sCapHeight (OS/2 version 2 and later). */
export function readCapHeightMetrics(file: string): { unitsPerEm: number; capHeight: number } {
  const tables = readWoff2Tables(file);
  const os2 = requireTable(tables, 'OS/2');
  if (os2.readUInt16BE(0) < 2) throw new Error(`${file}: OS/2 before version 2 has no cap height`);
  return {
    unitsPerEm: requireTable(tables, 'head').readUInt16BE(18),
    capHeight: os2.readInt16BE(88),
  };
}

/** The glyph a BMP character maps to, from a format 4 cmap subtable (0 when unmapped). */
function glyphIndexFormat4(subtable: Buffer, code: number): number {
  const segCount = subtable.readUInt16BE(6) / 2;
  const endCodes = 14;
  const startCodes = endCodes + segCount * 2 + 2;
  const deltas = startCodes + segCount * 2;
  const rangeOffsets = deltas + segCount * 2;
  for (let i = 0; i < segCount; i += 1) {
    if (subtable.readUInt16BE(endCodes + i * 2) < code) continue;
    const start = subtable.readUInt16BE(startCodes + i * 2);
    if (start > code) return 0;
    const delta = subtable.readInt16BE(deltas + i * 2);
    const rangeOffset = subtable.readUInt16BE(rangeOffsets + i * 2);
    if (rangeOffset === 0) return (code + delta) & 0xffff;
    const glyph = subtable.readUInt16BE(rangeOffsets + i * 2 + rangeOffset + (code - start) * 2);
    return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
  }
  return 0;
}

/**
 * Advance widths, in font units, of the given BMP characters: what a text's width is made
 * of before kerning (so tests compare against strings of one repeated character).
 */
export function readAdvanceWidths(file: string, characters: string): Map<string, number> {
  const tables = readWoff2Tables(file);
  const cmap = requireTable(tables, 'cmap');
  let subtable: Buffer | null = null;
  for (let i = 0; i < cmap.readUInt16BE(2); i += 1) {
    const record = 4 + i * 8;
    const offset = cmap.readUInt32BE(record + 4);
    if (cmap.readUInt16BE(offset) === 4) subtable = cmap.subarray(offset);
  }
  if (!subtable) throw new Error(`${file}: no format 4 cmap subtable`);
  const metricCount = requireTable(tables, 'hhea').readUInt16BE(34);
  const hmtx = requireTable(tables, 'hmtx');
  const widths = new Map<string, number>();
  for (const character of characters) {
    const glyph = glyphIndexFormat4(subtable, character.charCodeAt(0));
    if (glyph === 0) throw new Error(`${file} has no glyph for "${character}"`);
    widths.set(character, hmtx.readUInt16BE(Math.min(glyph, metricCount - 1) * 4));
  }
  return widths;
}
