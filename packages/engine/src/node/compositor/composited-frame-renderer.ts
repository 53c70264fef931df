// The paint worker's frames, composited in WebAssembly memory instead of on a 1080p canvas.
// The photos are resampled straight into the frame's RGBA pixels (photo-sampling.ts); a face
// on its way is warped over them there triangle by triangle (face-warp-spans.ts), and a held
// face is laid from a patch warped once at twice the photo's resolution, nearest pixel, as the
// preview lays its own (held-face-patches.ts). What Canvas 2D draws best it still draws: the
// badges, texts, highlight and the end card's logo and lines, once per change of their state,
// on canvases the size of the boxes they can paint (overlay-boxes.ts); the end card's backdrop
// is mixed in from memory. The layers go on in the order a full repaint paints them. The frame
// is painted where the I420 converter reads it, so the read-out of a whole 1080p canvas, its
// copies and the collections that freed them are gone.
//
// Its frames are not Canvas 2D's to the bit (the photos' bilinear weights, a clip's partly
// covered pixels, a warped triangle's edge and the overlay's half-transparent pixels round
// differently), so its tests compare it with a full repaint within about a level on average. A
// frame it cannot paint the same way (a photo that does not cover its panel's clip) is painted
// by Canvas 2D.
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { invertAffine, type Affine, type Rect } from '../../geometry.ts';
import { movedTriangles, SEAM_OVERLAP_PX } from '../../motion/draw-face-warp.ts';
import { isStill } from '../../motion/face-deform.ts';
import type { Canvas2D } from '../../paint/canvas.ts';
import { panelAssetPlacement } from '../../paint/draw-panels.ts';
import { coveredRects, drawOverlays } from '../../paint/draw.ts';
import { uncoveredRects } from '../../paint/occlusion.ts';
import type { FrameState, PanelState } from '../../plan/frame-state.ts';
import type { Scene, SceneAssets } from '../../plan/scene.ts';
import { evaluate, frameStateKey, frameStates } from '../../plan/timeline.ts';
import {
  createCanvasFrameRenderer,
  type FrameCanvases,
  type FrameRenderer,
  type PhotoPixels,
} from '../canvas-renderer.ts';
import { registerEngineFonts } from '../fonts.ts';
import type { I420Converter } from '../rgba-to-i420.ts';
import { panelsApart, stillPanelsKey } from '../still-panels-layer.ts';
import { alignedBytes, canvasMemory } from './canvas-memory.ts';
import { clipCoverage, coverageUnits } from './clip-coverage.ts';
import { createCompositorKernels } from './compositor-kernels.ts';
import { mergeOverlapping, outlinesBounds, withinClip } from './frame-changes.ts';
import { OUTLINE_BUFFER_BYTES, OUTLINE_POINTS, warpTrianglesInto } from './face-warp-spans.ts';
import { createHeldFacePatches, heldPatchBytes } from './held-face-patches.ts';
import { offsetContext } from './offset-context.ts';
import { overlayBoxes, type PixelRect } from './overlay-boxes.ts';
import { backdropFor, type StagedBackdrop } from './staged-backdrop.ts';
import {
  blendedRowBytes,
  photoInMemoryBytes,
  samplePhotoInto,
  type FrameInMemory,
  type PhotoInMemory,
} from './photo-sampling.ts';

export interface CompositedFrameRenderer {
  /**
   * Paints frame `index` into the converter's `input`, ready for convertInput(), and returns
   * where it can differ from the frame the call before painted there: whole-pixel rectangles
   * inside the frame (none when the two frames are the same), or null for anywhere.
   */
  paintFrame(index: number): Rect[] | null;
  /** Frames painted by Canvas 2D because the compositor could not (tests, the benchmark). */
  readonly canvasFrames: number;
}

/**
 * The converter room a compositor needs: frame-sized buffers for the backdrop, the kept
 * panels and the two overlay layers, both photos, and each photo's largest held-face patch.
 */
export function compositorRoomBytes(
  scene: Scene,
  panels: Pick<FrameCanvases, 'before' | 'after' | 'scale'>,
): number {
  const frameBytes = alignedBytes(scene.width * scene.height * 4);
  const photos =
    alignedBytes(photoInMemoryBytes(panels.before)) +
    alignedBytes(photoInMemoryBytes(panels.after));
  const rows = alignedBytes(blendedRowBytes(widestPhoto(panels)));
  const patches = heldPatchBytes(scene, frameStates(scene), panels.scale);
  const patchBytes = alignedBytes(patches.before) + alignedBytes(patches.after);
  return 4 * frameBytes + photos + rows + OUTLINE_BUFFER_BYTES + patchBytes;
}

