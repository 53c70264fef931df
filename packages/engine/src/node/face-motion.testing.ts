// Test helpers for face motion on real canvases: a face that ships with a dependency, and
// one panel drawn at one motion state.
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import type { Affine } from '../geometry.ts';
import type { Canvas2D } from '../paint/canvas.ts';
import { drawMovingFace } from '../motion/face-patch.ts';
import type { FaceWarpOptions } from '../motion/draw-face-warp.ts';
import type { FaceMotionState } from '../motion/face-motion-schedule.ts';
import type { FaceRig } from '../motion/face-rig.ts';
import { createRaster, type Raster } from '../raster.ts';
import { rasterToCanvas } from './canvas-renderer.ts';
import { createCanvasFacePatches } from './canvas-surface.ts';
import { readHumanSampleFace } from './human-sample-face.ts';

export const NEUTRAL: FaceMotionState = { yawDegrees: 0, smile: 0, surprise: 0, blink: 0 };

/**
 * The 256×256 portrait Human embeds for its own warm-up (a computer-generated character,
 * MIT package), read from node_modules at test time, enlarged `scale` times.
 */
export async function humanSampleFace(scale = 4): Promise<Raster> {
  const { data, info } = await sharp(readHumanSampleFace())
    .resize(256 * scale, 256 * scale, { kernel: 'lanczos3' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8ClampedArray(data) };
}

/** Fine, seeded pixel noise over the photo: skin-like texture a repaint would smooth away. */
export function withSkinTexture(raster: Raster, amplitude = 14): Raster {
  const out = createRaster(raster.width, raster.height);
  let seed = 20261122;
  for (let i = 0; i < raster.data.length; i += 4) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    const noise = ((seed >>> 16) / 65535 - 0.5) * 2 * amplitude;
    out.data[i] = (raster.data[i] ?? 0) + noise;
    out.data[i + 1] = (raster.data[i + 1] ?? 0) + noise;
    out.data[i + 2] = (raster.data[i + 2] ?? 0) + noise;
    out.data[i + 3] = 255;
  }
  return out;
}

export const IDENTITY_PLACEMENT = {
  imageToOutput: { a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 },
  assetToImage: { a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 },
};

/**
 * The photo at its own size with the face at one motion state: the still photo underneath
 * (as in the video) unless `background` gives a flat colour to expose gaps.
 */
export function drawMovedPanel(
  photo: Raster,
  rig: FaceRig,
  motion: FaceMotionState,
  options: { background?: string; warp?: FaceWarpOptions; imageToOutput?: Affine } = {},
): { raster: Raster; triangles: number } {
  const toOut = options.imageToOutput ?? IDENTITY_PLACEMENT.imageToOutput;
  const width = Math.ceil(photo.width * toOut.a + toOut.e);
  const height = Math.ceil(photo.height * toOut.d + toOut.f);
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  const image = rasterToCanvas(photo);
  if (options.background) {
    context.fillStyle = options.background;
    context.fillRect(0, 0, width, height);
  } else {
    context.setTransform(toOut.a, toOut.b, toOut.c, toOut.d, toOut.e, toOut.f);
    context.drawImage(image, 0, 0);
  }
  // As a frame draws it: a held state from its patch, a state on its way straight.
  const triangles = drawMovingFace(
    context as unknown as Canvas2D<typeof image>,
    image,
    rig,
    motion,
    { ...IDENTITY_PLACEMENT, imageToOutput: toOut },
    createCanvasFacePatches(options.warp),
    options.warp,
  );
  const out = createRaster(width, height);
  out.data.set(context.getImageData(0, 0, width, height).data);
  return { raster: out, triangles };
}
