// A held face (a smile or a raised brow at its full amount, a head turned to its full angle)
// is warped once into the photo's own pixels: a patch holding only the moved triangles
// (transparent elsewhere), kept while the state lasts. Each frame then draws the patch over
// the still photo with the panel's own transform, which for a panel is a scale and a
// translation. Sampling the photo under each triangle's general affine transform costs
// several times what a scale-and-translate draw does, and while a smile is held during a
// push-in the triangles would otherwise be redrawn, unchanged, in every frame. A face on its
// way (a smile easing in, a blink) changes every frame, so a patch would be painted for one
// frame only: it is warped straight onto the frame as before. Which way a state is drawn
// depends on the state alone, so the preview and the render draw every moment alike.
import type { Canvas2D } from '../paint/canvas.ts';
import { applyAffine, composeAffine, invertAffine, type Affine, type Rect } from '../geometry.ts';
import {
  drawFaceWarp,
  faceWarpBounds,
  type FaceWarpOptions,
  type FaceWarpPlacement,
} from './draw-face-warp.ts';
import { HEAD_TURN_DEGREES, type FaceMotionState } from './face-motion-schedule.ts';
import type { FaceRig } from './face-rig.ts';

/** An offscreen canvas the patch is painted on; the type is whatever the canvas draws. */
export interface Surface<T> {
  image: T;
  context: Canvas2D<T>;
  width: number;
  height: number;
}

export type CreateSurface<T> = (width: number, height: number) => Surface<T>;

/**
 * Patch pixels per asset pixel. The patch is drawn onto the frame without smoothing (nearest
 * pixel), so its pixels are not resampled a second time: resampling a resampled photo
 * softened skin texture by 25–40 % (at 1, smoothed) or 10–15 % (at 2, smoothed), which the
 * face-motion texture test refuses. Twice as fine as the photo, the nearest patch pixel is
 * at most a quarter of a photo pixel from where a direct warp samples.
 */
export const PATCH_OVERSAMPLE = 2;
/** Patch pixels kept clear around the moved triangles, so no sample reaches the edge. */
const PATCH_MARGIN_PX = 2;

/** A face state painted into a patch; draw `image` through `patchToImage`, then the panel's. */
export interface FacePatch<T> {
  image: T;
  /** Patch pixels → panel-photo pixels. */
  patchToImage: Affine;
  /** The part of the patch that holds the moved triangles (the rest is transparent). */
  width: number;
  height: number;
  /** Triangles painted into it (for tests and the benchmark). */
  triangles: number;
}

export interface PatchGeometry {
  width: number;
  height: number;
  imageToPatch: Affine;
}

/**
 * A state that lasts: no blink under way, and every motion at rest or at its full amount
 * (the amounts are eased, so they reach exactly 0 and 1, and a turn exactly its full angle).
 */
export function isHeldFaceState(motion: FaceMotionState): boolean {
  const atRestOrFull = (amount: number) => amount === 0 || amount === 1;
  return (
    motion.blink === 0 &&
    atRestOrFull(motion.smile) &&
    atRestOrFull(motion.surprise) &&
    atRestOrFull(Math.abs(motion.yawDegrees) / HEAD_TURN_DEGREES)
  );
}

/** Where the patch of `motion` lies: the moved triangles' box in patch pixels, or null. */
export function patchGeometry(
  rig: FaceRig,
  motion: FaceMotionState,
  assetToImage: Affine,
): PatchGeometry | null {
  const assetPerImage = 1 / Math.hypot(assetToImage.a, assetToImage.b);
  const k = assetPerImage * PATCH_OVERSAMPLE;
  const scaleOnly: Affine = { a: k, b: 0, c: 0, d: k, e: 0, f: 0 };
  const box = faceWarpBounds(rig, motion, { imageToOutput: scaleOnly, assetToImage });
  if (!box) return null;
  const left = Math.floor(box.x) - PATCH_MARGIN_PX;
  const top = Math.floor(box.y) - PATCH_MARGIN_PX;
  const width = Math.ceil(box.x + box.width) + PATCH_MARGIN_PX - left;
  const height = Math.ceil(box.y + box.height) + PATCH_MARGIN_PX - top;
  return { width, height, imageToPatch: { a: k, b: 0, c: 0, d: k, e: -left, f: -top } };
}

/**
 * The output pixels drawing the patch of `motion` can touch (what a frame's repaint bands
 * need), without painting it; null when nothing moves.
 */
