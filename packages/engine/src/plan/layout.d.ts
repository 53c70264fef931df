import type { Aspect } from '@glowreel/contracts';
import type { Rect } from '../geometry.ts';
export interface Layout {
  /** The whole frame: full-bleed photos fill it. */
  frame: Rect;
  /** Text stays inside this box (platform buttons and captions cover the rest in 9:16). */
  safe: Rect;
  /** The two comparison slots: side by side in 16:9 and 1:1, stacked in 9:16. */
  pair: {
    before: Rect;
    after: Rect;
    axis: 'x' | 'y';
  };
  /** A hairline between the pair's slots. */
  gap: number;
  /** Type sizes in px; the smallest keeps its cap height ≥ 2.5 % of the frame height. */
  type: {
    hook: number;
    label: number;
    body: number;
  };
}
/**
 * Reels and TikTok put their own buttons and captions over the top 14 %, the bottom 20 % and
 * the right 12 % of a vertical video; every format keeps text 5 % from each edge.
 */
export declare const SAFE_INSETS: Record<
  'vertical' | 'other',
  Record<'top' | 'right' | 'bottom' | 'left', number>
>;
/** Cap height of the bundled faces as a share of the font size (Inter's is 0.727 em). */
export declare const CAP_HEIGHT_EM = 0.727;
/** Legible on a phone: cap height at least this share of the frame's height. */
export declare const MIN_CAP_HEIGHT_SHARE = 0.025;
export declare function safeArea(
  size: {
    width: number;
    height: number;
  },
  aspect: Aspect,
): Rect;
export declare function computeLayout(
  size: {
    width: number;
    height: number;
  },
  aspect: Aspect,
): Layout;
/** The largest rectangle with the panel's aspect ratio centred in `box` (nothing cropped). */
export declare function containRect(
  box: Rect,
  panel: {
    width: number;
    height: number;
  },
): Rect;
