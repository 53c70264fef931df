import type { Canvas2D } from './canvas.ts';
import { type Affine } from '../geometry.ts';
import type { Scene, SceneAssets } from '../plan/scene.ts';
import type { PanelState } from '../plan/timeline.ts';
/** Canonical panel frame → output frame: the panel's view lands exactly on its rect. */
export declare function panelPlacement(panel: Pick<PanelState, 'rect' | 'view'>): Affine;
export declare function drawPanel<T>(
  ctx: Canvas2D<T>,
  scene: Scene,
  assets: SceneAssets<T>,
  panel: PanelState,
): void;