function widestPhoto(panels: Pick<FrameCanvases, 'before' | 'after'>): number {
  return Math.max(panels.before.width, panels.after.width);
}

export function createCompositedFrameRenderer(
  scene: Scene,
  panels: FrameCanvases,
  converter: I420Converter,
  options: {
    /** The backdrop, drawn while the faces were found (staged-backdrop.ts). */
    stagedBackdrop?: StagedBackdrop;
    /** The pixels `panels` hold for photos that are unshrunk and opaque: copied, not read back. */
    photoPixels?: PhotoPixels;
  } = {},
): CompositedFrameRenderer {
  registerEngineFonts();
  const { width, height } = scene;
  if (converter.width !== width || converter.height !== height) {
    throw new RangeError(
      `a ${converter.width} × ${converter.height} converter for a ${width} × ${height} video`,
    );
  }
  const kernels = createCompositorKernels(converter.room.memory);
  const memory = canvasMemory(converter);
  const { bytes } = memory;
  const rowBytes = width * 4;
  const frameBytes = rowBytes * height;
  const frame: FrameInMemory = { address: converter.input.byteOffset, rowBytes };
  const backdrop = memory.allocate(frameBytes);
  const still: FrameInMemory = { address: memory.allocate(frameBytes), rowBytes };
  const blendedRow = memory.allocate(blendedRowBytes(widestPhoto(panels)));
  const outlineAddress = memory.allocate(OUTLINE_BUFFER_BYTES);
  const outlineBuffer = {
    address: outlineAddress,
    points: new Float64Array(bytes.buffer, outlineAddress, OUTLINE_POINTS * 2),
  };

  const photoInMemory = (canvas: Canvas, pixels: Uint8ClampedArray | undefined): PhotoInMemory => {
    const address = memory.allocate(photoInMemoryBytes(canvas));
    if (pixels?.length === canvas.width * canvas.height * 4) bytes.set(pixels, address);
    else memory.readCanvas(canvas, address);
    return { address, width: canvas.width, height: canvas.height };
  };
  const photos = {
    before: photoInMemory(panels.before, options.photoPixels?.before),
    after: photoInMemory(panels.after, options.photoPixels?.after),
  };
  const patchSizes = heldPatchBytes(scene, frameStates(scene), panels.scale);
  const heldFaces = createHeldFacePatches(
    kernels,
    bytes,
    photos,
    {
      before: { address: memory.allocate(patchSizes.before), bytes: patchSizes.before },
      after: { address: memory.allocate(patchSizes.after), bytes: patchSizes.after },
    },
    { before: scene.faceMotion.before?.rig, after: scene.faceMotion.after?.rig },
    panels.scale,
    outlineBuffer,
  );

  const assets: SceneAssets<Canvas> = {
    before: panels.before,
    after: panels.after,
    logo: panels.logo,
    scale: panels.scale,
  };
  const assetSizes = {
    before: { width: panels.before.width, height: panels.before.height },
    after: { width: panels.after.width, height: panels.after.height },
  };

  // The backdrop is the same in every frame: painted once (usually while the faces were being
  // found), copied where no photo covers it.
  bytes.set(backdropFor(scene, options.stagedBackdrop).pixels, backdrop);

  const copyRect = (from: number, to: number, rect: PixelRect) => {
    const offset = rect.y * rowBytes + rect.x * 4;
    kernels.copyRows(from + offset, to + offset, rowBytes, rect.height, rect.width * 4);
  };

  /** Whether the panel's face is away from the photo's own and has pixels to paint. */
  const hasMovingFace = (panel: PanelState): boolean =>
    scene.faceMotion[panel.which]?.rig !== undefined &&
    panel.face !== null &&
    !isStill(panel.face) &&
    panel.clip.width > 0 &&
    panel.clip.height > 0;
  /**
   * Paints the panel's moving face over its photo, inside its clip: a held state from its
   * patch, a state on its way warped triangle by triangle. Returns the frame's pixels it can
   * have painted, or null when it painted none.
   */
  const paintMovingFace = (target: FrameInMemory, panel: PanelState): Rect | null => {
    const rig = scene.faceMotion[panel.which]?.rig;
    if (!rig || !panel.face || !hasMovingFace(panel)) return null;
    const placement = panelAssetPlacement(scene, assets, panel);
    const clip = clipCoverage(panel.clip, scene);
    const laid = heldFaces.lay(target, panel, placement.imageToOutput, clip);
    if (laid) return withinClip(laid, clip);
    const triangles = movedTriangles(rig, panel.face, placement, SEAM_OVERLAP_PX);
    warpTrianglesInto(kernels, photos[panel.which], target, triangles, clip, outlineBuffer);
    return withinClip(outlinesBounds(triangles), clip);
  };

  /** Backdrop and photos (their faces too when `withFaces`), as a full repaint paints them. */
  const paintPanels = (target: FrameInMemory, state: FrameState, withFaces: boolean): void => {
    const covered = coveredRects(scene, state, assets, assetSizes);
    for (const rect of uncoveredRects({ x: 0, y: 0, width, height }, covered)) {
      copyRect(backdrop, target.address, rect);
    }
    for (const panel of state.panels) {
      const { assetToOutput, imageToOutput } = panelAssetPlacement(scene, assets, panel);
      const clip = clipCoverage(panel.clip, scene);
      // A held face's patch is laid over most of the face next: the photo under it is not
      // sampled first (a fifth of a push-in frame's pixels in a 16:9 split).
      const covered =
        withFaces && hasMovingFace(panel) ? heldFaces.solidSpans(panel, imageToOutput, clip) : null;
      samplePhotoInto(
        kernels,
        photos[panel.which],
        target,
        assetToOutput,
        clip,
        blendedRow,
        covered,
      );
      if (withFaces) paintMovingFace(target, panel);
    }
  };

  /**
   * A layer of badges, texts, highlight or end card lines (never the end card's backdrop):
   * drawn by Canvas 2D and read where they can paint, only when its state changes, and laid
   * over the frame every frame. Returns where it laid them.
   */
  const createOverlayLayer = () => {
    const address = memory.allocate(frameBytes);
    const surfaces: Canvas[] = [];
    let key: string | null = null;
    let rects: PixelRect[] = [];
    return (state: FrameState): readonly PixelRect[] => {
      const stateKey = overlayStateKey(state);
      if (stateKey !== key) {
        key = stateKey;
        rects = overlayBoxes(scene, state, false);
        // Each box is drawn on a canvas of its own size and read whole: reading a box out of
        // a frame-sized canvas copied the whole canvas every time.
        rects.forEach((rect, index) => {
          let surface = surfaces[index];
          if (!surface || surface.width !== rect.width || surface.height !== rect.height) {
            surface = createCanvas(rect.width, rect.height);
            surfaces[index] = surface;
          }
          const context = surface.getContext('2d') as unknown as Canvas2D<Canvas>;
          context.setTransform(1, 0, 0, 1, 0, 0);
          context.clearRect(0, 0, rect.width, rect.height);
          context.setTransform(1, 0, 0, 1, -rect.x, -rect.y);
          drawOverlays(offsetContext(context, rect.x, rect.y), scene, state, assets, {
            logoSize: panels.logoSize,
            endCardBackdrop: false,
          });
          memory.readCanvas(surface, address + rect.y * rowBytes + rect.x * 4, rowBytes);
        });
      }
      for (const rect of rects) {
        for (let y = rect.y; y < rect.y + rect.height; y += 1) {
          const offset = y * rowBytes + rect.x * 4;
          kernels.overSpan(address + offset, frame.address + offset, rect.width);
        }
      }
      return rects;
    };
  };
  const layBadgesAndTexts = createOverlayLayer();
  const layEndCardLines = createOverlayLayer();
  /**
   * The overlays in a full repaint's order: the badges, texts and highlight, then the end
   * card. The end card's backdrop (the same for every frame, already in memory) is mixed into
   * the frame here and Canvas 2D draws only its logo and lines: drawn with its backdrop, every
   * frame of its fade was a whole frame of half-transparent pixels to draw, read and lay.
   * Returns where they painted: null for the whole frame (an end card on its way in).
   */
  const paintOverlays = (state: FrameState): readonly PixelRect[] | null => {
    const laid = layBadgesAndTexts({ ...state, endCard: null });
    const { endCard } = state;
    if (!endCard || endCard.opacity <= 0) return laid;
    kernels.mixSpan(backdrop, frame.address, width * height, coverageUnits(endCard.opacity));
    layEndCardLines({ ...state, highlight: null, divider: null, labels: [], texts: [] });
    return null;
  };

  const states = frameStates(scene);
  const stateAt = (index: number) => states[index] ?? evaluate(scene, index / scene.fps);
  let canvasRenderer: FrameRenderer | undefined;
  let canvasFrames = 0;
  let stillKey: string | null = null;
  let lastStateKey = '';
  /**
   * Where the frame in the converter's input differs from the kept panels (`still`): the faces
   * and overlays painted over them. Null when the frame is not the kept panels plus these.
   */
  let paintedOverStill: Rect[] | null = null;
  return {
    get canvasFrames() {
      return canvasFrames;
    },
    paintFrame(index) {
      const state = stateAt(index);
      const stateKey = frameStateKey(state);
      // A frame whose state equals the previous frame's is already in the converter's input.
      if (stateKey === lastStateKey) return [];
      lastStateKey = stateKey;
      const overStill = paintedOverStill;
      paintedOverStill = null;
      if (!photosCoverClips(scene, assets, assetSizes, state)) {
        canvasRenderer ??= createCanvasFrameRenderer(scene, panels);
        canvasRenderer.renderFrameInto(index, converter.input);
        canvasFrames += 1;
        return null;
      }
      const facesMove = state.panels.some((panel) => panel.face && !isStill(panel.face));
      const key = stillPanelsKey(state);
      const next = index + 1 < states.length ? stateAt(index + 1) : null;
      // Panels that stay where they are for the next frame are kept without their faces; the
      // faces go on top, which only a frame whose clips share no pixel may do (in a full
      // repaint the next panel's photo lies over a face where clips share a pixel).
      const keep =
        (!facesMove || panelsApart(state)) &&
        (key === stillKey || (next !== null && stillPanelsKey(next) === key));
      if (!keep) {
        paintPanels(frame, state, true);
        paintOverlays(state);
        return null;
      }
      // Over the same kept panels as the frame before, only what was painted over them then
      // is put back: a face and a few text boxes, not the whole 8 MB frame, and only they and
      // what this frame paints over them need converting again.
      const restored = key === stillKey ? overStill : null;
      if (key !== stillKey) {
        paintPanels(still, state, false);
        stillKey = key;
      }
      if (restored) for (const rect of restored) copyRect(still.address, frame.address, rect);
      else bytes.copyWithin(frame.address, still.address, still.address + frameBytes);
      const painted: Rect[] = [];
      for (const panel of state.panels) {
        const face = paintMovingFace(frame, panel);
        if (face) painted.push(face);
      }
      const overlaid = paintOverlays(state);
      if (!overlaid) return null;
      painted.push(...overlaid);
      paintedOverStill = painted;
      return restored ? mergeOverlapping([...restored, ...painted]) : null;
    },
  };
}

