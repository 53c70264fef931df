import sharp from 'sharp';
import type { Raster } from '../raster.ts';

export interface PosterOptions {
  /** Target width in px; the height follows the frame's aspect. Never enlarged. */
  width: number;
  format: 'jpeg' | 'webp';
}

export interface PosterResult {
  width: number;
  height: number;
  bytes: number;
}

/** The still shown before the video plays (and in the dashboard list): one frame, scaled down. */
export async function writePoster(
  raster: Raster,
  outputPath: string,
  options: PosterOptions,
): Promise<PosterResult> {
  const pixels = Buffer.from(raster.data.buffer, raster.data.byteOffset, raster.data.byteLength);
  const image = sharp(pixels, { raw: { width: raster.width, height: raster.height, channels: 4 } })
    // Frames are opaque; dropping alpha keeps the WEBP small and is required for JPEG anyway.
    .removeAlpha()
    .resize({ width: options.width, withoutEnlargement: true });
  const encoded =
    options.format === 'jpeg'
      ? image.jpeg({ quality: 82, progressive: true, mozjpeg: true })
      : image.webp({ quality: 80 });
  const info = await encoded.toFile(outputPath);
  return { width: info.width, height: info.height, bytes: info.size };
}
