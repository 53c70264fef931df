import { createCanvas, ImageData, type Canvas } from '@napi-rs/canvas';
import type { Canvas2D } from '../canvas.ts';
import { draw } from '../draw.ts';
import type { Affine } from '../geometry.ts';
import { createRaster, type Raster } from '../raster.ts';
import type { Scene, SceneAssets } from '../scene.ts';
import { evaluate } from '../timeline.ts';
import { registerEngineFonts } from './fonts.ts';

export function rasterToCanvas(raster: Raster): Canvas {
  const canvas = createCanvas(raster.width, raster.height);
  const context = canvas.getContext('2d');
  context.putImageData(new ImageData(raster.data, raster.width, raster.height), 0, 0);
  return canvas;
}

/** Draws `source` through `transform` onto a canvas of `size` and reads it back (alignment preview, analysis). */
export function warpRaster(
  source: Raster,
  transform: Affine,
  size: { width: number; height: number },
): Raster {
  const canvas = createCanvas(size.width, size.height);
  const context = canvas.getContext('2d');
  context.setTransform(
    transform.a,
    transform.b,
    transform.c,
    transform.d,
    transform.e,
    transform.f,
  );
  context.drawImage(rasterToCanvas(source), 0, 0);
  const data = context.getImageData(0, 0, size.width, size.height).data;
  const out = createRaster(size.width, size.height);
  out.data.set(data);
  return out;
}

export interface FrameRenderer {
  /** RGBA bytes of frame `index` (opaque, so premultiplied equals straight alpha). */
  renderFrame(index: number): Uint8Array;
  /** The frame as a Raster (a copy), for posters and tests. */
  frameRaster(index: number): Raster;
}

export function createFrameRenderer(
  scene: Scene,
  panels: { before: Raster; after: Raster; logo: Raster | null },
): FrameRenderer {
  registerEngineFonts();
  const canvas = createCanvas(scene.width, scene.height);
  // The napi context implements the Canvas 2D calls the timeline uses.
  const context = canvas.getContext('2d') as unknown as Canvas2D<Canvas>;
  const assets: SceneAssets<Canvas> = {
    before: rasterToCanvas(panels.before),
    after: rasterToCanvas(panels.after),
    logo: panels.logo ? rasterToCanvas(panels.logo) : null,
  };
  const logoSize = panels.logo ? { width: panels.logo.width, height: panels.logo.height } : null;
  const paint = (index: number) =>
    draw(context, scene, evaluate(scene, index / scene.fps), assets, { logoSize });
  return {
    renderFrame(index) {
      paint(index);
      return canvas.data();
    },
    frameRaster(index) {
      paint(index);
      const out = createRaster(scene.width, scene.height);
      out.data.set(canvas.getContext('2d').getImageData(0, 0, scene.width, scene.height).data);
      return out;
    },
  };
}
