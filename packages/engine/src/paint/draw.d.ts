import type { Canvas2D } from './canvas.ts';
import type { Scene, SceneAssets } from '../plan/scene.ts';
import type { FrameState } from '../plan/timeline.ts';
export interface DrawOptions {
  /** Intrinsic size of the logo image, when the scene has one. */
  logoSize: {
    width: number;
    height: number;
  } | null;
}
/** Paints one frame. Same code in the browser preview and the server render. */
export declare function draw<T>(
  ctx: Canvas2D<T>,
  scene: Scene,
  state: FrameState,
  assets: SceneAssets<T>,
  options?: DrawOptions,
): void;
