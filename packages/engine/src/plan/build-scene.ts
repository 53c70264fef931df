import {
  VIDEO_DURATION_SECONDS,
  VIDEO_FPS,
  defaultTemplateFor,
  type VideoOptions,
} from '@glowreel/contracts';
import type { FaceLandmarks } from '../faces/face-types.ts';
import type { Affine, Point, Rect } from '../geometry.ts';
import { computeLayout } from './layout.ts';
import { planFaceMotion } from '../motion/face-motion-plan.ts';
import { DEFAULT_COLORS, DEFAULT_DISCLOSURE, type Branding, type Scene } from './scene.ts';

export interface SceneInput {
  size: { width: number; height: number };
  /** `template` omitted: the format's default (defaultTemplateFor). */
  options: Pick<
    VideoOptions,
    'primaryAnimation' | 'emphasisEffect' | 'motionSpeed' | 'aspect' | 'template'
  >;
  beforeSize: { width: number; height: number };
  afterSize: { width: number; height: number };
  /** After-panel pixels → before-panel pixels, from face alignment; null when not aligned. */
  alignment: Affine | null;
  faceCenter: Point | null;
  treatedArea: Rect | null;
  /**
   * The faces found in each panel (in that panel photo's own pixels) for face motion; null
   * when no face analysis ran. Omitted means null.
   */
  faces?: { before: FaceLandmarks | null; after: FaceLandmarks | null } | null;
  branding: Partial<Branding> & { clinicName: string };
}

/** Stretches the after panel onto the before panel's frame when there is no alignment. */
function resizeTransform(
  from: { width: number; height: number },
  to: { width: number; height: number },
): Affine {
  return { a: to.width / from.width, b: 0, c: 0, d: to.height / from.height, e: 0, f: 0 };
}

export function buildScene(input: SceneInput): Scene {
  const { beforeSize } = input;
  const afterTransform = input.alignment ?? resizeTransform(input.afterSize, beforeSize);
  // The 120 px rule is judged where each panel is shown largest (the opening stage).
  const stageScale =
    computeLayout(input.size, input.options.aspect, beforeSize).stage.width / beforeSize.width;
  const afterScale = Math.sqrt(
    Math.abs(afterTransform.a * afterTransform.d - afterTransform.b * afterTransform.c),
  );
  const faceMotion = planFaceMotion({
    primaryAnimation: input.options.primaryAnimation,
    faces: input.faces ?? null,
    displayScale: { before: stageScale, after: stageScale * afterScale },
  });
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
    focus: input.faceCenter ?? { x: beforeSize.width / 2, y: beforeSize.height / 2 },
    treatedArea: input.treatedArea,
    faceMotion,
    branding: {
      clinicName: input.branding.clinicName,
      contact: input.branding.contact ?? null,
      treatmentTitle: input.branding.treatmentTitle ?? null,
      disclosure: input.branding.disclosure?.trim() || DEFAULT_DISCLOSURE,
      hasLogo: input.branding.hasLogo ?? false,
    },
    colors: DEFAULT_COLORS,
  };
}

export function frameCount(scene: Scene): number {
  return Math.round(scene.durationSeconds * scene.fps);
}
