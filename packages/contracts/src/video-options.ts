import { z } from 'zod';
import { TEMPLATES, TREATED_AREAS } from './creative.ts';
import type { PlanId } from './plans.ts';

// SPEC §9 option vocabularies and defaults, shared by the form, the API and the engine.
export const PRIMARY_ANIMATIONS = [
  'animate_before_head_turn',
  'animate_after_head_turn',
  'animate_after_smile',
  'animate_after_surprise',
] as const;
export const EMPHASIS_EFFECTS = ['none', 'hand_gesture', 'subtle_zoom'] as const;
export const MOTION_SPEEDS = ['slow', 'normal', 'fast'] as const;
export const ASPECTS = ['16:9', '9:16', '1:1'] as const;

export type PrimaryAnimation = (typeof PRIMARY_ANIMATIONS)[number];
export type EmphasisEffect = (typeof EMPHASIS_EFFECTS)[number];
export type MotionSpeed = (typeof MOTION_SPEEDS)[number];
export type Aspect = (typeof ASPECTS)[number];

export const DEFAULT_VIDEO_OPTIONS = {
  primaryAnimation: 'animate_before_head_turn',
  emphasisEffect: 'none',
  motionSpeed: 'normal',
  aspect: '16:9',
} as const satisfies {
  primaryAnimation: PrimaryAnimation;
  emphasisEffect: EmphasisEffect;
  motionSpeed: MotionSpeed;
  aspect: Aspect;
};

export const videoOptionsSchema = z.object({
  primaryAnimation: z.enum(PRIMARY_ANIMATIONS).default(DEFAULT_VIDEO_OPTIONS.primaryAnimation),
  emphasisEffect: z.enum(EMPHASIS_EFFECTS).default(DEFAULT_VIDEO_OPTIONS.emphasisEffect),
  motionSpeed: z.enum(MOTION_SPEEDS).default(DEFAULT_VIDEO_OPTIONS.motionSpeed),
  aspect: z.enum(ASPECTS).default(DEFAULT_VIDEO_OPTIONS.aspect),
  autoAlign: z.boolean().default(true),
  /** Where the treatment was (DESIGN.md D16); the service decides when it is required. */
  treatedArea: z.enum(TREATED_AREAS).optional(),
  // Omitted means the format's default (defaultTemplateFor), resolved where the video is made.
  template: z.enum(TEMPLATES).optional(),
});
export type VideoOptions = z.infer<typeof videoOptionsSchema>;

export const ANIMATION_LABELS: Record<PrimaryAnimation, string> = {
  animate_before_head_turn: 'Before photo: head turn',
  animate_after_head_turn: 'After photo: head turn',
  animate_after_smile: 'After photo: smile',
  animate_after_surprise: 'After photo: surprise',
};
export const EMPHASIS_LABELS: Record<EmphasisEffect, string> = {
  none: 'None',
  hand_gesture: 'Highlight the treated area',
  subtle_zoom: 'Subtle zoom',
};
export const SPEED_LABELS: Record<MotionSpeed, string> = {
  slow: 'Slow',
  normal: 'Normal',
  fast: 'Fast',
};

/** DESIGN.md D3: Free and Starter render at 720p, Pro and Enterprise at 1080p. */
export function outputSizeFor(plan: PlanId, aspect: Aspect): { width: number; height: number } {
  const shortSide = plan === 'pro' || plan === 'enterprise' ? 1080 : 720;
  const longSide = (shortSide * 16) / 9;
  switch (aspect) {
    case '16:9':
      return { width: longSide, height: shortSide };
    case '9:16':
      return { width: shortSide, height: longSide };
    case '1:1':
      return { width: shortSide, height: shortSide };
  }
}

export const VIDEO_FPS = 30;
export const VIDEO_DURATION_SECONDS = 8;
