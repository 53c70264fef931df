// The video engine: a pure timeline shared by the browser preview and the server render.
export {
  IDENTITY,
  applyAffine,
  composeAffine,
  invertAffine,
  type Affine,
  type Point,
  type Rect,
} from './geometry.ts';
export { createRaster, cropRaster, lumaAt, type Raster } from './raster.ts';
