// The templates: each is a pure plan from (scene, t) to a frame state.
import type { Template } from '@glowreel/contracts';
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
