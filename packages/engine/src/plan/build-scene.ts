import {
  VIDEO_DURATION_SECONDS,
  VIDEO_FPS,
  type Template,
  defaultTemplateFor,
  type VideoOptions,
} from '@glowreel/contracts';
import type { FaceLandmarks } from '../faces/face-types.ts';
import type { Affine, Point, Rect } from '../geometry.ts';
import type { BurnedInLabels } from '../analysis/burned-in-labels.ts';
import { coverageRect, placedBounds, withoutLabels } from './coverage.ts';
import { planFaceMotion } from '../motion/face-motion-plan.ts';
import { frameSlot, subjectOf } from './framing.ts';
import { computeLayout } from './layout.ts';
import { statedTreatedAreaRect, treatedAreaBox } from '../motion/treated-region.ts';
import { DEFAULT_COLORS, DEFAULT_DISCLOSURE, type Branding, type Scene } from './scene.ts';
import { CLOSE_UP } from './templates/parts.ts';

export interface SceneInput {
  size: { width: number; height: number };
  options: Pick<
    VideoOptions,
    'primaryAnimation' | 'emphasisEffect' | 'motionSpeed' | 'aspect' | 'treatedArea'
  > & {
    /** Omitted means the format's default template (defaultTemplateFor). */
    template?: Template | null;
  };
  beforeSize: { width: number; height: number };
  afterSize: { width: number; height: number };
  /** After-panel pixels → before-panel pixels, from face alignment; null when not aligned. */
  alignment: Affine | null;
  faceCenter: Point | null;
  /** The pixel-difference guess at the treated area: used only when the landmarks cannot say. */
  treatedArea: Rect | null;
  /**
   * The faces found in each panel (in that panel photo's own pixels) for face motion; null
   * when no face analysis ran. Omitted means null.
   */
  faces?: { before: FaceLandmarks | null; after: FaceLandmarks | null } | null;
  branding: Partial<Branding> & { clinicName: string };
  /**
   * BEFORE/AFTER labels burned into the photos (each in its own panel's pixels), from the split
   * analysis: they are cropped off, or, when that would cost too much photo, our badges are
   * left out instead. Never both labels at once.
   */
  burnedInLabels?: BurnedInLabels | null;
}

/** Stretches the after panel onto the before panel's frame when there is no alignment. */
export function resizeTransform(
  from: { width: number; height: number },
  to: { width: number; height: number },
): Affine {
  return { a: to.width / from.width, b: 0, c: 0, d: to.height / from.height, e: 0, f: 0 };
}

/**
 * The before face's box from its mesh (brow to chin, ear to ear): the detector's own box is
 * loose and on some photos spans the whole panel.
 */
