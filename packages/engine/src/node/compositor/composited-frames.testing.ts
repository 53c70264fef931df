// A frame compositor with its own converter, outside a paint worker, for tests: frames as
// RGBA or I420 copies, painted on the thread the test runs on.
import type { Scene } from '../../plan/scene.ts';
import {
  photosToCanvases,
  shrinkPhotoCanvases,
  unshrunkOpaquePixels,
  type RenderPhotos,
} from '../canvas-renderer.ts';
import { createI420Converter } from '../rgba-to-i420.ts';
import { compositorRoomBytes, createCompositedFrameRenderer } from './composited-frame-renderer.ts';

export interface CompositedFrames {
  /** Frame `index`'s RGBA pixels, a copy. */
  rgba(index: number): Uint8Array;
  /** Frame `index` in I420, a copy. */
  i420(index: number): Uint8Array;
  /** Frames painted by Canvas 2D because the compositor could not. */
  readonly canvasFrames: number;
  /** Frames i420() converted only where they differ from the frame before. */
  readonly partlyConvertedFrames: number;
}

/**
 * `copyPhotoPixels`: copy an unshrunk opaque photo's pixels into the compositor, as a paint
 * worker does (the default), rather than read them back from its canvas.
 */
export function createCompositedFrames(
  scene: Scene,
  photos: RenderPhotos,
  { copyPhotoPixels = true } = {},
): CompositedFrames {
  const staged = photosToCanvases(photos);
  const panels = shrinkPhotoCanvases(scene, staged);
  const converter = createI420Converter(scene.width, scene.height, {
    roomBytes: compositorRoomBytes(scene, panels),
  });
  const renderer = createCompositedFrameRenderer(scene, panels, converter, {
    photoPixels: copyPhotoPixels ? unshrunkOpaquePixels(staged, panels) : {},
  });
  // Whether the converter's output holds the frame painted last: then, as in a paint worker,
  // only where the next frame differs from it is converted.
  let convertedLast = false;
  let partlyConvertedFrames = 0;
  return {
    rgba(index) {
      renderer.paintFrame(index);
      convertedLast = false;
      return converter.input.slice();
    },
    i420(index) {
      const changed = renderer.paintFrame(index);
      const partly = convertedLast && changed !== null;
      if (partly) partlyConvertedFrames += 1;
      const i420 = converter.convertInput(partly ? changed : undefined);
      convertedLast = true;
      return i420.slice();
    },
    get canvasFrames() {
      return renderer.canvasFrames;
    },
    get partlyConvertedFrames() {
      return partlyConvertedFrames;
    },
  };
}
