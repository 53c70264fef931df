/** Brands of HEVC-coded HEIF (iPhone photos are 'heic'); libheif-js decodes exactly these. */
const HEVC_BRANDS = ['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx'];
/** Generic HEIF brands: the codec is told by the compatible brands that follow. */
export const GENERIC_HEIF_BRANDS = ['mif1', 'msf1'];

/**
 * An ftyp box whose brands name HEVC-coded HEIF and not AVIF (AV1, which libheif-js cannot
 * decode). Shared by the server's upload check and the browser preview, so both accept the
 * same files.
 */
export function isHevcHeif(bytes: Uint8Array): boolean {
  const brands = readFtypBrands(bytes);
  if (brands === null || isAvif(brands)) return false;
  const major = brands[0] ?? '';
  return (
    HEVC_BRANDS.includes(major) ||
    (GENERIC_HEIF_BRANDS.includes(major) && brands.some((brand) => HEVC_BRANDS.includes(brand)))
  );
}

/** The major brand then the compatible brands of a leading ftyp box, or null without one. */
export function readFtypBrands(bytes: Uint8Array): string[] | null {
  if (ascii(bytes, 4, 8) !== 'ftyp') return null;
  const boxSize = Math.min(bytes.length, (bytes[2] ?? 0) * 256 + (bytes[3] ?? 0));
  const brands = [ascii(bytes, 8, 12)];
  for (let offset = 16; offset + 4 <= boxSize; offset += 4) {
    brands.push(ascii(bytes, offset, offset + 4));
  }
  return brands;
}

/** AVIF (AV1 in HEIF) names itself by its major or a compatible brand. */
export function isAvif(brands: string[]): boolean {
  return brands.some((brand) => brand === 'avif' || brand === 'avis');
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, Math.min(end, bytes.length)));
}
