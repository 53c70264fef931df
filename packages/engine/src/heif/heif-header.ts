import { readExifOrientation } from './exif-orientation.ts';
import {
  findBox,
  readBoxes,
  readFourCc,
  readUint16,
  readUint32,
  readUint8,
  readUintN,
  type IsoBox,
} from './iso-boxes.ts';

/** What a HEIC/HEIF file says about its primary image, read from its boxes alone. */
export interface HeifHeader {
  /** Upright size: the stored size turned by irot, or by EXIF when the file has no irot/imir. */
  width: number;
  height: number;
  /**
   * The EXIF orientation (1–8) left for the caller to apply after libheif's decode. libheif
   * applies irot/imir itself, and HEIF (MIAF) says EXIF orientation must then be ignored — an
   * iPhone writes both, so applying both would turn its photos twice. Files without irot/imir
   * but with an EXIF orientation (some converters write those) get it applied here.
   */
  exifOrientation: number;
  /** True when some item's data lies past the end of the file: the upload was cut off. */
  isTruncated: boolean;
}

export class HeifHeaderError extends Error {
  override readonly name = 'HeifHeaderError';
}

interface ItemLocation {
  constructionMethod: number;
  extents: { offset: number; length: number }[];
}

/** Reads the primary image's size, orientation and completeness; throws HeifHeaderError. */
export function readHeifHeader(bytes: Uint8Array): HeifHeader {
  try {
    return parse(bytes);
  } catch (error) {
    if (error instanceof HeifHeaderError) throw error;
    throw new HeifHeaderError('the HEIF boxes are damaged', { cause: error });
  }
}

function parse(bytes: Uint8Array): HeifHeader {
  const top = readBoxes(bytes, 0, bytes.byteLength);
  const meta = findBox(top, 'meta');
  if (!meta) throw new HeifHeaderError('no meta box');
  const children = readBoxes(bytes, meta.start + 4, meta.end); // meta is a FullBox
  const primaryId = readPrimaryId(bytes, findBox(children, 'pitm'));
  const properties = readProperties(bytes, findBox(children, 'iprp'), primaryId);
  const ispe = properties.find((box) => box.type === 'ispe');
  if (!ispe) throw new HeifHeaderError('the primary image has no size (ispe)');
  // ispe is a FullBox: 4 bytes of version and flags come first.
  const storedWidth = readUint32(bytes, ispe.start + 4);
  const storedHeight = readUint32(bytes, ispe.start + 8);
  if (storedWidth === 0 || storedHeight === 0) throw new HeifHeaderError('zero image size');
  const irot = properties.find((box) => box.type === 'irot');
  const hasTransforms = irot !== undefined || properties.some((box) => box.type === 'imir');
  const quarterTurns = irot ? readUint8(bytes, irot.start) & 0b11 : 0;
  const locations = readLocations(bytes, findBox(children, 'iloc'));
  const exifId = findExifItemId(bytes, findBox(children, 'iinf'));
  const exifData = exifId === null ? null : itemData(bytes, locations.get(exifId));
  const exifOrientation = hasTransforms || !exifData ? 1 : readExifOrientation(exifData);
  const isTurned = quarterTurns % 2 === 1 || exifOrientation >= 5;
  return {
    width: isTurned ? storedHeight : storedWidth,
    height: isTurned ? storedWidth : storedHeight,
    exifOrientation,
    isTruncated: [...locations.values()].some(
      (location) =>
        location.constructionMethod === 0 &&
        location.extents.some((extent) => extent.offset + extent.length > bytes.byteLength),
    ),
  };
}

function readPrimaryId(bytes: Uint8Array, pitm: IsoBox | undefined): number {
  if (!pitm) throw new HeifHeaderError('no primary item (pitm)');
  const version = readUint8(bytes, pitm.start);
  return version === 0 ? readUint16(bytes, pitm.start + 4) : readUint32(bytes, pitm.start + 4);
}

