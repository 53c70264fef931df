import type { Canvas2D } from './canvas.ts';
import { IDENTITY, composeAffine, type Affine, type Rect } from '../geometry.ts';
import { clipToRect, resetTransform } from './draw-shapes.ts';
import { isStill } from '../motion/face-deform.ts';
import { drawMovingFace, movingFaceBounds, type FacePatches } from '../motion/face-patch.ts';
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

/** How a panel's image (the asset, possibly a shrunk copy) lands on the frame. */
export interface PanelPlacement {
  /** Panel-photo pixels → output frame pixels. */
  imageToOutput: Affine;
  /** Asset pixels → panel-photo pixels. */
  assetToImage: Affine;
  /** Asset pixels → output frame pixels. */
  assetToOutput: Affine;
}

export function panelAssetPlacement<T>(
  scene: Scene,
  assets: SceneAssets<T>,
  panel: PanelState,
): PanelPlacement {
  const imageToCanonical = panel.which === 'before' ? IDENTITY : scene.afterTransform;
  const assetScale = (panel.which === 'before' ? assets.scale?.before : assets.scale?.after) ?? 1;
  const assetToImage: Affine = { a: 1 / assetScale, b: 0, c: 0, d: 1 / assetScale, e: 0, f: 0 };
  const imageToOutput = composeAffine(panelPlacement(panel), imageToCanonical);
  return { imageToOutput, assetToImage, assetToOutput: composeAffine(imageToOutput, assetToImage) };
}

export function drawPanel<T>(
  ctx: Canvas2D<T>,
  scene: Scene,
  assets: SceneAssets<T>,
  panel: PanelState,
  facePatches: FacePatches<T>,
): void {
  if (panel.clip.width <= 0 || panel.clip.height <= 0) return;
  const { assetToOutput: m } = panelAssetPlacement(scene, assets, panel);
  ctx.save();
  resetTransform(ctx);
  clipToRect(ctx, panel.clip);
  // Views stay inside the area both photos cover, so the photo fills the whole rect.
  ctx.imageSmoothingEnabled = true;
  ctx.setTransform(m.a, m.b, m.c, m.d, m.e, m.f);
  const image = panel.which === 'before' ? assets.before : assets.after;
  ctx.drawImage(image, 0, 0);
  ctx.restore();
  // Face motion paints the moved triangles over the still photo, inside the same clip.
  drawPanelFaceMotion(ctx, scene, assets, panel, facePatches);
}

/**
 * Paints the panel's moving face (the triangles that moved, or a held state's patch) over its
 * still photo, inside the panel's clip, as drawPanel does after the photo; nothing when the
 * face does not move. On its own it repaints a frame whose still panels are already there.
 */
export function drawPanelFaceMotion<T>(
  ctx: Canvas2D<T>,
  scene: Scene,
  assets: SceneAssets<T>,
  panel: PanelState,
  facePatches: FacePatches<T>,
): void {
  const rig = scene.faceMotion[panel.which]?.rig;
  if (!rig || !panel.face || isStill(panel.face)) return;
  if (panel.clip.width <= 0 || panel.clip.height <= 0) return;
  const { imageToOutput, assetToImage } = panelAssetPlacement(scene, assets, panel);
  ctx.save();
  resetTransform(ctx);
  clipToRect(ctx, panel.clip);
  ctx.imageSmoothingEnabled = true;
  const image = panel.which === 'before' ? assets.before : assets.after;
  drawMovingFace(ctx, image, rig, panel.face, { imageToOutput, assetToImage }, facePatches);
  ctx.restore();
}

/**
 * The part of the frame this panel's face motion paints over its still photo (inside the
 * panel's clip), or null when its face does not move at this moment.
 */
export function panelFaceMotionBounds<T>(
  scene: Scene,
  assets: SceneAssets<T>,
  panel: PanelState,
): Rect | null {
  const rig = scene.faceMotion[panel.which]?.rig;
  if (!rig || !panel.face || isStill(panel.face)) return null;
  if (panel.clip.width <= 0 || panel.clip.height <= 0) return null;
  const { imageToOutput, assetToImage } = panelAssetPlacement(scene, assets, panel);
  const box = movingFaceBounds(rig, panel.face, { imageToOutput, assetToImage });
  if (!box) return null;
  const left = Math.max(box.x, panel.clip.x);
  const top = Math.max(box.y, panel.clip.y);
  const right = Math.min(box.x + box.width, panel.clip.x + panel.clip.width);
  const bottom = Math.min(box.y + box.height, panel.clip.y + panel.clip.height);
  return right > left && bottom > top
    ? { x: left, y: top, width: right - left, height: bottom - top }
    : null;
}
