import { type Canvas } from '@napi-rs/canvas';
import type { Affine } from '../geometry.ts';
import { type Raster } from '../raster.ts';
import type { Scene } from '../plan/scene.ts';
export declare function rasterToCanvas(raster: Raster): Canvas;
/** Draws `source` through `transform` onto a canvas of `size` and reads it back (alignment preview, analysis). */
export declare function warpRaster(
  source: Raster,
  transform: Affine,
  size: {
    width: number;
    height: number;
  },
): Raster;
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
  scale: {
    before: number;
    after: number;
  };
  /** The logo's own size, which the end card's layout is computed from. */
  logoSize: {
    width: number;
    height: number;
  } | null;
}
export declare function shrinkPanels(
  scene: Scene,
  panels: {
    before: Raster;
    after: Raster;
    logo: Raster | null;
  },
): FramePanels;
export interface FrameRenderer {
  /** RGBA bytes of frame `index`, a copy (opaque, so premultiplied equals straight alpha). */
  renderFrame(index: number): Uint8Array;
  /** The frame as a Raster (a copy), for posters and tests. */
  frameRaster(index: number): Raster;
}
export declare function createFrameRenderer(
  scene: Scene,
  panels: {
    before: Raster;
    after: Raster;
    logo: Raster | null;
  },
): FrameRenderer;
/** A frame renderer over photos already shrunk by shrinkPanels (what paint workers get). */
export declare function createShrunkFrameRenderer(scene: Scene, panels: FramePanels): FrameRenderer;
