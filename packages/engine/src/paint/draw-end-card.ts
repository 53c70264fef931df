import { fontSpec, type Canvas2D } from './canvas.ts';
import { resetTransform } from './draw-shapes.ts';
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
  const safe = endCard.layout.safe;
  const unit = Math.min(scene.width, scene.height);
  const { typeface } = scene.branding;
  ctx.save();
  resetTransform(ctx);
  ctx.globalAlpha = endCard.opacity;
  ctx.fillStyle = scene.colors.background;
  ctx.fillRect(0, 0, scene.width, scene.height);

  const centerX = safe.x + safe.width / 2;
  let y = safe.y + safe.height * 0.22;
  if (assets.logo && logoSize) {
    const box = containRect(
      { x: safe.x, y: safe.y + safe.height * 0.05, width: safe.width, height: safe.height * 0.22 },
      logoSize,
    );
    ctx.drawImage(assets.logo, box.x, box.y, box.width, box.height);
    y = box.y + box.height + unit * 0.08;
  } else {
    y = safe.y + safe.height * 0.36;
  }
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = scene.colors.text;
  ctx.font = fontSpec(700, unit * 0.075, typeface);
  ctx.fillText(scene.branding.clinicName, centerX, y, safe.width);
  if (scene.branding.treatmentTitle) {
    y += unit * 0.075;
    ctx.fillStyle = scene.colors.accent;
    ctx.font = fontSpec(400, unit * 0.045, typeface);
    ctx.fillText(scene.branding.treatmentTitle, centerX, y, safe.width);
  }
  if (scene.branding.contact) {
    y += unit * 0.07;
    ctx.fillStyle = scene.colors.text;
    ctx.font = fontSpec(400, unit * 0.04, typeface);
    ctx.fillText(scene.branding.contact, centerX, y, safe.width);
  }
  ctx.font = fontSpec(400, unit * 0.03, typeface);
  ctx.fillStyle = 'rgba(248, 250, 252, 0.75)';
  ctx.textBaseline = 'bottom';
  ctx.fillText(scene.branding.disclosure, centerX, safe.y + safe.height, safe.width);
  ctx.restore();
}