function faceBox(input: SceneInput): Rect | null {
  const face = input.faces?.before;
  if (!face) return null;
  if (face.mesh.length === 0) return face.box;
  const xs = face.mesh.map((point) => point[0]);
  const ys = face.mesh.map((point) => point[1]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/** The eyes-to-chin part of the before face box (text never covers it). */
function faceCore(input: SceneInput, box: Rect | null): Rect | null {
  const face = input.faces?.before;
  if (!face || !box) return null;
  const eyes = Math.min(face.leftEye.y, face.rightEye.y);
  // The upper lids sit about a sixth of the eye distance above the eye centres.
  const top = eyes - Math.abs(face.rightEye.x - face.leftEye.x) / 6;
  const bottom = box.y + box.height;
  if (!(bottom > top)) return null;
  return {
    x: box.x,
    y: Math.max(box.y, top),
    width: box.width,
    height: bottom - Math.max(box.y, top),
  };
}

function corners(rect: Rect): { x: number; y: number }[] {
  return [
    { x: rect.x, y: rect.y },
    { x: rect.x + rect.width, y: rect.y + rect.height },
  ];
}

/**
 * The before face's eyes and mouth, roomy, from the iris centres and face proportions (the mouth
 * sits about one eye distance under the eye line, as wide), or the mesh's own lips when it has
 * them.
 */
function faceFeatures(input: SceneInput): Rect[] {
  const face = input.faces?.before;
  if (!face) return [];
  const { leftEye, rightEye } = face;
  const distance = Math.hypot(rightEye.x - leftEye.x, rightEye.y - leftEye.y);
  if (!(distance > 0)) return [];
  // The unit vector down the face, across the eye line (the head may be tilted).
  const down = {
    x: -(rightEye.y - leftEye.y) / distance,
    y: (rightEye.x - leftEye.x) / distance,
  };
  const boxAround = (points: { x: number; y: number }[], padX: number, padY: number): Rect => {
    const xs = points.map((p) => p.x);
    const ys = points.map((p) => p.y);
    const x = Math.min(...xs) - padX;
    const y = Math.min(...ys) - padY;
    return { x, y, width: Math.max(...xs) + padX - x, height: Math.max(...ys) + padY - y };
  };
  const eyes = boxAround([leftEye, rightEye], distance * 0.45, distance * 0.3);
  const middle = { x: (leftEye.x + rightEye.x) / 2, y: (leftEye.y + rightEye.y) / 2 };
  const mouthAt = (depth: number) => ({
    x: middle.x + down.x * distance * depth,
    y: middle.y + down.y * distance * depth,
  });
  const estimate = boxAround([mouthAt(0.8), mouthAt(1.35)], distance * 0.65, distance * 0.1);
  // The mesh's own lips, with a little air, where they look like lips (a detector's mesh);
  // else the estimate.
  const lips = treatedAreaBox(face, 'lips');
  const isLips = lips !== null && lips.width <= distance * 1.6 && lips.height <= distance * 0.9;
  const mouth = isLips ? boxAround(corners(lips), distance * 0.08, distance * 0.08) : estimate;
  return [eyes, mouth];
}

export function buildScene(input: SceneInput): Scene {
  const { beforeSize } = input;
  const afterTransform = input.alignment ?? resizeTransform(input.afterSize, beforeSize);
  const afterScale = Math.sqrt(
    Math.abs(afterTransform.a * afterTransform.d - afterTransform.b * afterTransform.c),
  );
  const covered = coverageRect(beforeSize, input.afterSize, afterTransform);
  const labels = input.burnedInLabels;
  const labelRects = [
    labels?.before ?? null,
    labels?.after ? placedBounds(labels.after, afterTransform) : null,
  ].filter((rect): rect is Rect => rect !== null);
  const cropped = labelRects.length > 0 ? withoutLabels(covered, labelRects) : covered;
  const coverage = cropped ?? covered;
  const subject = subjectOf(faceBox(input), input.treatedArea, coverage);
  const layout = computeLayout(input.size, input.options.aspect);
  // Face motion is judged on the closest crop the templates draw (the 120 px rule of old was
  // judged on a whole photo shrunk into its slot).
  const closest = Math.max(
    ...[layout.frame, layout.pair.before].map((slot) => {
      const framing = frameSlot({
        slot,
        coverage,
        subject,
        tightness: CLOSE_UP,
        sourceScale: afterScale,
      });
      return framing.rect.width / framing.view.width;
    }),
  );
  const faceMotion = planFaceMotion({
    primaryAnimation: input.options.primaryAnimation,
    faces: input.faces ?? null,
    displayScale: { before: closest, after: closest * afterScale },
    treatedArea: input.options.treatedArea ?? null,
  });
  // The stated area on the after face wins over the pixel difference (which circled a collar
  // or a shoulder strap where the photos differ in clothes); computed here, once, so the
  // preview and the render place the highlight identically.
  const statedRect = statedTreatedAreaRect(
    input.faces?.after,
    input.options.treatedArea,
    afterTransform,
  );
  return {
    width: input.size.width,
    height: input.size.height,
    fps: VIDEO_FPS,
    durationSeconds: VIDEO_DURATION_SECONDS,
    aspect: input.options.aspect,
    template: input.options.template ?? defaultTemplateFor(input.options.aspect),
    primaryAnimation: input.options.primaryAnimation,
    emphasisEffect: input.options.emphasisEffect,
    motionSpeed: input.options.motionSpeed,
    panelSize: { width: beforeSize.width, height: beforeSize.height },
    afterTransform,
    coverage,
    faceBox: faceBox(input),
    faceCore: faceCore(input, faceBox(input)),
    faceFeatures: faceFeatures(input),
    subject,
    sourceScale: afterScale,
    hideLabels: cropped === null,
    treatedArea: statedRect ?? input.treatedArea,
    treatedAreaName: input.options.treatedArea ?? null,
    treatedAreaSource: statedRect ? 'landmarks' : input.treatedArea ? 'pixel_difference' : null,
    faceMotion,
    branding: {
      clinicName: input.branding.clinicName,
      contact: input.branding.contact ?? null,
      treatmentTitle: input.branding.treatmentTitle ?? null,
      disclosure: input.branding.disclosure?.trim() || DEFAULT_DISCLOSURE,
      hasLogo: input.branding.hasLogo ?? false,
      accentColor: input.branding.accentColor ?? null,
      ...(input.branding.typeface ? { typeface: input.branding.typeface } : {}),
    },
    colors: sceneColors(input.branding.accentColor),
  };
}

/** The clinic's accent replaces ours; the other colours keep the text legible on them. */
export function sceneColors(accentColor: string | null | undefined): Scene['colors'] {
  return accentColor ? { ...DEFAULT_COLORS, accent: accentColor } : DEFAULT_COLORS;
}

export function frameCount(scene: Scene): number {
  return Math.round(scene.durationSeconds * scene.fps);
}
