// The video engine's pure core: the timeline shared by the browser preview and the
// server render, plus image analysis that runs on raw pixels. Node adapters live in
// '@glowreel/engine/node'.
export { buildScene, frameCount, type SceneInput } from './build-scene.ts';
export { ENGINE_FONT_FAMILY, fontSpec, type Canvas2D } from './canvas.ts';
export { draw, type DrawOptions } from './draw.ts';
export {
  IDENTITY,
  applyAffine,
  composeAffine,
  invertAffine,
  type Affine,
  type Point,
  type Rect,
} from './geometry.ts';
export { computeLayout, containRect, type Layout } from './layout.ts';
export { createRaster, cropRaster, lumaAt, type Raster } from './raster.ts';
export { DEFAULT_COLORS, DEFAULT_DISCLOSURE, type Branding, type Scene, type SceneAssets } from './scene.ts';
export { evaluate, phasesFor, type FrameState, type Phases } from './timeline.ts';
export { frameTime, frames, seconds, type Frames, type Seconds } from './units.ts';
