import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { detectPanels } from '../analysis/split.ts';
import { cropRaster, type Raster } from '../raster.ts';
import { DEFAULT_COLORS } from '../plan/scene.ts';
import { decodeImage } from './decode-image.ts';

/** The provider gets a photo no larger than this on its long side (its output is ≤ 1080p). */
const MAX_SIDE = 1920;

/**
 * The after photo alone, as a PNG (issue #20: the generative clip starts from it): the pair's
 * after photo, or the after panel cut from a composite exactly as the built-in render cuts it.
 * Decoded the same way (EXIF orientation, HEIC, limits), so what the model sees is upright.
 */
export async function writeAfterPhoto(request: {
  inputPath: string;
  afterInputPath: string | null;
  outputPath: string;
}): Promise<{ width: number; height: number }> {
  const role = request.afterInputPath ? 'photo' : 'composite';
  const decoded = await decodeImage(await readFile(request.afterInputPath ?? request.inputPath), {
    background: DEFAULT_COLORS.panelBackdrop,
    // A composite's after panel is about half of it: decode it at twice the size sent.
    maxSide: role === 'composite' ? 2 * MAX_SIDE : MAX_SIDE,
    role,
  });
  const after: Raster = request.afterInputPath
    ? decoded.raster
    : cropRaster(decoded.raster, detectPanels(decoded.raster).after);
  const pixels = Buffer.from(after.data.buffer, after.data.byteOffset, after.data.byteLength);
  const info = await sharp(pixels, {
    raw: { width: after.width, height: after.height, channels: 4 },
  })
    .removeAlpha()
    .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .png()
    .toFile(request.outputPath);
  return { width: info.width, height: info.height };
}
