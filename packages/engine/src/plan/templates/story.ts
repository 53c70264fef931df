// Story: a hook title card over the before photo, the before, the after (its face moving),
// both together as proof, then the end card.
import { progress } from '../easing.ts';
import type { Rect } from '../../geometry.ts';
import type { FrameState, LabelState } from '../frame-state.ts';
import type { Scene } from '../scene.ts';
import {
  comparisonEnd,
  footerCrowdsBadges,
  footerOverBadges,
  footerTexts,
  highlight,
  hookText,
  panel,
  present,
  pushAmount,
  proofFooterStart,
  proofPair,
  proofStart,
  templateContext,
  window,
} from './parts.ts';
import { badgeBoxes, isOverAny, label } from './badges.ts';
import { endCard } from './end-card.ts';
import { storyBeats } from './beats.ts';
import { closeUpBesideFace, faceAndCloseUp, twoUp } from './two-up.ts';

export function planStory(scene: Scene, t: number): FrameState {
  const context = templateContext(scene);
  const end = comparisonEnd(context);
  const { hookEnd, afterStart } = storyBeats(context.phases);
  const proofAt = proofStart(context);
  let panels;
  let labels: (LabelState | null)[];
  // The footer keeps off the badges' places even while they are faded out (it never jumps);
  // the hook is gone before any badge comes in (one text at a time).
  let taken: Rect[];
  if (context.twoUp && t < proofAt && closeUpBesideFace(context)) {
    // Photos too small to fill the frame alone: each photo's face beside its treated area,
    // the before (the hook over it, then its badge), then a cut to the after.
    const which = t < afterStart ? 'before' : 'after';
    const zoom =
      which === 'before'
        ? pushAmount(context, t, 0, afterStart)
        : pushAmount(context, t, afterStart, proofAt);
    const badge = which === 'before' ? progress(t, hookEnd, hookEnd + 0.2) : 1;
    ({ panels, labels, taken } = faceAndCloseUp(context, which, t, { zoom, badge }));
  } else if (context.twoUp && t < proofAt) {
    // A close-up no tighter than the face: before and after in the pair's slots from the
    // first frame (never one view twice), the hook over them, then their badges. No push-in:
    // the proof that follows shows the same slots, unzoomed, without a jump.
    const shown = twoUp(context, t, { zoom: 1, badges: progress(t, hookEnd, hookEnd + 0.2) });
    ({ panels, labels, taken } = shown);
  } else if (t < afterStart) {
    const before = panel(context, 'before', context.full, t, pushAmount(context, t, 0, afterStart));
    panels = [before];
    const badge = label(context, 'BEFORE', before.rect, 'left', 1, [before]);
    const opacity = progress(t, hookEnd, hookEnd + 0.2);
    labels = [badge && opacity > 0 ? { ...badge, opacity } : null];
    taken = badgeBoxes([badge]);
  } else if (t < proofAt) {
    const after = panel(
      context,
      'after',
      context.full,
      t,
      pushAmount(context, t, afterStart, proofAt),
    );
    panels = [after];
    labels = [label(context, 'AFTER', after.rect, 'left', 1, [after])];
    taken = badgeBoxes(labels);
  } else {
    ({ panels, labels } = proofPair(context, t));
    taken = badgeBoxes(labels);
  }
  const afterPanel = panels.find((shown) => shown.which === 'after');
  // In the proof, a crowded seam is the badges' first.
  const crowded = t >= proofAt && footerCrowdsBadges(context, panels, labels);
  const footerFrom = proofFooterStart(context, crowded);
  const opacity = {
    handle: window(t, Math.max(afterStart, footerFrom), end),
    caption: window(t, Math.max(proofAt, footerFrom), end),
  };
  // The footer keeps its place whether the badges show or not; only where it cannot keep off
  // them (a face-filled stacked pair) do they give way.
  const clearOfBadges = footerTexts(context, panels, opacity, taken);
  const footer = isOverAny(clearOfBadges, taken)
    ? footerOverBadges(context, panels, opacity, present(labels))
    : { texts: clearOfBadges, labels: present(labels) };
  return {
    panels,
    // Once the footer has taken a crowded seam, the badges stay away.
    labels: crowded && t >= footerFrom ? [] : footer.labels,
    divider: null,
    highlight: afterPanel ? highlight(context, afterPanel, t, afterStart + 0.3) : null,
    texts: [
      ...(window(t, -1, hookEnd) > 0
        ? [hookText(context, window(t, -1, hookEnd), panels, ['top', 'bottom'])]
        : []),
      ...footer.texts,
    ],
    endCard: endCard(context, t),
  };
}
