// The full-bleed moments of Reveal, Story and Detail when the photos are too small to fill the
// frame alone (a portrait strip in 16:9, a landscape photo in 9:16): the pair's slots instead
// of one narrow stage with a wash either side. Each slot shows its own photo from the first
// frame, the before in the first and the after in the second, in the same crop: never the
// before twice (a slot that repeats its neighbour says nothing), and nothing but real pixels.
import type { Rect } from '../../geometry.ts';
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
 * The two slots at t: `zoom` pushes both in; `badges` is the BEFORE and AFTER badges' opacity
 * (they come in together, once the hook has gone).
 */
export function twoUp(
  context: TemplateContext,
  t: number,
  options: {
    zoom: number;
    badges: number;
    /** The slots' framings: the face close-ups unless given (Detail's treated area). */
    framings?: Record<PanelName, Framing>;
  },
): TwoUp {
  const { zoom, badges } = options;
  const framings = options.framings ?? context.pair;
  const before = panel(context, 'before', framings.before, t, zoom);
  const after = panel(context, 'after', framings.after, t, zoom);
  const shown = [before, after];
  const beforeBadge = label(context, 'BEFORE', before.rect, 'left', 1, shown);
  const afterBadge = label(context, 'AFTER', after.rect, 'left', 1, shown, pairAfterEdge(context));
  const withOpacity = (badge: LabelState | null) =>
    badge && badges > 0 ? { ...badge, opacity: badges } : null;
  return {
    panels: shown,
    labels: [withOpacity(beforeBadge), withOpacity(afterBadge)],
    divider: null,
    taken: badgeBoxes([beforeBadge, afterBadge]),
  };
}
