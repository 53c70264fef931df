import type { Canvas2D } from './canvas.ts';
import { drawEndCard } from './draw-end-card.ts';
import { drawPanel, panelAssetPlacement } from './draw-panels.ts';
import { resetTransform } from './draw-shapes.ts';
import { drawBackdrop } from './draw-backdrop.ts';
import { drawDivider, drawHighlight, drawLabel, drawTextBlock } from './draw-text.ts';
import { opaqueRect } from './occlusion.ts';
import type { FacePatches } from '../motion/face-patch.ts';
import type { Rect } from '../geometry.ts';
import type { Scene, SceneAssets } from '../plan/scene.ts';
import type { FrameState } from '../plan/timeline.ts';

type PixelSize = { width: number; height: number };

export interface DrawOptions<T> {
  /** Intrinsic size of the logo image, when the scene has one. */
  logoSize: { width: number; height: number } | null;
  /**
   * Pixel sizes of the before and after assets. Given, the backdrop is left out where a
   * panel's photo covers whole pixels (it would be painted over): the same pixels, less work.
   */
  assetSizes?: { before: PixelSize; after: PixelSize } | null;
  /**
   * Where moving faces are warped once per face state (`createFacePatches` with an offscreen
   * canvas of the caller's kind); keep one per player or renderer so held states are reused.
   */
  facePatches: FacePatches<T>;
  /**
   * Whether the end card paints its backdrop (default true). The server's compositor mixes the
   * backdrop into the frame itself and has Canvas 2D paint only the card's logo and lines.
   */
  endCardBackdrop?: boolean;
}

/** Paints one frame. Same code in the browser preview and the server render. */
export function draw<T>(
  ctx: Canvas2D<T>,
  scene: Scene,
  state: FrameState,
  assets: SceneAssets<T>,
  options: DrawOptions<T>,
): void {
  drawPanels(ctx, scene, state, assets, options);
  drawOverlays(ctx, scene, state, assets, options);
}

/**
 * The backdrop and the photo panels (face motion included): everything a frame shows under its
 * badges, texts, highlight and end card.
 */
export function drawPanels<T>(
  ctx: Canvas2D<T>,
  scene: Scene,
  state: FrameState,
  assets: SceneAssets<T>,
  options: Pick<DrawOptions<T>, 'assetSizes' | 'facePatches'>,
): void {
  ctx.save();
  resetTransform(ctx);
  ctx.globalAlpha = 1;
  drawBackdrop(ctx, scene, coveredRects(scene, state, assets, options.assetSizes));
  ctx.restore();
  for (const panel of state.panels) drawPanel(ctx, scene, assets, panel, options.facePatches);
}

/** Badges, the divider, the highlight, texts and the end card, over the panels. */
export function drawOverlays<T>(
  ctx: Canvas2D<T>,
  scene: Scene,
  state: FrameState,
  assets: SceneAssets<T>,
  options: Pick<DrawOptions<T>, 'logoSize' | 'endCardBackdrop'>,
): void {
  if (state.highlight) drawHighlight(ctx, state.highlight, scene.colors.accent);
  const labelFont = state.labels[0]?.fontSize ?? Math.min(scene.width, scene.height) * 0.04;
  if (state.divider) drawDivider(ctx, state.divider, scene.colors.accent, labelFont);
  const { typeface } = scene.branding;
  for (const label of state.labels) drawLabel(ctx, label, typeface);
  for (const text of state.texts) drawTextBlock(ctx, text, scene.colors.text, typeface);
  if (state.endCard) {
    drawEndCard(
      ctx,
      scene,
      assets,
      state.endCard,
      options.logoSize,
      options.endCardBackdrop ?? true,
    );
  }
}

/** Whole-pixel rectangles the panels' photos paint over completely (none without sizes). */
export function coveredRects<T>(
  scene: Scene,
  state: FrameState,
  assets: SceneAssets<T>,
  sizes: DrawOptions<T>['assetSizes'],
): Rect[] {
  if (!sizes) return [];
  const rects: Rect[] = [];
  for (const panel of state.panels) {
    const { assetToOutput } = panelAssetPlacement(scene, assets, panel);
    const rect = opaqueRect(panel.clip, assetToOutput, sizes[panel.which]);
    if (rect) rects.push(rect);
  }
  return rects;
}
