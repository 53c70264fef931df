// Detail: both photos close on the treated area, full-bleed, cut back and forth in sync
// (before, after, before, after) with their badges, the last after held with a push-in.
import type { FrameState } from '../frame-state.ts';
import type { Scene } from '../scene.ts';
import {
  comparisonEnd,
  footerTexts,
  hookText,
  badgeBoxes,
  label,
  panel,
  present,
  pushAmount,
  proofStart,
  templateContext,
  window,
  type PanelName,
} from './parts.ts';
import { endCard } from './end-card.ts';
import { proofFrame } from './proof.ts';
import { detailCuts } from './beats.ts';

export function planDetail(scene: Scene, t: number): FrameState {
  const context = templateContext(scene);
  if (t >= proofStart(context)) return proofFrame(context, t);
  const end = comparisonEnd(context);
  const cuts = detailCuts(context.phases);
  const shot = cuts.filter((cut) => t >= cut).length;
  const which: PanelName = shot % 2 === 0 ? 'before' : 'after';
  const lastCut = cuts[2];
  const zoom = shot === 3 ? pushAmount(context, t, lastCut, proofStart(context)) : 1;
  const shown = panel(context, which, context.detail, t, zoom);
  const stage = context.detail.rect;
  const badge = label(context, which === 'before' ? 'BEFORE' : 'AFTER', stage, 'left', 1, [shown]);
  const taken = badgeBoxes([badge]);
  return {
    panels: [shown],
    labels: present([badge]),
    divider: null,
    highlight: null,
    texts: [
      ...(window(t, -1, cuts[0]) > 0
        ? [hookText(context, window(t, -1, cuts[0]), [shown], undefined, taken)]
        : []),
      ...footerTexts(
        context,
        [shown],
        { handle: window(t, lastCut, end), caption: window(t, cuts[0], end) },
        taken,
      ),
    ],
    endCard: endCard(context, t),
  };
}
