import { createCanvas, ImageData, type Canvas } from '@napi-rs/canvas';
import type { Canvas2D } from '../canvas.ts';
import { draw } from '../draw.ts';
import { computeLayout, largestPanelScale } from '../layout.ts';
import type { Affine } from '../geometry.ts';
import { createRaster, type Raster } from '../raster.ts';
import type { Scene, SceneAssets } from '../scene.ts';
import { evaluate, frameStateKey } from '../timeline.ts';
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

/** A canvas holding `raster` shrunk by `scale` (≤ 1), drawn once with high-quality filtering. */
function scaledCanvas(raster: Raster, scale: number): Canvas {
  const source = rasterToCanvas(raster);
  if (scale >= 1) return source;
  const canvas = createCanvas(
    Math.max(1, Math.round(raster.width * scale)),
    Math.max(1, Math.round(raster.height * scale)),
  );
  const context = canvas.getContext('2d');
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  return canvas;
}

/** The end card shows the logo at most a quarter of the frame tall and the frame wide. */
function logoScale(scene: Scene, logo: Raster): number {
  return Math.min(1, (scene.height * 0.25) / logo.height, scene.width / logo.width);
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
  // Two canvases in turn: frame N+1 is drawn while frame N is still flowing into ffmpeg
  // (renderFrame hands out the canvas's own memory, which must not change mid-write).
  const canvases = [
    createCanvas(scene.width, scene.height),
    createCanvas(scene.width, scene.height),
  ];
  // Shrink the photos once to the largest size they are ever shown at, instead of
  // resampling full-resolution photos on every frame.
  const largest = largestPanelScale(
    computeLayout(scene, scene.aspect, scene.panelSize),
    scene.panelSize,
  );
  const t = scene.afterTransform;
  const afterToCanonical = Math.sqrt(Math.abs(t.a * t.d - t.b * t.c));
  const beforeScale = Math.min(1, largest);
  const afterScale = Math.min(1, largest * afterToCanonical);
  const before = scaledCanvas(panels.before, beforeScale);
  const after = scaledCanvas(panels.after, afterScale);
  const assets: SceneAssets<Canvas> = {
    before,
    after,
    logo: panels.logo ? scaledCanvas(panels.logo, logoScale(scene, panels.logo)) : null,
    scale: { before: before.width / panels.before.width, after: after.width / panels.after.width },
  };
  const logoSize = panels.logo ? { width: panels.logo.width, height: panels.logo.height } : null;
  // Each frame is painted into the canvas that was not handed out last: the encoder may
  // still be reading the last one. A frame whose state equals the previous frame's (holds,
  // the end card) reuses those pixels instead of painting again.
  let lastCanvas = 1;
  let lastStateKey = '';
  const paint = (index: number): Canvas => {
    const state = evaluate(scene, index / scene.fps);
    const stateKey = frameStateKey(state);
    const previous = canvases[lastCanvas];
    if (stateKey === lastStateKey && previous) return previous;
    lastCanvas = 1 - lastCanvas;
    const canvas = canvases[lastCanvas] ?? createCanvas(scene.width, scene.height);
    // The napi context implements the Canvas 2D calls the timeline uses.
    const context = canvas.getContext('2d') as unknown as Canvas2D<Canvas>;
    draw(context, scene, state, assets, { logoSize });
    lastStateKey = stateKey;
    return canvas;
  };
  return {
    renderFrame(index) {
      return paint(index).data();
    },
    frameRaster(index) {
      const canvas = paint(index);
      const out = createRaster(scene.width, scene.height);
      out.data.set(canvas.getContext('2d').getImageData(0, 0, scene.width, scene.height).data);
      return out;
    },
  };
}
