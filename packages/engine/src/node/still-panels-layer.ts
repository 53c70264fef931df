// The photo panels of a frame kept on a canvas of their own while they stay where they are:
// when only a face moves (a smile, a blink) or only texts fade, the next frame copies the
// kept panels instead of painting the backdrop and both photos again, and paints only the
// moving faces over them (or, where two panels' clips share a pixel, repaints the rows each
// moving face's triangles can reach). Every painted pixel is painted exactly as a full frame
// paints it, so the frames are the same to the bit.
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import type { Rect } from '../geometry.ts';
import type { Canvas2D } from '../paint/canvas.ts';
import { drawPanels, type DrawOptions } from '../paint/draw.ts';
import { drawPanelFaceMotion, panelFaceMotionBounds } from '../paint/draw-panels.ts';
import { clipToRect, resetTransform } from '../paint/draw-shapes.ts';
import type { Scene, SceneAssets } from '../plan/scene.ts';
import type { FrameState } from '../plan/timeline.ts';

/**
 * Rows added above and below a face's box before they are repainted: anti-aliased triangle edges
 * reach into the pixels they cross, and rounding must never leave a touched pixel outside.
 */
const REPAINT_MARGIN_PX = 2;

export interface StillPanelsLayer {
  /**
   * Paints `state`'s backdrop and panels (face motion included) onto `ctx`. `next` is the
   * frame painted after this one, if known: the panels are kept only when it shows them
   * where this one does.
   */
  drawPanels(ctx: Canvas2D<Canvas>, state: FrameState, next: FrameState | null): void;
  /** Times the kept panels were reused (for tests and the benchmark). */
  readonly reuses: number;
}

/** The panels' placement without their faces' motion: frames with the same key share a layer. */
export function stillPanelsKey(state: FrameState): string {
  return JSON.stringify(state.panels.map((panel) => ({ ...panel, face: null })));
}

export function createStillPanelsLayer(
  scene: Scene,
  assets: SceneAssets<Canvas>,
  options: Pick<DrawOptions<Canvas>, 'assetSizes' | 'facePatches'>,
): StillPanelsLayer {
  let layer: Canvas | undefined;
  let layerKey: string | undefined;
  let reuses = 0;
  return {
    get reuses() {
      return reuses;
    },
    drawPanels(ctx, state, next) {
      const key = stillPanelsKey(state);
      if (key !== layerKey) {
        if (!next || stillPanelsKey(next) !== key) {
          drawPanels(ctx, scene, state, assets, options);
          return;
        }
        layer ??= createCanvas(scene.width, scene.height);
        const layerContext = layer.getContext('2d') as unknown as Canvas2D<Canvas>;
        const still = { ...state, panels: state.panels.map((panel) => ({ ...panel, face: null })) };
        drawPanels(layerContext, scene, still, assets, options);
        layerKey = key;
      } else {
        reuses += 1;
      }
      if (!layer) throw new Error('still panels layer missing');
      ctx.save();
      resetTransform(ctx);
      ctx.globalAlpha = 1;
      ctx.drawImage(layer, 0, 0);
      ctx.restore();
      if (panelsApart(state)) {
        // The kept layer holds exactly the pixels a full repaint gives the backdrop and the
        // photos (copied one to one), so only the moving faces are painted over it, each inside
        // its panel's clip as a full repaint paints it.
        for (const panel of state.panels) {
          drawPanelFaceMotion(ctx, scene, assets, panel, options.facePatches);
        }
        return;
      }
      for (const band of movingFaceBands(scene, assets, state)) {
        ctx.save();
        resetTransform(ctx);
        clipToRect(ctx, band);
        drawPanels(ctx, scene, state, assets, options);
        ctx.restore();
      }
    },
  };
}

/**
 * Whether no pixel lies in two panels' clips. A full repaint paints each panel's face right
 * after its photo, so where clips share a pixel (a wipe's line between pixels) the next
 * panel's photo lies over the face; painted over the kept layer, the face would lie on top.
 */
export function panelsApart(state: FrameState): boolean {
  const boxes = state.panels.map(({ clip }) => ({
    left: Math.floor(clip.x),
    top: Math.floor(clip.y),
    right: Math.ceil(clip.x + clip.width),
    bottom: Math.ceil(clip.y + clip.height),
  }));
  return boxes.every((p, i) =>
    boxes
      .slice(i + 1)
      .every(
        (q) => p.right <= q.left || q.right <= p.left || p.bottom <= q.top || q.bottom <= p.top,
      ),
  );
}

/**
 * Whole-pixel bands of full frame width around every face that moves in `state`, overlapping
 * ones merged. Full rows, not the faces' boxes: Skia samples a scaled photo stepping along
 * each row from where the row's painting starts, so a row painted from another starting column
 * can come out a level apart in places.
 */
function movingFaceBands(scene: Scene, assets: SceneAssets<Canvas>, state: FrameState): Rect[] {
  const rows: { top: number; bottom: number }[] = [];
  for (const panel of state.panels) {
    const bounds = panelFaceMotionBounds(scene, assets, panel);
    if (!bounds) continue;
    const top = Math.max(0, Math.floor(bounds.y) - REPAINT_MARGIN_PX);
    const bottom = Math.min(scene.height, Math.ceil(bounds.y + bounds.height) + REPAINT_MARGIN_PX);
    if (bottom > top) rows.push({ top, bottom });
  }
  rows.sort((p, q) => p.top - q.top);
  const merged: { top: number; bottom: number }[] = [];
  for (const row of rows) {
    const last = merged.at(-1);
    if (last && row.top <= last.bottom) last.bottom = Math.max(last.bottom, row.bottom);
    else merged.push({ ...row });
  }
  return merged.map((row) => ({
    x: 0,
    y: row.top,
    width: scene.width,
    height: row.bottom - row.top,
  }));
}
