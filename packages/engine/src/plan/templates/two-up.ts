// The full-bleed moments of Reveal, Story and Detail when the photos are too small to fill the
// frame alone (a portrait strip in 16:9, a landscape photo in 9:16): the pair's slots instead
// of one narrow stage with a wash either side, and nothing but real pixels. Either one photo
// fills both slots, its face beside a close-up of the treated area (the templates still cut
// or wipe from the before to the after), or, where that close-up is not much tighter than the
// face, each slot shows its own photo from the first frame, the before beside the after in
// the same crop: never one view twice (a slot that repeats its neighbour says nothing).
import type { Rect } from '../../geometry.ts';
import type { FrameState, LabelState, PanelState } from '../frame-state.ts';
import type { Framing } from '../framing.ts';
import {
  footerTexts,
  pairAfterEdge,
  panel,
  type PanelName,
  type TemplateContext,
} from './parts.ts';
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

/**
 * A close-up at least this many times tighter than the face slot's view shows something the
 * face slot does not (the treated area's detail), so the same photo may fill both slots.
 */
export const CLOSE_UP_RATIO = 1.6;

/** Whether the treated area's close-up is tight enough to show beside the same photo's face. */
export function closeUpBesideFace(context: TemplateContext): boolean {
  return context.detailPair.after.view.height * CLOSE_UP_RATIO <= context.pair.before.view.height;
}

/**
 * One photo in both of the pair's slots: its face in the first, the treated area close up in
 * the second (only where closeUpBesideFace: never one view twice), its badge on the face's
 * slot at the given opacity. Cutting from the before to the after changes both slots at once.
 */
export function faceAndCloseUp(
  context: TemplateContext,
  which: PanelName,
  t: number,
  options: { zoom: number; badge: number },
): TwoUp {
  const face = panel(context, which, context.pair.before, t, options.zoom);
  const closeUp = panel(context, which, context.detailPair.after, t, options.zoom);
  const text = which === 'before' ? 'BEFORE' : 'AFTER';
  // The handle and the caption go where they keep off the faces, the badge where it keeps off
  // them (a stacked pair's seam would otherwise hold both).
  const footer = footerTexts(context, [face, closeUp], { handle: 1, caption: 1 });
  const keepOff = footer.map((shown) => shown.box);
  const badge = label(context, text, face.rect, 'left', 1, [face], 'top', keepOff);
  return {
    panels: [face, closeUp],
    labels: [badge && options.badge > 0 ? { ...badge, opacity: options.badge } : null],
    divider: null,
    taken: badgeBoxes([badge]),
  };
}
