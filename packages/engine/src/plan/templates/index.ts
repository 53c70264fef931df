// The templates: each is a pure plan from (scene, t) to a frame state.
import type { Aspect, Template } from '@glowreel/contracts';
import type { Scene } from '../scene.ts';
import type { FrameState } from '../frame-state.ts';
import { planDetail } from './detail.ts';
import { planReveal } from './reveal.ts';
import { planSplit } from './split.ts';
import { planStory } from './story.ts';

export const TEMPLATE_PLANS: Record<Template, (scene: Scene, t: number) => FrameState> = {
  reveal: planReveal,
  split: planSplit,
  detail: planDetail,
  story: planStory,
};

/** The moment that shows a template best, for the picker's thumbnails (normal speed). */
export const TEMPLATE_THUMBNAIL_SECONDS: Record<Template, number> = {
  reveal: 1.9,
  split: 3.0,
  detail: 2.0,
  story: 0.8,
};

/**
 * Each format's default: Reels and TikTok viewers decide in 2–3 s, so 9:16 opens on the
 * face with the hook and reveals fast (Reveal); the square feed shows the proof at once
 * (Split); 16:9 (websites) tells the whole story.
 */
export const DEFAULT_TEMPLATE: Record<Aspect, Template> = {
  '9:16': 'reveal',
  '1:1': 'split',
  '16:9': 'split',
};