export function facePatchBounds(
  rig: FaceRig,
  motion: FaceMotionState,
  placement: FaceWarpPlacement,
): Rect | null {
  const geometry = patchGeometry(rig, motion, placement.assetToImage);
  if (!geometry) return null;
  const toOutput = composeAffine(placement.imageToOutput, invertAffine(geometry.imageToPatch));
  const corners = [
    { x: 0, y: 0 },
    { x: geometry.width, y: 0 },
    { x: 0, y: geometry.height },
    { x: geometry.width, y: geometry.height },
  ].map((corner) => applyAffine(toOutput, corner));
  const xs = corners.map((p) => p.x);
  const ys = corners.map((p) => p.y);
  const left = Math.min(...xs);
  const top = Math.min(...ys);
  return { x: left, y: top, width: Math.max(...xs) - left, height: Math.max(...ys) - top };
}

export interface FacePatches<T> {
  /** The patch of `image`'s face at `motion`, painted now or kept from the last call; null when nothing moves. */
  patchFor(
    image: T,
    rig: FaceRig,
    motion: FaceMotionState,
    assetToImage: Affine,
  ): FacePatch<T> | null;
}

interface KeptPatch<T> {
  rig: FaceRig;
  key: string;
  surface: Surface<T>;
  patch: FacePatch<T> | null;
}

/**
 * One kept patch per photo (its last face state). The surface only grows, so a smile easing
 * in does not allocate a canvas per frame (and the browser does not snapshot the photo for a
 * new pattern each time); the part past the patch is cleared, so drawing it changes nothing.
 */
export function createFacePatches<T>(
  createSurface: CreateSurface<T>,
  /** How the triangles are drawn into the patch (tests turn the seam overlap off). */
  warpOptions: FaceWarpOptions = {},
): FacePatches<T> {
  const kept = new WeakMap<object, KeptPatch<T>>();
  return {
    patchFor(image, rig, motion, assetToImage) {
      const key = [
        motion.yawDegrees,
        motion.smile,
        motion.surprise,
        motion.blink,
        assetToImage.a,
        assetToImage.b,
      ].join(',');
      const holder = typeof image === 'object' && image !== null ? image : null;
      const last = holder ? kept.get(holder) : undefined;
      if (last && last.rig === rig && last.key === key) return last.patch;
      const geometry = patchGeometry(rig, motion, assetToImage);
      if (!geometry) return null;
      let surface = last?.surface;
      if (!surface || surface.width < geometry.width || surface.height < geometry.height) {
        surface = createSurface(
          Math.max(geometry.width, surface?.width ?? 0),
          Math.max(geometry.height, surface?.height ?? 0),
        );
      } else {
        surface.context.save();
        surface.context.setTransform(1, 0, 0, 1, 0, 0);
        surface.context.clearRect(0, 0, surface.width, surface.height);
        surface.context.restore();
      }
      surface.context.imageSmoothingEnabled = true;
      const triangles = drawFaceWarp(
        surface.context,
        image,
        rig,
        motion,
        {
          imageToOutput: geometry.imageToPatch,
          assetToImage,
        },
        warpOptions,
      );
      const patch: FacePatch<T> = {
        image: surface.image,
        patchToImage: invertAffine(geometry.imageToPatch),
        width: geometry.width,
        height: geometry.height,
        triangles,
      };
      if (holder) kept.set(holder, { rig, key, surface, patch });
      return patch;
    },
  };
}

/**
 * Paints a moving face over its still photo: a held state from its patch, a state on its way
 * straight from the photo. Returns how many triangles the state moves (for tests).
 */
export function drawMovingFace<T>(
  ctx: Canvas2D<T>,
  image: T,
  rig: FaceRig,
  motion: FaceMotionState,
  placement: FaceWarpPlacement,
  facePatches: FacePatches<T>,
  warpOptions: FaceWarpOptions = {},
): number {
  if (!isHeldFaceState(motion)) {
    return drawFaceWarp(ctx, image, rig, motion, placement, warpOptions);
  }
  const patch = facePatches.patchFor(image, rig, motion, placement.assetToImage);
  if (!patch) return 0;
  const m = composeAffine(placement.imageToOutput, patch.patchToImage);
  ctx.save();
  ctx.setTransform(m.a, m.b, m.c, m.d, m.e, m.f);
  // The patch holds resampled pixels finer than the frame's: see PATCH_OVERSAMPLE.
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(patch.image, 0, 0);
  ctx.restore();
  return patch.triangles;
}

/** The output pixels drawMovingFace can touch, or null when nothing moves. */
export function movingFaceBounds(
  rig: FaceRig,
  motion: FaceMotionState,
  placement: FaceWarpPlacement,
): Rect | null {
  return isHeldFaceState(motion)
    ? facePatchBounds(rig, motion, placement)
    : faceWarpBounds(rig, motion, placement);
}
