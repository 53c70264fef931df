import { createCanvas, ImageData, type Canvas } from '@napi-rs/canvas';
import type { Canvas2D } from '../paint/canvas.ts';
import { drawOverlays, type DrawOptions } from '../paint/draw.ts';
import type { Affine } from '../geometry.ts';
import { createRaster, type Raster } from '../raster.ts';
import type { Scene, SceneAssets } from '../plan/scene.ts';
import { frameCount } from '../plan/build-scene.ts';
import { evaluate, frameStateKey, largestPanelScales } from '../plan/timeline.ts';
import { registerEngineFonts } from './fonts.ts';
import { createStillPanelsLayer } from './still-panels-layer.ts';
import { createCanvasFacePatches } from './canvas-surface.ts';

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

/** `raster` shrunk by `scale` (≤ 1), drawn once with high-quality filtering; itself when ≥ 1. */
function shrinkRaster(raster: Raster, scale: number): Raster {
  if (scale >= 1) return raster;
  const width = Math.max(1, Math.round(raster.width * scale));
  const height = Math.max(1, Math.round(raster.height * scale));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(rasterToCanvas(raster), 0, 0, width, height);
  const out = createRaster(width, height);
  out.data.set(context.getImageData(0, 0, width, height).data);
  return out;
}

/** The end card shows the logo at most a quarter of the frame tall and the frame wide. */
function logoScale(scene: Scene, logo: Raster): number {
  return Math.min(1, (scene.height * 0.25) / logo.height, scene.width / logo.width);
}

/**
 * The photos a video's frames are drawn from, shrunk once to the largest size the scene
 * ever shows them at: resampling full-resolution photos on every frame cost more than
 * everything else, and a paint worker given these holds a few MB instead of full photos
 * (up to 40 megapixels).
 */
export interface FramePanels {
  before: Raster;
  after: Raster;
  logo: Raster | null;
  /** Shrunk pixels per original pixel. */
  scale: { before: number; after: number };
  /** The logo's own size, which the end card's layout is computed from. */
  logoSize: { width: number; height: number } | null;
}

export function shrinkPanels(
  scene: Scene,
  panels: { before: Raster; after: Raster; logo: Raster | null },
): FramePanels {
  const largest = largestPanelScales(scene);
  const before = shrinkRaster(panels.before, Math.min(1, largest.before));
  const after = shrinkRaster(panels.after, Math.min(1, largest.after * scene.sourceScale));
  return {
    before,
    after,
    logo: panels.logo ? shrinkRaster(panels.logo, logoScale(scene, panels.logo)) : null,
    scale: { before: before.width / panels.before.width, after: after.width / panels.after.width },
    logoSize: panels.logo ? { width: panels.logo.width, height: panels.logo.height } : null,
  };
}

export interface FrameRenderer {
  /** RGBA bytes of frame `index`, a copy (opaque, so premultiplied equals straight alpha). */
  renderFrame(index: number): Uint8Array;
  /**
   * Paints frame `index` and reads its RGBA bytes into `target` (width × height × 4) in
   * stripes: one 8 MB read-out a frame made the allocator map fresh memory, and the kernel
   * zero it, for every frame.
   */
  renderFrameInto(index: number, target: Uint8Array): void;
  /** The frame as a Raster (a copy), for posters and tests. */
  frameRaster(index: number): Raster;
}

export function createFrameRenderer(
  scene: Scene,
  panels: { before: Raster; after: Raster; logo: Raster | null },
): FrameRenderer {
  return createShrunkFrameRenderer(scene, shrinkPanels(scene, panels));
}

/** A frame renderer over photos already shrunk by shrinkPanels (what paint workers get). */
export function createShrunkFrameRenderer(scene: Scene, panels: FramePanels): FrameRenderer {
  registerEngineFonts();
  // One canvas: every read-out (data(), getImageData) is a copy, so the next frame may be
  // drawn while the last one is still being written to ffmpeg.
  const canvas = createCanvas(scene.width, scene.height);
  const napiContext = canvas.getContext('2d');
  // The napi context implements the Canvas 2D calls the timeline uses.
  const context = napiContext as unknown as Canvas2D<Canvas>;
  const assets: SceneAssets<Canvas> = {
    before: rasterToCanvas(panels.before),
    after: rasterToCanvas(panels.after),
    logo: panels.logo ? rasterToCanvas(panels.logo) : null,
    scale: panels.scale,
  };
  const options: DrawOptions<Canvas> = {
    logoSize: panels.logoSize,
    facePatches: createCanvasFacePatches(),
    assetSizes: {
      before: { width: panels.before.width, height: panels.before.height },
      after: { width: panels.after.width, height: panels.after.height },
    },
  };
  const stillPanels = createStillPanelsLayer(scene, assets, options);
  const stateAt = (index: number) => evaluate(scene, index / scene.fps);
  // A frame whose state equals the previous frame's (holds, the end card) is already on the
  // canvas.
  let lastStateKey = '';
  const paint = (index: number): Canvas => {
    const state = stateAt(index);
    const stateKey = frameStateKey(state);
    if (stateKey === lastStateKey) return canvas;
    const next = index + 1 < frameCount(scene) ? stateAt(index + 1) : null;
    stillPanels.drawPanels(context, state, next);
    drawOverlays(context, scene, state, assets, options);
    lastStateKey = stateKey;
    return canvas;
  };
  return {
    renderFrame(index) {
      return paint(index).data();
    },
    renderFrameInto(index, target) {
      paint(index);
      readStripes(napiContext, scene, target);
    },
    frameRaster(index) {
      paint(index);
      const out = createRaster(scene.width, scene.height);
      out.data.set(napiContext.getImageData(0, 0, scene.width, scene.height).data);
      return out;
    },
  };
}

/** Rows read at a time: ~1 MB at 1080p, small enough for the allocator to reuse. */
const READ_STRIPE_ROWS = 120;

function readStripes(
  context: ReturnType<Canvas['getContext']>,
  size: { width: number; height: number },
  target: Uint8Array,
): void {
  const rowBytes = size.width * 4;
  if (target.byteLength !== rowBytes * size.height) {
    throw new RangeError(
      `target has ${target.byteLength} bytes, expected ${rowBytes * size.height}`,
    );
  }
  for (let y = 0; y < size.height; y += READ_STRIPE_ROWS) {
    const rows = Math.min(READ_STRIPE_ROWS, size.height - y);
    target.set(context.getImageData(0, y, size.width, rows).data, y * rowBytes);
  }
}
