// Fixture builders for tests and benchmarks in every package: files that sharp cannot write
// (animated PNGs, PNGs declaring whatever their header says), generated in code.
export { makeAnimatedPng, pngChunk, pngFile } from './node/png-file.testing.ts';
export { encodeHeic, withIrot } from './node/heic-file.testing.ts';
export {
  FACE_FIXTURES,
  SHARED_FIXTURES,
  faceFixtureRequest,
  fixtureRenderRequest,
  overlapArea,
} from './node/fixture-render.testing.ts';
