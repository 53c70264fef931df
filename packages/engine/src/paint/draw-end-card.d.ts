import { type Canvas2D } from './canvas.ts';
import type { Scene, SceneAssets } from '../plan/scene.ts';
import type { FrameState } from '../plan/timeline.ts';
/** The rectangle the end card's text and logo occupy (used by tests to find its ink). */
export declare function endCardTextBox(
  endCard: NonNullable<FrameState['endCard']>,
): import('../geometry.ts').Rect;
export declare function drawEndCard<T>(
  ctx: Canvas2D<T>,
  scene: Scene,
  assets: SceneAssets<T>,
  endCard: NonNullable<FrameState['endCard']>,
  logoSize: {
    width: number;
    height: number;
  } | null,
): void;
