import type { Canvas2D } from './canvas.ts';
import { IDENTITY, composeAffine, type Affine } from '../geometry.ts';
import { clipToRect, resetTransform } from './draw-shapes.ts';
import { isStill } from '../motion/face-deform.ts';
import { drawFaceWarp } from '../motion/draw-face-warp.ts';
import type { Scene, SceneAssets } from '../plan/scene.ts';
import type { PanelState } from '../plan/timeline.ts';

/** Canonical panel frame → output frame: the panel's view lands exactly on its rect. */
export function panelPlacement(panel: Pick<PanelState, 'rect' | 'view'>): Affine {
  const scale = panel.rect.width / panel.view.width;
  return {
    a: scale,
    b: 0,
    c: 0,
    d: scale,
    e: panel.rect.x - panel.view.x * scale,
    f: panel.rect.y - panel.view.y * scale,
  };
}

export function drawPanel<T>(
  ctx: Canvas2D<T>,
  scene: Scene,
  assets: SceneAssets<T>,
  panel: PanelState,
): void {
  if (panel.clip.width <= 0 || panel.clip.height <= 0) return;
  const imageToCanonical = panel.which === 'before' ? IDENTITY : scene.afterTransform;
  const assetScale = (panel.which === 'before' ? assets.scale?.before : assets.scale?.after) ?? 1;
  const assetToImage: Affine = { a: 1 / assetScale, b: 0, c: 0, d: 1 / assetScale, e: 0, f: 0 };
  const imageToOutput = composeAffine(panelPlacement(panel), imageToCanonical);
  const m = composeAffine(imageToOutput, assetToImage);
  ctx.save();
  resetTransform(ctx);
  clipToRect(ctx, panel.clip);
  // Views stay inside the area both photos cover, so the photo fills the whole rect.
  ctx.imageSmoothingEnabled = true;
  ctx.setTransform(m.a, m.b, m.c, m.d, m.e, m.f);
  const image = panel.which === 'before' ? assets.before : assets.after;
  ctx.drawImage(image, 0, 0);
  // Face motion paints the moved triangles over the still photo, inside the same clip.
  const rig = scene.faceMotion[panel.which]?.rig;
  if (rig && panel.face && !isStill(panel.face)) {
    drawFaceWarp(ctx, image, rig, panel.face, { imageToOutput, assetToImage });
  }
  ctx.restore();
}