/** The badges, texts, highlight and end card of a state: equal keys paint equal layers. */
function overlayStateKey(state: FrameState): string {
  return JSON.stringify([state.highlight, state.divider, state.labels, state.texts, state.endCard]);
}

/**
 * Whether every panel's photo covers every pixel its clip touches: the sampler clamps at a
 * photo's edge, where Canvas 2D leaves the backdrop, so only then are the two alike.
 */
function photosCoverClips(
  scene: Scene,
  assets: SceneAssets<Canvas>,
  sizes: Record<'before' | 'after', { width: number; height: number }>,
  state: FrameState,
): boolean {
  return state.panels.every((panel) => {
    const { clip } = panel;
    const left = Math.max(0, Math.floor(clip.x));
    const top = Math.max(0, Math.floor(clip.y));
    const right = Math.min(scene.width, Math.ceil(clip.x + clip.width));
    const bottom = Math.min(scene.height, Math.ceil(clip.y + clip.height));
    if (right <= left || bottom <= top) return true;
    const back: Affine = invertAffine(panelAssetPlacement(scene, assets, panel).assetToOutput);
    const size = sizes[panel.which];
    const slack = 1e-6;
    return [
      [left, top],
      [right, top],
      [left, bottom],
      [right, bottom],
    ].every(([x = 0, y = 0]) => {
      const u = back.a * x + back.c * y + back.e;
      const v = back.b * x + back.d * y + back.f;
      return u >= -slack && v >= -slack && u <= size.width + slack && v <= size.height + slack;
    });
  });
}
