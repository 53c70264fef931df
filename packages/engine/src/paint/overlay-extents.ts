// Where a frame's overlays (badges, texts, the divider, the highlight, the end card) can leave
// ink, from the same state their painters draw (draw-text.ts, draw-end-card.ts). Generous by
// design: the server warps a moving face after the frame is read out only where no overlay
// can lie over it, and a box drawn too large only sends a frame down the slower path.
import type { Rect } from '../geometry.ts';
import type { FrameState } from '../plan/frame-state.ts';
import type { Scene } from '../plan/scene.ts';
import { dividerFontSize } from './draw.ts';

/** Every rectangle an overlay of `state` can paint, or 'everywhere' while the end card shows. */
export function overlayExtents(
  scene: Pick<Scene, 'width' | 'height'>,
  state: FrameState,
): Rect[] | 'everywhere' {
  if (state.endCard && state.endCard.opacity > 0) return 'everywhere';
  const rects: Rect[] = [];
  for (const label of state.labels) {
    if (label.opacity > 0) rects.push(grow(label.box, 2));
  }
  for (const text of state.texts) {
    // A backing holds the lines it was fitted around; without one, glyphs may reach past the
    // box (accents, descenders), so a font size is added around it.
    if (text.opacity > 0) rects.push(grow(text.box, text.backing === 'none' ? text.fontSize : 2));
  }
  const { divider, highlight } = state;
  if (divider && divider.opacity > 0) {
    // The handle's radius and the stroke around it (drawDivider).
    const fontSize = dividerFontSize(scene, state);
    const reach = fontSize * 0.7 + Math.max(2, fontSize * 0.1) + 2;
    rects.push({
      x: divider.x - reach,
      y: divider.top - reach,
      width: reach * 2,
      height: divider.bottom - divider.top + reach * 2,
    });
  }
  if (highlight && highlight.opacity > 0) {
    // The stroke and its glow (shadowBlur of four line widths, which spreads about twice that).
    const reach = highlight.lineWidth * 10 + 2;
    rects.push({
      x: highlight.center.x - highlight.radiusX - reach,
      y: highlight.center.y - highlight.radiusY - reach,
      width: (highlight.radiusX + reach) * 2,
      height: (highlight.radiusY + reach) * 2,
    });
  }
  return rects;
}

function grow(rect: Rect, by: number): Rect {
  return {
    x: rect.x - by,
    y: rect.y - by,
    width: rect.width + by * 2,
    height: rect.height + by * 2,
  };
}
