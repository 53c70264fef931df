import type { Canvas2D } from './canvas.ts';
import { IDENTITY, composeAffine, type Affine, type Point } from '../geometry.ts';
import { clipToRect, resetTransform } from './draw-shapes.ts';
import { isStill } from '../motion/face-deform.ts';
import { drawFaceWarp } from '../motion/draw-face-warp.ts';
import type { Scene, SceneAssets } from '../plan/scene.ts';
import type { PanelState } from '../plan/timeline.ts';

/** Canonical panel frame → output frame: fit into the rect, then zoom about the focus. */
export function panelPlacement(scene: Scene, panel: PanelState, focus: Point): Affine {
  const fitScale = panel.rect.width / scene.panelSize.width;
  const scale = fitScale * panel.zoom;
  return {
    a: scale,
    b: 0,
    c: 0,
    d: scale,
    e: panel.rect.x + focus.x * fitScale - focus.x * scale,
    f: panel.rect.y + focus.y * fitScale - focus.y * scale,
  };
}

export function drawPanel<T>(
  ctx: Canvas2D<T>,
  scene: Scene,
  assets: SceneAssets<T>,
  panel: PanelState,
  focus: Point,
): void {
  if (panel.clip.width <= 0 || panel.clip.height <= 0) return;
  const imageToCanonical = panel.which === 'before' ? IDENTITY : scene.afterTransform;
  const assetScale = (panel.which === 'before' ? assets.scale?.before : assets.scale?.after) ?? 1;
  const assetToImage: Affine = { a: 1 / assetScale, b: 0, c: 0, d: 1 / assetScale, e: 0, f: 0 };
  const imageToOutput = composeAffine(panelPlacement(scene, panel, focus), imageToCanonical);
  const m = composeAffine(imageToOutput, assetToImage);
  ctx.save();
  resetTransform(ctx);
  clipToRect(ctx, panel.clip);
  // Alignment can leave thin wedges uncovered at the edges; they show the backdrop.
  ctx.fillStyle = scene.colors.panelBackdrop;
  ctx.fillRect(panel.rect.x, panel.rect.y, panel.rect.width, panel.rect.height);
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
