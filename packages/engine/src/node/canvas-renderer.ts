import { createCanvas, ImageData, type Canvas } from '@napi-rs/canvas';
import type { Canvas2D } from '../paint/canvas.ts';
import { drawOverlays, type DrawOptions } from '../paint/draw.ts';
import type { Affine } from '../geometry.ts';
import { createRaster, type Raster } from '../raster.ts';
import type { Scene, SceneAssets } from '../plan/scene.ts';
import { evaluate, frameStateKey, frameStates, largestPanelScales } from '../plan/timeline.ts';
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

/** `source` shrunk by `scale` (≤ 1), drawn once with high-quality filtering; itself when ≥ 1. */
function shrinkCanvas(source: Canvas, scale: number): Canvas {
  if (scale >= 1) return source;
  const width = Math.max(1, Math.round(source.width * scale));
  const height = Math.max(1, Math.round(source.height * scale));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, 0, 0, width, height);
  return canvas;
}

/** The end card shows the logo at most a quarter of the frame tall and the frame wide. */
function logoScale(scene: Scene, logo: { width: number; height: number }): number {
  return Math.min(1, (scene.height * 0.25) / logo.height, scene.width / logo.width);
}

/** The decoded pixels a video's frames are drawn from: both panels' photos and the logo. */
export interface RenderPhotos {
  before: Raster;
  after: Raster;
  logo: Raster | null;
}

/**
 * The photos on canvases, full size: made while the render still looks for the faces, before
 * the scene (and so the size each photo is shown at) is known. The logo stays as decoded.
 */
export interface PhotoCanvases {
  before: Canvas;
  after: Canvas;
  logo: Raster | null;
  /** The decoded photos the canvases hold. */
  photos: RenderPhotos;
}

export function photosToCanvases(photos: RenderPhotos): PhotoCanvases {
  return {
    before: rasterToCanvas(photos.before),
    after: rasterToCanvas(photos.after),
    logo: photos.logo,
    photos,
  };
}

/** A photo's pixels as its frame canvas holds them (premultiplied RGBA), by panel. */
export type PhotoPixels = Partial<Record<'before' | 'after', Uint8ClampedArray>>;

/**
 * The decoded pixels of each photo that `frame` shows unshrunk and that is opaque: they are
 * what its canvas holds (premultiplied equals straight alpha when opaque), so a frame
 * compositor copies them instead of reading the canvas back, which cost 20–45 ms a
 * 1200 × 1500 photo before the first frame.
 */
export function unshrunkOpaquePixels(staged: PhotoCanvases, frame: FrameCanvases): PhotoPixels {
  const pixels: PhotoPixels = {};
  for (const which of ['before', 'after'] as const) {
    const { data } = staged.photos[which];
    if (frame[which] === staged[which] && isOpaque(data)) pixels[which] = data;
  }
  return pixels;
}

function isOpaque(data: Uint8ClampedArray): boolean {
  for (let alpha = 3; alpha < data.length; alpha += 4) {
    if (data[alpha] !== 255) return false;
  }
  return true;
}

/**
 * The canvases a video's frames are drawn from, shrunk once to the largest size the scene
 * ever shows them at when that is under SHRINK_BELOW of their own: resampling full-resolution
 * photos on every frame cost more than everything else, and a paint worker keeps a few MB
 * through the frames instead of the full photos.
 */
export interface FrameCanvases {
  before: Canvas;
  after: Canvas;
  logo: Canvas | null;
  /** Shrunk pixels per original pixel. */
  scale: { before: number; after: number };
  /** The logo's own size, which the end card's layout is computed from. */
  logoSize: { width: number; height: number } | null;
}

/**
 * Below this scale a photo is shrunk before its frames are painted. Nearer its own size,
 * painting samples it bilinearly at steps under 1.18 photo pixels, which skip none, while the
 * high-quality shrink cost 50–70 ms a photo before the first frame (measured at 0.89).
 */
const SHRINK_BELOW = 0.85;

function photoScale(largest: number): number {
  return largest < SHRINK_BELOW ? largest : 1;
}

export function shrinkPhotoCanvases(scene: Scene, photos: PhotoCanvases): FrameCanvases {
  const largest = largestPanelScales(scene);
  const before = shrinkCanvas(photos.before, photoScale(largest.before));
  const after = shrinkCanvas(photos.after, photoScale(largest.after * scene.sourceScale));
  const { logo } = photos;
  return {
    before,
    after,
    // The logo keeps its transparency, which a canvas holds premultiplied, so it is shrunk
    // from its decoded pixels and read out before it is drawn.
    logo: logo ? rasterToCanvas(shrinkRaster(logo, logoScale(scene, logo))) : null,
    scale: { before: before.width / photos.before.width, after: after.width / photos.after.width },
    logoSize: logo ? { width: logo.width, height: logo.height } : null,
  };
}

function shrinkRaster(raster: Raster, scale: number): Raster {
  if (scale >= 1) return raster;
  const canvas = shrinkCanvas(rasterToCanvas(raster), scale);
  const out = createRaster(canvas.width, canvas.height);
  out.data.set(canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data);
  return out;
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

export function createFrameRenderer(scene: Scene, photos: RenderPhotos): FrameRenderer {
  return createCanvasFrameRenderer(scene, shrinkPhotoCanvases(scene, photosToCanvases(photos)));
}

/** A frame renderer over photos already shrunk by shrinkPhotoCanvases (what paint workers make). */
export function createCanvasFrameRenderer(scene: Scene, panels: FrameCanvases): FrameRenderer {
  registerEngineFonts();
  // One canvas: every read-out (data(), getImageData) is a copy, so the next frame may be
  // drawn while the last one is still being written to ffmpeg.
  const canvas = createCanvas(scene.width, scene.height);
  const napiContext = canvas.getContext('2d');
  // The napi context implements the Canvas 2D calls the timeline uses.
  const context = napiContext as unknown as Canvas2D<Canvas>;
  const assets: SceneAssets<Canvas> = {
    before: panels.before,
    after: panels.after,
    logo: panels.logo,
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
  const states = frameStates(scene);
  const stateAt = (index: number) => states[index] ?? evaluate(scene, index / scene.fps);
  // A frame whose state equals the previous frame's (holds, the end card) is already on the
  // canvas.
  let lastStateKey = '';
  const paint = (index: number): Canvas => {
    const state = stateAt(index);
    const stateKey = frameStateKey(state);
    if (stateKey === lastStateKey) return canvas;
    const next = index + 1 < states.length ? stateAt(index + 1) : null;
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
