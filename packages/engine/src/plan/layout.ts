import type { Aspect } from '@glowreel/contracts';
import type { Rect } from '../geometry.ts';

export interface Layout {
  /** Where a single panel is shown during the opening reveal. */
  stage: Rect;
  beforeSlot: Rect;
  afterSlot: Rect;
  /** Text stays inside this box (platform UI covers the edges of vertical video). */
  safe: Rect;
  labelFontSize: number;
  captionFontSize: number;
}

// Vertical video: TikTok/Reels/Shorts overlay the top ~12% and the bottom ~20% (captions,
// buttons) and the right edge (action column), so text and faces stay inside this box.
const VERTICAL_SAFE = { left: 0.06, right: 0.12, top: 0.12, bottom: 0.22 };

function insetRect(
  width: number,
  height: number,
  inset: { left: number; right: number; top: number; bottom: number },
): Rect {
  const x = width * inset.left;
  const y = height * inset.top;
  return {
    x,
    y,
    width: width * (1 - inset.left - inset.right),
    height: height * (1 - inset.top - inset.bottom),
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

export function computeLayout(
  size: { width: number; height: number },
  aspect: Aspect,
  panel: { width: number; height: number },
): Layout {
  const shortSide = Math.min(size.width, size.height);
  const margin = shortSide * 0.05;
  const isVertical = aspect === '9:16';
  const safe = isVertical
    ? insetRect(size.width, size.height, VERTICAL_SAFE)
    : { x: margin, y: margin, width: size.width - 2 * margin, height: size.height - 2 * margin };
  // Leave a band under the panels for the disclosure caption.
  const captionFontSize = shortSide * 0.03;
  const content: Rect = { ...safe, height: safe.height - captionFontSize * 2.2 };
  const gap = shortSide * 0.025;
  let beforeBox: Rect;
  let afterBox: Rect;
  if (isVertical) {
    const half = (content.height - gap) / 2;
    beforeBox = { ...content, height: half };
    afterBox = { ...content, y: content.y + half + gap, height: half };
  } else {
    const half = (content.width - gap) / 2;
    beforeBox = { ...content, width: half };
    afterBox = { ...content, x: content.x + half + gap, width: half };
  }
  return {
    stage: containRect(content, panel),
    beforeSlot: containRect(beforeBox, panel),
    afterSlot: containRect(afterBox, panel),
    safe,
    labelFontSize: shortSide * 0.04,
    captionFontSize,
  };
}

/** The largest on-screen scale of the canonical panel over the whole video (zoom included). */
export function largestPanelScale(
  layout: Layout,
  panel: { width: number },
  maxZoom = 1.05,
): number {
  const widest = Math.max(layout.stage.width, layout.beforeSlot.width, layout.afterSlot.width);
  return (widest / panel.width) * maxZoom;
}
