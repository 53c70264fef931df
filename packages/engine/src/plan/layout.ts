// Where things go in each format, from the frame's size and safe area only (no pixel
// constants), so a template designed once fits 16:9, 9:16 and 1:1 at any resolution.
import type { Aspect } from '@glowreel/contracts';
import type { Rect } from '../geometry.ts';

export interface Layout {
  /** The whole frame: full-bleed photos fill it. */
  frame: Rect;
  /** Text stays inside this box (platform buttons and captions cover the rest in 9:16). */
  safe: Rect;
  /** The two comparison slots: side by side in 16:9 and 1:1, stacked in 9:16. */
  pair: { before: Rect; after: Rect; axis: 'x' | 'y' };
  /** A hairline between the pair's slots. */
  gap: number;
  /** Type sizes in px; the smallest keeps its cap height ≥ 2.5 % of the frame height. */
  type: { hook: number; name: number; label: number; body: number };
}

/**
 * Reels and TikTok put their own buttons and captions over the top 14 %, the bottom 20 % and
 * the right 12 % of a vertical video; every format keeps text 5 % from each edge.
 */
export const SAFE_INSETS: Record<
  'vertical' | 'other',
  Record<'top' | 'right' | 'bottom' | 'left', number>
> = {
  vertical: { top: 0.14, right: 0.12, bottom: 0.2, left: 0.05 },
  other: { top: 0.05, right: 0.05, bottom: 0.05, left: 0.05 },
};

/** Cap height of the bundled faces as a share of the font size (Inter's is 0.727 em). */
export const CAP_HEIGHT_EM = 0.727;
/** Legible on a phone: cap height at least this share of the frame's height. */
export const MIN_CAP_HEIGHT_SHARE = 0.025;
/** The hook's design cap height as a share of the frame's height (it matters in 9:16). */
export const HOOK_CAP_SHARE = 0.045;

export function safeArea(size: { width: number; height: number }, aspect: Aspect): Rect {
  const insets = SAFE_INSETS[aspect === '9:16' ? 'vertical' : 'other'];
  // "5 % from every edge" is read against each edge's own dimension, whichever is larger.
  const left = size.width * insets.left;
  const right = size.width * insets.right;
  const top = size.height * insets.top;
  const bottom = size.height * insets.bottom;
  return { x: left, y: top, width: size.width - left - right, height: size.height - top - bottom };
}

export function computeLayout(size: { width: number; height: number }, aspect: Aspect): Layout {
  const frame: Rect = { x: 0, y: 0, width: size.width, height: size.height };
  const shortSide = Math.min(size.width, size.height);
  const gap = Math.max(2, Math.round(shortSide * 0.006));
  const stacked = aspect === '9:16';
  const pair = stacked
    ? {
        before: { x: 0, y: 0, width: size.width, height: (size.height - gap) / 2 },
        after: {
          x: 0,
          y: (size.height + gap) / 2,
          width: size.width,
          height: (size.height - gap) / 2,
        },
        axis: 'y' as const,
      }
    : {
        before: { x: 0, y: 0, width: (size.width - gap) / 2, height: size.height },
        after: {
          x: (size.width + gap) / 2,
          y: 0,
          width: (size.width - gap) / 2,
          height: size.height,
        },
        axis: 'x' as const,
      };
  // The smallest legible size, then steps up from it (3 % of the frame's height in cap height).
  const body = Math.ceil((size.height * MIN_CAP_HEIGHT_SHARE * 1.04) / CAP_HEIGHT_EM);
  const name = Math.round(Math.max(body * 1.6, shortSide * 0.075));
  return {
    frame,
    safe: safeArea(size, aspect),
    pair,
    gap,
    type: {
      body,
      label: Math.round(body * 1.08),
      // A hook reads at phone size in the first second: in a tall frame its capitals are at
      // least 4.5 % of the height (the short side alone would make it 3 %).
      hook: Math.round(Math.max(name, (size.height * HOOK_CAP_SHARE) / CAP_HEIGHT_EM)),
      // The end card's clinic name: large, yet one line for most names.
      name,
    },
  };
}

/** The largest rectangle with the panel's aspect ratio centred in `box` (nothing cropped). */
export function containRect(box: Rect, panel: { width: number; height: number }): Rect {
  const scale = Math.min(box.width / panel.width, box.height / panel.height);
  const width = panel.width * scale;
  const height = panel.height * scale;
  return {
    x: box.x + (box.width - width) / 2,
    y: box.y + (box.height - height) / 2,
    width,
    height,
  };
}
