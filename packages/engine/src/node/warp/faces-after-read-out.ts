// Which moving faces of a frame the server warps into its pixels after reading them out. The
// canvas then paints the frame with those faces still, which is the same picture whenever
// nothing is drawn over a face afterwards: no overlay (badge, text, divider, highlight, end
// card) and no panel painted after the face's own. Consecutive frames that differ only in a
// face's motion then share one painted canvas, and the faces cost a WebAssembly warp instead
// of Skia's pattern fills.
import type { Canvas } from '@napi-rs/canvas';
import type { Point, Rect } from '../../geometry.ts';
import { SEAM_OVERLAP_PX, movedTriangles } from '../../motion/draw-face-warp.ts';
import { isStill } from '../../motion/face-deform.ts';
import { panelAssetPlacement } from '../../paint/draw-panels.ts';
import { overlayExtents } from '../../paint/overlay-extents.ts';
import type { PanelState } from '../../plan/frame-state.ts';
import type { Scene, SceneAssets } from '../../plan/scene.ts';
import type { FrameState } from '../../plan/timeline.ts';
import type { RgbaFrame, TriangleWarp } from './triangle-warp.ts';

/**
 * The panels (in paint order) whose faces move in `state` and can be warped after the read-out,
 * or null when one of them lies under something painted later: the whole frame, faces
 * included, is then painted on the canvas.
 */
export function facesWarpedAfterReadOut(
  scene: Scene,
  assets: SceneAssets<Canvas>,
  state: FrameState,
): PanelState[] | null {
  const moving = state.panels.filter((panel) => movingRig(scene, panel));
  if (moving.length === 0) return [];
  const overlays = overlayExtents(scene, state);
  if (overlays === 'everywhere') return null;
  for (const panel of moving) {
    const later = state.panels.slice(state.panels.indexOf(panel) + 1).map((next) => next.clip);
    const above = [...overlays, ...later];
    // Triangle by triangle: a caption may sit over the top of a smile's box but clear of
    // every triangle that moves.
    if (
      warpedBoxes(scene, assets, panel).some((box) => above.some((rect) => intersects(rect, box)))
    ) {
      return null;
    }
  }
  return moving;
}

/** `state` with the faces of `panels` held still: what the canvas paints before the warp. */
export function withStillFaces(state: FrameState, panels: readonly PanelState[]): FrameState {
  if (panels.length === 0) return state;
  return {
    ...state,
    panels: state.panels.map((panel) =>
      panels.includes(panel) ? { ...panel, face: null } : panel,
    ),
  };
}

/** Warps the faces of `panels` into `frame`, read out from a canvas that painted them still. */
export function warpFacesInto(
  frame: RgbaFrame,
  scene: Scene,
  assets: SceneAssets<Canvas>,
  panels: readonly PanelState[],
  warp: TriangleWarp,
): void {
  for (const panel of panels) {
    const rig = movingRig(scene, panel);
    if (!rig || !panel.face) continue;
    const { imageToOutput, assetToImage } = panelAssetPlacement(scene, assets, panel);
    const image = panel.which === 'before' ? assets.before : assets.after;
    warp.warpInto(frame, image, rig, panel.face, { imageToOutput, assetToImage }, panel.clip);
  }
}

function movingRig(scene: Scene, panel: PanelState) {
  const rig = scene.faceMotion[panel.which]?.rig;
  if (!rig || !panel.face || isStill(panel.face)) return null;
  if (panel.clip.width <= 0 || panel.clip.height <= 0) return null;
  return rig;
}

/** The boxes of the triangles the warp of `panel`'s face paints, inside its clip. */
function warpedBoxes(scene: Scene, assets: SceneAssets<Canvas>, panel: PanelState): Rect[] {
  const rig = movingRig(scene, panel);
  if (!rig || !panel.face) return [];
  const { imageToOutput, assetToImage } = panelAssetPlacement(scene, assets, panel);
  const triangles = movedTriangles(
    rig,
    panel.face,
    { imageToOutput, assetToImage },
    SEAM_OVERLAP_PX,
  );
  const boxes: Rect[] = [];
  for (const { outline } of triangles) {
    const box = intersection(boundingBox(outline), panel.clip);
    if (box) boxes.push(box);
  }
  return boxes;
}

function boundingBox(points: readonly Point[]): Rect {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const left = Math.min(...xs);
  const top = Math.min(...ys);
  return { x: left, y: top, width: Math.max(...xs) - left, height: Math.max(...ys) - top };
}

function intersection(p: Rect, q: Rect): Rect | null {
  const left = Math.max(p.x, q.x);
  const top = Math.max(p.y, q.y);
  const right = Math.min(p.x + p.width, q.x + q.width);
  const bottom = Math.min(p.y + p.height, q.y + q.height);
  return right > left && bottom > top
    ? { x: left, y: top, width: right - left, height: bottom - top }
    : null;
}

function intersects(p: Rect, q: Rect): boolean {
  return p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height && q.y < p.y + p.height;
}
