import type { Aspect, Template } from '@glowreel/contracts';
import type { Scene } from '../scene.ts';
import type { FrameState } from '../frame-state.ts';
export declare const TEMPLATE_PLANS: Record<Template, (scene: Scene, t: number) => FrameState>;
/** The moment that shows a template best, for the picker's thumbnails (normal speed). */
export declare const TEMPLATE_THUMBNAIL_SECONDS: Record<Template, number>;
/**
 * Each format's default: Reels and TikTok viewers decide in 2–3 s, so 9:16 opens on the
 * face with the hook and reveals fast (Reveal); the square feed shows the proof at once
 * (Split); 16:9 (websites) tells the whole story.
 */
export declare const DEFAULT_TEMPLATE: Record<Aspect, Template>;
