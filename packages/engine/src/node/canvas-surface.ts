import { createCanvas, type Canvas } from '@napi-rs/canvas';
import type { Canvas2D } from '../paint/canvas.ts';
import type { FaceWarpOptions } from '../motion/draw-face-warp.ts';
import { createFacePatches, type FacePatches, type Surface } from '../motion/face-patch.ts';

/** An offscreen @napi-rs/canvas surface (face patches are painted on these). */
export function createCanvasSurface(width: number, height: number): Surface<Canvas> {
  const canvas = createCanvas(width, height);
  // The napi context implements the Canvas 2D calls the engine uses.
  const context = canvas.getContext('2d') as unknown as Canvas2D<Canvas>;
  return { image: canvas, context, width, height };
}

/** Face patches on @napi-rs/canvas, for one frame renderer (or one test). */
export function createCanvasFacePatches(warpOptions: FaceWarpOptions = {}): FacePatches<Canvas> {
  return createFacePatches(createCanvasSurface, warpOptions);
}
