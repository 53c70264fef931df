import { createRaster, type Raster } from '@glowreel/engine';
import { decodeHeicFile, isHeicFile } from './decode-heic.ts';

/** Longest side the preview analyses; larger photos are scaled down first to stay fast. */
const MAX_ANALYSIS_SIDE = 3000;

export interface DecodedPhoto {
  /** The file's own pixel size (EXIF rotation applied). */
  width: number;
  height: number;
  /** RGBA pixels, at most MAX_ANALYSIS_SIDE on the long side. */
  raster: Raster;
}

/** Decodes a chosen file in the browser; rejects when the browser cannot read it as an image. */
export async function decodePhoto(file: Blob): Promise<DecodedPhoto> {
  // Only Safari decodes HEIC itself; the others get libheif, upright like the server's decode.
  const source: Blob | ImageBitmapSource = (await isHeicFile(file))
    ? rasterToCanvas(await decodeHeicFile(file))
    : file;
  const bitmap = await createImageBitmap(source, { imageOrientation: 'from-image' });
  try {
    const scale = Math.min(1, MAX_ANALYSIS_SIDE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('Could not get canvas context');
    context.drawImage(bitmap, 0, 0, width, height);
    const raster = createRaster(width, height);
    raster.data.set(context.getImageData(0, 0, width, height).data);
    return { width: bitmap.width, height: bitmap.height, raster };
  } finally {
    bitmap.close();
  }
}

/** A Raster as something canvas drawImage accepts. */
export function rasterToCanvas(raster: Raster): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = raster.width;
  canvas.height = raster.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Could not get canvas context');
  const image = context.createImageData(raster.width, raster.height);
  image.data.set(raster.data);
  context.putImageData(image, 0, 0);
  return canvas;
}

/**
 * `image` stretched onto a raster of `size`: the plain resize the server's scene applies
 * to the after panel when no face alignment is used.
 */
export function resizeToRaster(
  image: HTMLCanvasElement,
  size: { width: number; height: number },
): Raster {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('Could not get canvas context');
  context.drawImage(image, 0, 0, size.width, size.height);
  const raster = createRaster(size.width, size.height);
  raster.data.set(context.getImageData(0, 0, size.width, size.height).data);
  return raster;
}

/** A canvas's pixels as a Raster (exact for opaque pixels, which every decoded photo has). */
export function canvasToRaster(canvas: HTMLCanvasElement): Raster {
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('Could not get canvas context');
  const raster = createRaster(canvas.width, canvas.height);
  raster.data.set(context.getImageData(0, 0, canvas.width, canvas.height).data);
  return raster;
}
