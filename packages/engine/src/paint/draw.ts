import type { Canvas2D } from './canvas.ts';
import { drawEndCard } from './draw-end-card.ts';
import { drawPanel } from './draw-panels.ts';
import { resetTransform } from './draw-shapes.ts';
import { drawCaption, drawDivider, drawHighlight, drawLabel } from './draw-text.ts';
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
  ctx.fillStyle = scene.colors.background;
  ctx.fillRect(0, 0, scene.width, scene.height);
  ctx.restore();

  for (const panel of state.panels) drawPanel(ctx, scene, assets, panel, state.focus);
  if (state.highlight) drawHighlight(ctx, state.highlight, scene.colors.accent);
  const labelFont = state.labels[0]?.fontSize ?? 24;
  if (state.divider) drawDivider(ctx, state.divider, scene.colors.accent, labelFont);
  const { typeface } = scene.branding;
  for (const label of state.labels) drawLabel(ctx, label, typeface);
  if (state.caption) drawCaption(ctx, state.caption, scene.colors.text, typeface);
  if (state.endCard) drawEndCard(ctx, scene, assets, state.endCard, options.logoSize);
}
