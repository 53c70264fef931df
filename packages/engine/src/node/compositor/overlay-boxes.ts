// Where a frame's badges, texts, divider, highlight and end card can put paint: the compositor
// clears, draws, reads and lays over only these parts of the overlay layer, instead of the whole
// 1080p frame each time a text fades. A test draws every template's overlays and checks that no
// painted pixel falls outside.
import type { Rect } from '../../geometry.ts';
import type { FrameState } from '../../plan/frame-state.ts';
import { mergeOverlapping } from './frame-changes.ts';

/** A rectangle of whole pixels. */
export type PixelRect = Rect;

/** Room for anti-aliasing and rounding around every box. */
const EDGE_PX = 3;

/**
 * Whole-pixel rectangles inside the frame, no two sharing a pixel, that hold every pixel
 * drawOverlays can paint for `state` (empty when it paints none).
 */
export function overlayBoxes(
  size: { width: number; height: number },
  state: FrameState,
  /** Whether the end card paints its backdrop (DrawOptions.endCardBackdrop). */
  endCardBackdrop = true,
): PixelRect[] {
  const boxes: Rect[] = [];
  const { endCard } = state;
  if (endCard && endCard.opacity > 0) {
    if (endCardBackdrop) return [{ x: 0, y: 0, width: size.width, height: size.height }];
    // The logo's plate reaches half a body line around its slot.
    if (endCard.logo) boxes.push(grow(endCard.logo, endCard.layout.type.body * 0.5 + EDGE_PX));
    for (const text of endCard.texts) boxes.push(grow(text.box, text.fontSize * 0.5 + EDGE_PX));
  }
  for (const label of state.labels) {
    if (label.opacity > 0) boxes.push(grow(label.box, EDGE_PX));
  }
  for (const text of state.texts) {
    // Fitted lines stay inside their box; a glyph's overhang (an italic, a wide letter at the
    // edge) gets half an em.
    if (text.opacity > 0) boxes.push(grow(text.box, text.fontSize * 0.5 + EDGE_PX));
  }
  const labelFont = state.labels[0]?.fontSize ?? Math.min(size.width, size.height) * 0.04;
  const { divider, highlight } = state;
  if (divider && divider.opacity > 0) {
    // The line (at most a tenth of the badge font wide) and its round handle (0.7 em, stroked).
    const reach = labelFont * 0.8 + Math.max(2, labelFont * 0.1) + EDGE_PX;
    boxes.push({
      x: divider.x - reach,
      y: Math.min(divider.top, (divider.top + divider.bottom) / 2 - reach) - EDGE_PX,
      width: reach * 2,
      height: Math.abs(divider.bottom - divider.top) + 2 * reach + 2 * EDGE_PX,
    });
  }
  if (highlight && highlight.opacity > 0) {
    // The stroke's half width and its glow (a blur of four line widths reaches ~1.5 times that).
    const reach = highlight.lineWidth * 6.5 + EDGE_PX;
    boxes.push({
      x: highlight.center.x - highlight.radiusX - reach,
      y: highlight.center.y - highlight.radiusY - reach,
      width: 2 * (highlight.radiusX + reach),
      height: 2 * (highlight.radiusY + reach),
    });
  }
  return mergeOverlapping(boxes.map((box) => wholePixels(box, size)).filter((box) => box !== null));
}

function grow(box: Rect, by: number): Rect {
  return { x: box.x - by, y: box.y - by, width: box.width + 2 * by, height: box.height + 2 * by };
}

function wholePixels(box: Rect, size: { width: number; height: number }): Rect | null {
  const left = Math.max(0, Math.floor(box.x));
  const top = Math.max(0, Math.floor(box.y));
  const right = Math.min(size.width, Math.ceil(box.x + box.width));
  const bottom = Math.min(size.height, Math.ceil(box.y + box.height));
  return right > left && bottom > top
    ? { x: left, y: top, width: right - left, height: bottom - top }
    : null;
}
