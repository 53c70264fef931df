// A frame compositor with its own converter, outside a paint worker, for tests: frames as
// RGBA or I420 copies, painted on the thread the test runs on.
import type { Scene } from '../../plan/scene.ts';
import { photosToCanvases, shrinkPhotoCanvases, type RenderPhotos } from '../canvas-renderer.ts';
import { createI420Converter } from '../rgba-to-i420.ts';
import { compositorRoomBytes, createCompositedFrameRenderer } from './composited-frame-renderer.ts';

export interface CompositedFrames {
  /** Frame `index`'s RGBA pixels, a copy. */
  rgba(index: number): Uint8Array;
  /** Frame `index` in I420, a copy. */
  i420(index: number): Uint8Array;
  /** Frames painted by Canvas 2D because the compositor could not. */
  readonly canvasFrames: number;
}

export function createCompositedFrames(scene: Scene, photos: RenderPhotos): CompositedFrames {
  const panels = shrinkPhotoCanvases(scene, photosToCanvases(photos));
  const converter = createI420Converter(scene.width, scene.height, {
    roomBytes: compositorRoomBytes(scene, panels),
  });
  const renderer = createCompositedFrameRenderer(scene, panels, converter);
  return {
    rgba(index) {
      renderer.paintFrame(index);
      return converter.input.slice();
    },
    i420(index) {
      renderer.paintFrame(index);
      return converter.convertInput().slice();
    },
    get canvasFrames() {
      return renderer.canvasFrames;
    },
  };
}
