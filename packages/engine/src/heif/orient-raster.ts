import { createRaster, type Raster } from '../raster.ts';

/**
 * Turns a decoded raster upright by an EXIF orientation (1–8), as a JPEG viewer would.
 * Pure and allocation-once, so the browser preview and the server decode share it.
 */
export function orientRaster(raster: Raster, orientation: number): Raster {
  if (orientation <= 1 || orientation > 8) return raster;
  const { width, height } = raster;
  const isTurned = orientation >= 5;
  const out = createRaster(isTurned ? height : width, isTurned ? width : height);
  const source = new Uint32Array(raster.data.buffer, raster.data.byteOffset, width * height);
  const target = new Uint32Array(out.data.buffer, out.data.byteOffset, width * height);
  for (let y = 0; y < out.height; y += 1) {
    for (let x = 0; x < out.width; x += 1) {
      const [sx, sy] = sourcePixel(orientation, x, y, width, height);
      target[y * out.width + x] = source[sy * width + sx] ?? 0;
    }
  }
  return out;
}

/** Where output pixel (x, y) comes from in the stored image (width × height). */
function sourcePixel(
  orientation: number,
  x: number,
  y: number,
  width: number,
  height: number,
): [number, number] {
  switch (orientation) {
    case 2: // mirrored left-right
      return [width - 1 - x, y];
    case 3: // turned 180°
      return [width - 1 - x, height - 1 - y];
    case 4: // mirrored top-bottom
      return [x, height - 1 - y];
    case 5: // transposed
      return [y, x];
    case 6: // stored turned 90° anticlockwise: shown turned 90° clockwise
      return [y, height - 1 - x];
    case 7: // transverse
      return [width - 1 - y, height - 1 - x];
    case 8: // stored turned 90° clockwise
      return [width - 1 - y, x];
    default:
      return [x, y];
  }
}
