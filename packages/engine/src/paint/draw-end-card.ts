import { fontSpec, type Canvas2D } from './canvas.ts';
import { drawBackdrop } from './draw-backdrop.ts';
import { resetTransform, roundedRectPath } from './draw-shapes.ts';
import { containRect } from '../plan/layout.ts';
import type { Scene, SceneAssets } from '../plan/scene.ts';
import type { FrameState } from '../plan/timeline.ts';

/** The rectangle the end card's text and logo occupy (used by tests to find its ink). */
export function endCardTextBox(endCard: NonNullable<FrameState['endCard']>) {
  return endCard.layout.safe;
}

export function drawEndCard<T>(
  ctx: Canvas2D<T>,
  scene: Scene,
  assets: SceneAssets<T>,
  endCard: NonNullable<FrameState['endCard']>,
  logoSize: { width: number; height: number } | null,
): void {
  const { safe, type } = endCard.layout;
  const { typeface } = scene.branding;
  ctx.save();
  resetTransform(ctx);
  ctx.globalAlpha = endCard.opacity;
  drawBackdrop(ctx, scene);

  const centerX = safe.x + safe.width / 2;
  let y: number;
  if (assets.logo && logoSize) {
    const slot = {
      x: safe.x + safe.width * 0.2,
      y: safe.y + safe.height * 0.08,
      width: safe.width * 0.6,
      height: safe.height * 0.2,
    };
    const box = containRect(slot, logoSize);
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
    y = box.y + box.height + pad + type.hook * 1.3;
  } else {
    y = safe.y + safe.height * 0.34;
  }
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = scene.colors.text;
  ctx.font = fontSpec(700, type.hook, typeface);
  ctx.fillText(scene.branding.clinicName, centerX, y, safe.width);
  if (scene.branding.treatmentTitle) {
    y += type.hook * 0.95;
    ctx.fillStyle = scene.colors.accent;
    ctx.font = fontSpec(400, type.label, typeface);
    ctx.fillText(scene.branding.treatmentTitle, centerX, y, safe.width);
  }
  if (scene.branding.contact) {
    y += type.label * 1.6;
    ctx.fillStyle = scene.colors.text;
    ctx.font = fontSpec(700, type.label, typeface);
    ctx.fillText(`Book at ${scene.branding.contact}`, centerX, y, safe.width);
  }
  ctx.font = fontSpec(400, type.body, typeface);
  ctx.fillStyle = 'rgba(248, 250, 252, 0.8)';
  ctx.textBaseline = 'bottom';
  ctx.fillText(scene.branding.disclosure, centerX, safe.y + safe.height, safe.width);
  ctx.restore();
}
