/**
 * The Orientation tag (0x0112) of a HEIF Exif item, 1 when absent or unreadable. The item's
 * payload starts with a 4-byte offset to the TIFF header (usually past "Exif\0\0").
 */
export function readExifOrientation(item: Uint8Array): number {
  if (item.byteLength < 4) return 1;
  const view = new DataView(item.buffer, item.byteOffset, item.byteLength);
  const tiff = 4 + view.getUint32(0);
  if (tiff + 8 > item.byteLength) return 1;
  const order = String.fromCharCode(item[tiff] ?? 0, item[tiff + 1] ?? 0);
  if (order !== 'II' && order !== 'MM') return 1;
  const little = order === 'II';
  const ifd = tiff + view.getUint32(tiff + 4, little);
  if (ifd + 2 > item.byteLength) return 1;
  const count = view.getUint16(ifd, little);
  for (let index = 0; index < count; index += 1) {
    const entry = ifd + 2 + index * 12;
    if (entry + 12 > item.byteLength) return 1;
    if (view.getUint16(entry, little) !== 0x0112) continue;
    const value = view.getUint16(entry + 8, little);
    return value >= 1 && value <= 8 ? value : 1;
  }
  return 1;
}
