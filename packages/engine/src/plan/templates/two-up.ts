// The full-bleed moments of Reveal and Story when the photos are too small to fill the frame
// alone (a portrait strip in 16:9, a landscape photo in 9:16): the pair's slots instead of one
// narrow stage with a wash either side. The first slot shows the before; the second shows the
// before giving way to the after, by a wipe (Reveal) or a cut (Story). Real pixels only.
import type { Rect } from '../../geometry.ts';
import { progress } from '../easing.ts';
import type { FrameState, LabelState, PanelState } from '../frame-state.ts';
import type { Framing } from '../framing.ts';
import { pairAfterEdge, panel, type PanelName, type TemplateContext } from './parts.ts';
import { badgeBoxes, label } from './badges.ts';

export interface TwoUp {
  panels: PanelState[];
  labels: (LabelState | null)[];
  divider: FrameState['divider'];
  /** Where the badges sit whatever their opacity (text keeps off them). */
  taken: Rect[];
}

/**
 * The two slots at t: `wipe` (0..1) is how much of the second slot the after photo covers,
 * from its left edge; `zoom` pushes both in; `beforeBadge` is the BEFORE badge's opacity.
 */
export function twoUp(
  context: TemplateContext,
  t: number,
  options: {
    wipe: number;
    zoom: number;
    beforeBadge: number;
    /** The slots' framings: the face close-ups unless given (Detail's treated area). */
    framings?: Record<PanelName, Framing>;
  },
): TwoUp {
  const { wipe, zoom } = options;
  const framings = options.framings ?? context.pair;
  const first = framings.before;
  const second = framings.after;
  const slot = second.rect;
  const lineX = slot.x + slot.width * wipe;
  const before = panel(context, 'before', first, t, zoom);
  const beforeAgain = panel(context, 'before', second, t, zoom, {
    ...slot,
    x: lineX,
    width: slot.x + slot.width - lineX,
  });
  const after = panel(context, 'after', second, t, zoom, { ...slot, width: lineX - slot.x });
  const panels = [before, beforeAgain, after];
  // Badges keep off the faces as the whole slots show them (the wipe's clip would move them).
  const whole = [before, { ...after, clip: slot }];
  const beforeBadge = label(context, 'BEFORE', first.rect, 'left', 1, whole);
  const afterBadge = label(context, 'AFTER', slot, 'left', 1, whole, pairAfterEdge(context));
  // The AFTER badge shows once the line has passed it, so the wipe never cuts it.
  const afterOpacity = afterBadge
    ? progress(
        wipe,
        (afterBadge.box.x + afterBadge.box.width - slot.x) / slot.width,
        (afterBadge.box.x + afterBadge.box.width - slot.x) / slot.width + 0.15,
      )
    : 0;
  return {
    panels,
    labels: [
      beforeBadge && options.beforeBadge > 0
        ? { ...beforeBadge, opacity: options.beforeBadge }
        : null,
      afterBadge && afterOpacity > 0 ? { ...afterBadge, opacity: afterOpacity } : null,
    ],
    divider:
      wipe > 0 && wipe < 1
        ? { x: lineX, top: slot.y, bottom: slot.y + slot.height, opacity: 1 }
        : null,
    taken: badgeBoxes([beforeBadge, afterBadge]),
  };
}
