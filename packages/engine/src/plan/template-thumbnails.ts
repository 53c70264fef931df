import type { Template } from '@glowreel/contracts';

/**
 * The moment (seconds into the video) that shows each template best, for the picker's
 * small thumbnails: the comparison at its clearest, not the first frame. Placeholders until
 * the templates' timelines settle; the template authors move these with their timelines.
 */
export const TEMPLATE_THUMBNAIL_SECONDS: Record<Template, number> = {
  reveal: 2.0,
  split: 4.5,
  detail: 3.0,
  story: 0.8,
};
