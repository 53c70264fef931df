import type { Canvas2D } from './canvas.ts';
import { drawBackdrop } from './draw-backdrop.ts';
import { resetTransform, roundedRectPath } from './draw-shapes.ts';
import { drawTextBlock } from './draw-text.ts';
import { containRect } from '../plan/layout.ts';
import type { Scene, SceneAssets } from '../plan/scene.ts';
import type { FrameState, TextRole } from '../plan/timeline.ts';

/** The rectangle the end card's text and logo occupy (used by tests to find its ink). */
export function endCardTextBox(endCard: NonNullable<FrameState['endCard']>) {
  return endCard.layout.safe;
}

function colorOf(role: TextRole, scene: Scene): string {
  if (role === 'title') return scene.colors.accent;
  if (role === 'caption') return 'rgba(248, 250, 252, 0.8)';
  return scene.colors.text;
}

/**
 * The end card the plan laid out: backdrop (unless `withBackdrop` is false: the caller mixed it
 * in already), the logo on a light plate, the fitted lines.
 */
export function drawEndCard<T>(
  ctx: Canvas2D<T>,
  scene: Scene,
  assets: SceneAssets<T>,
  endCard: NonNullable<FrameState['endCard']>,
  logoSize: { width: number; height: number } | null,
  withBackdrop = true,
): void {
  const { type } = endCard.layout;
  ctx.save();
  resetTransform(ctx);
  ctx.globalAlpha = endCard.opacity;
  if (withBackdrop) drawBackdrop(ctx, scene);
  if (assets.logo && logoSize && endCard.logo) {
    const box = containRect(endCard.logo, logoSize);
    // A light plate behind the logo: a dark logo on the dark card would vanish.
    const pad = type.body * 0.5;
    roundedRectPath(
      ctx,
      { x: box.x - pad, y: box.y - pad, width: box.width + pad * 2, height: box.height + pad * 2 },
      pad,
    );
    ctx.fillStyle = 'rgba(248, 250, 252, 0.96)';
    ctx.fill();
    ctx.drawImage(assets.logo, box.x, box.y, box.width, box.height);
  }
  for (const text of endCard.texts) {
    drawTextBlock(
      ctx,
      { ...text, opacity: endCard.opacity },
      colorOf(text.role, scene),
      scene.branding.typeface,
    );
  }
  ctx.restore();
}
