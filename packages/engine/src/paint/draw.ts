import type { Canvas2D } from './canvas.ts';
import { drawEndCard } from './draw-end-card.ts';
import { drawPanel } from './draw-panels.ts';
import { resetTransform } from './draw-shapes.ts';
import { drawBackdrop } from './draw-backdrop.ts';
import { drawDivider, drawHighlight, drawLabel, drawTextBlock } from './draw-text.ts';
import type { Scene, SceneAssets } from '../plan/scene.ts';
import type { FrameState } from '../plan/timeline.ts';

export interface DrawOptions {
  /** Intrinsic size of the logo image, when the scene has one. */
  logoSize: { width: number; height: number } | null;
}

/** Paints one frame. Same code in the browser preview and the server render. */
export function draw<T>(
  ctx: Canvas2D<T>,
  scene: Scene,
  state: FrameState,
  assets: SceneAssets<T>,
  options: DrawOptions = { logoSize: null },
): void {
  ctx.save();
  resetTransform(ctx);
  ctx.globalAlpha = 1;
  drawBackdrop(ctx, scene);
  ctx.restore();

  for (const panel of state.panels) drawPanel(ctx, scene, assets, panel);
  if (state.highlight) drawHighlight(ctx, state.highlight, scene.colors.accent);
  const labelFont = state.labels[0]?.fontSize ?? Math.min(scene.width, scene.height) * 0.04;
  if (state.divider) drawDivider(ctx, state.divider, scene.colors.accent, labelFont);
  const { typeface } = scene.branding;
  for (const label of state.labels) drawLabel(ctx, label, typeface);
  for (const text of state.texts) drawTextBlock(ctx, text, scene.colors.text, typeface);
  if (state.endCard) drawEndCard(ctx, scene, assets, state.endCard, options.logoSize);
}
