/**
 * How many pictures an animated PNG (APNG) shows. libvips reads only a PNG's default image and
 * reports no pages, so an APNG would pass as a still and render its first frame while animated
 * GIF and WebP are refused; the chunks before the image data say whether it is animated.
 * https://wiki.mozilla.org/APNG_Specification: acTL (frame count) and every fcTL (frame control)
 * that belongs to the default image come before the first IDAT.
 */
export function countPngFrames(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let declaredFrames = 0;
  let isDefaultImageAFrame = false;
  // After the 8-byte signature: length (4), type (4), data (length), CRC (4).
  for (let offset = 8; offset + 8 <= bytes.byteLength;) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    if (type === 'IDAT' || type === 'IEND') break;
    if (type === 'acTL' && offset + 12 <= bytes.byteLength)
      declaredFrames = view.getUint32(offset + 8);
    if (type === 'fcTL') isDefaultImageAFrame = true;
    offset += 12 + length;
  }
  if (declaredFrames === 0) return 1;
  // A default image without its own fcTL is a still fallback shown alongside the animation.
  return declaredFrames + (isDefaultImageAFrame ? 0 : 1);
}