/** The property boxes (ispe, irot, imir, …) associated with one item through ipma. */
function readProperties(bytes: Uint8Array, iprp: IsoBox | undefined, itemId: number): IsoBox[] {
  if (!iprp) throw new HeifHeaderError('no item properties (iprp)');
  const children = readBoxes(bytes, iprp.start, iprp.end);
  const ipco = findBox(children, 'ipco');
  if (!ipco) throw new HeifHeaderError('no property container (ipco)');
  const all = readBoxes(bytes, ipco.start, ipco.end);
  const found: IsoBox[] = [];
  for (const ipma of children.filter((box) => box.type === 'ipma')) {
    const version = readUint8(bytes, ipma.start);
    const isWide = (readUint8(bytes, ipma.start + 3) & 1) === 1;
    const count = readUint32(bytes, ipma.start + 4);
    let offset = ipma.start + 8;
    for (let entry = 0; entry < count && offset < ipma.end; entry += 1) {
      const id = version < 1 ? readUint16(bytes, offset) : readUint32(bytes, offset);
      offset += version < 1 ? 2 : 4;
      const associations = readUint8(bytes, offset);
      offset += 1;
      for (let index = 0; index < associations; index += 1) {
        // The top bit marks the property essential; the rest is its 1-based index in ipco.
        const value = isWide ? readUint16(bytes, offset) & 0x7fff : readUint8(bytes, offset) & 0x7f;
        offset += isWide ? 2 : 1;
        const box = all[value - 1];
        if (id === itemId && box) found.push(box);
      }
    }
  }
  return found;
}

function readLocations(bytes: Uint8Array, iloc: IsoBox | undefined): Map<number, ItemLocation> {
  const locations = new Map<number, ItemLocation>();
  if (!iloc) throw new HeifHeaderError('no item locations (iloc)');
  const version = readUint8(bytes, iloc.start);
  let offset = iloc.start + 4;
  const sizes = readUint8(bytes, offset);
  const more = readUint8(bytes, offset + 1);
  const offsetSize = sizes >> 4;
  const lengthSize = sizes & 0xf;
  const baseOffsetSize = more >> 4;
  const indexSize = version === 1 || version === 2 ? more & 0xf : 0;
  offset += 2;
  const count = version < 2 ? readUint16(bytes, offset) : readUint32(bytes, offset);
  offset += version < 2 ? 2 : 4;
  for (let item = 0; item < count; item += 1) {
    const id = version < 2 ? readUint16(bytes, offset) : readUint32(bytes, offset);
    offset += version < 2 ? 2 : 4;
    let constructionMethod = 0;
    if (version === 1 || version === 2) {
      constructionMethod = readUint16(bytes, offset) & 0xf;
      offset += 2;
    }
    offset += 2; // data_reference_index
    const base = readUintN(bytes, offset, baseOffsetSize);
    offset += baseOffsetSize;
    const extentCount = readUint16(bytes, offset);
    offset += 2;
    const extents: ItemLocation['extents'] = [];
    for (let extent = 0; extent < extentCount; extent += 1) {
      offset += indexSize;
      const extentOffset = readUintN(bytes, offset, offsetSize);
      offset += offsetSize;
      const length = readUintN(bytes, offset, lengthSize);
      offset += lengthSize;
      extents.push({ offset: base + extentOffset, length });
    }
    locations.set(id, { constructionMethod, extents });
  }
  return locations;
}

function findExifItemId(bytes: Uint8Array, iinf: IsoBox | undefined): number | null {
  if (!iinf) return null;
  const version = readUint8(bytes, iinf.start);
  const entriesStart = iinf.start + 4 + (version === 0 ? 2 : 4);
  for (const infe of readBoxes(bytes, entriesStart, iinf.end)) {
    if (infe.type !== 'infe') continue;
    const infeVersion = readUint8(bytes, infe.start);
    if (infeVersion < 2) continue; // item types (and so Exif items) exist from version 2 on
    const idSize = infeVersion === 2 ? 2 : 4;
    const id = idSize === 2 ? readUint16(bytes, infe.start + 4) : readUint32(bytes, infe.start + 4);
    if (readFourCc(bytes, infe.start + 4 + idSize + 2) === 'Exif') return id;
  }
  return null;
}

/** A file-stored item's bytes (Exif is never in idat in practice), or null when unreadable. */
function itemData(bytes: Uint8Array, location: ItemLocation | undefined): Uint8Array | null {
  const extent = location?.extents[0];
  if (!location || location.constructionMethod !== 0 || !extent) return null;
  if (extent.offset + extent.length > bytes.byteLength) return null;
  return bytes.subarray(extent.offset, extent.offset + extent.length);
}
