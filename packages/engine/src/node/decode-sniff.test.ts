import { describe, expect, it } from 'vitest';
import { describeUnsupportedFile, sniffImageFormat } from './decode-sniff.ts';

/** An ftyp box with this major brand and these compatible brands, then a few bytes. */
function ftyp(major: string, compatible: string[]): Uint8Array {
  const size = 16 + 4 * compatible.length;
  const box = Buffer.alloc(size + 8);
  box.writeUInt32BE(size, 0);
  box.write(`ftyp${major}`, 4, 'latin1');
  compatible.forEach((brand, index) => box.write(brand, 16 + 4 * index, 'latin1'));
  return box;
}

describe('sniffImageFormat: HEIF brands', () => {
  it.each([
    ['an iPhone HEIC', ftyp('heic', ['mif1', 'heic'])],
    ['a HEIF whose generic major brand lists heic', ftyp('mif1', ['mif1', 'heic'])],
    ['a HEIC burst (heix)', ftyp('heix', ['mif1', 'heix'])],
  ])('takes %s as HEIC', (_label, bytes) => {
    expect(sniffImageFormat(bytes)).toBe('heic');
  });

  it.each([
    ['an AVIF', ftyp('avif', ['mif1', 'avif']), /AVIF/],
    ['a generic HEIF in AV1', ftyp('mif1', ['mif1', 'avif']), /AVIF/],
    ['a generic HEIF of no known codec', ftyp('mif1', ['mif1']), /codec we cannot decode/],
    ['an MP4 video', ftyp('isom', ['isom', 'mp42']), /video/],
  ])('refuses %s with a message naming it', (_label, bytes, message) => {
    expect(sniffImageFormat(bytes)).toBeNull();
    expect(describeUnsupportedFile(bytes)).toMatch(message);
  });
});
