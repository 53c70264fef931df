// Detail: both photos close on the treated area, full-bleed, cut back and forth in sync
// (before, after, before, after) with their badges, the last after held with a push-in.
import type { Rect } from '../../geometry.ts';
import type { FrameState, LabelState, PanelState } from '../frame-state.ts';
import type { Scene } from '../scene.ts';
import {
  comparisonEnd,
  footerTexts,
  hookText,
  panel,
  present,
  pushAmount,
  proofStart,
  templateContext,
  window,
  type PanelName,
} from './parts.ts';
import { badgeBoxes, label } from './badges.ts';
import { endCard } from './end-card.ts';
import { proofFrame } from './proof.ts';
import { detailCuts } from './beats.ts';
import { closeUpBesideFace, faceAndCloseUp, twoUp } from './two-up.ts';

export function planDetail(scene: Scene, t: number): FrameState {
  const context = templateContext(scene);
  if (t >= proofStart(context)) return proofFrame(context, t);
  const end = comparisonEnd(context);
  const cuts = detailCuts(context.phases);
  const shot = cuts.filter((cut) => t >= cut).length;
  const which: PanelName = shot % 2 === 0 ? 'before' : 'after';
  const lastCut = cuts[2];
  const zoom = shot === 3 ? pushAmount(context, t, lastCut, proofStart(context)) : 1;
  // The first shot carries the hook, the badges the shots after it (one text at a time).
  const badgeOpacity = shot === 0 ? 0 : 1;
  let panels: PanelState[];
  let labels: (LabelState | null)[];
  let taken: Rect[];
  if (context.detail.shrunk && !context.detailPair.before.shrunk && closeUpBesideFace(context)) {
    // Too few pixels to fill the frame close on the treated area: each shot's photo in the
    // pair's slots, its face beside the treated area close up, cut in sync as full-bleed.
    ({ panels, labels, taken } = faceAndCloseUp(context, which, t, { zoom, badge: badgeOpacity }));
  } else if (context.detail.shrunk && !context.detailPair.before.shrunk) {
    // A close-up no tighter than the face: before and after side by side (stacked in 9:16)
    // in the pair's slots, close on the treated area, their badges after the hook.
    ({ panels, labels, taken } = twoUp(context, t, {
      zoom: 1,
      badges: badgeOpacity,
      framings: context.detailPair,
    }));
  } else {
    const shown = panel(context, which, context.detail, t, zoom);
    const stage = context.detail.rect;
    const badge = label(
      context,
      which === 'before' ? 'BEFORE' : 'AFTER',
      stage,
      'left',
      badgeOpacity,
      [shown],
    );
    panels = [shown];
    labels = [badge];
    taken = badgeBoxes([badge]);
  }
  return {
    panels,
    labels: present(labels),
    divider: null,
    highlight: null,
    texts: [
      ...(window(t, -1, cuts[0]) > 0 ? [hookText(context, window(t, -1, cuts[0]), panels)] : []),
      ...footerTexts(
        context,
        panels,
        { handle: window(t, lastCut, end), caption: window(t, cuts[0], end) },
        taken,
      ),
    ],
    endCard: endCard(context, t),
  };
}
