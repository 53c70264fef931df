// Split: before and after together from the first frame (side by side in 16:9 and 1:1,
// stacked in 9:16), the hook over them, face motion on the chosen panel, then a slow
// push-in on both.
import type { FrameState } from '../frame-state.ts';
import type { Scene } from '../scene.ts';
import {
  comparisonEnd,
  faceHeldFrom,
  footerTexts,
  highlight,
  hookText,
  pairAfterEdge,
  panel,
  present,
  proofStart,
  pushAmount,
  templateContext,
  window,
  zoomKeepingFace,
} from './parts.ts';
import { badgeBoxes, givingWay, isOverAny, label } from './badges.ts';
import { endCard } from './end-card.ts';
import { splitBeats } from './beats.ts';

export function planSplit(scene: Scene, t: number): FrameState {
  const context = templateContext(scene);
  const end = comparisonEnd(context);
  const { hookEnd, pushStart } = splitBeats(context.phases, faceHeldFrom(context), end);
  const zoom = zoomKeepingFace(
    context,
    context.pair.before,
    pushAmount(context, t, pushStart, end),
  );
  const before = panel(context, 'before', context.pair.before, t, zoom);
  const after = panel(context, 'after', context.pair.after, t, zoom);
  const labels = [
    label(context, 'BEFORE', before.rect, 'left', 1, [before, after]),
    label(context, 'AFTER', after.rect, 'left', 1, [before, after], pairAfterEdge(context)),
  ];
  const taken = badgeBoxes(labels);
  // A face-filled stacked pair leaves the handle only the badges' place, the seam: there the
  // badges have it from the hook's end until the proof's last moments, then the handle and
  // the caption (the end card follows), one text at a time.
  const crowded = isOverAny(
    footerTexts(context, [before, after], { handle: 1, caption: 1 }, taken),
    taken,
  );
  const footerStart = crowded ? proofStart(context) : hookEnd;
  // Crowded, the texts keep off the faces only: the badges give way to them.
  const keepOff = crowded ? [] : taken;
  const texts = [
    ...(window(t, -1, hookEnd) > 0
      ? [
          hookText(
            context,
            window(t, -1, hookEnd),
            [before, after],
            ['seam', 'top', 'bottom'],
            keepOff,
          ),
        ]
      : []),
    ...footerTexts(
      context,
      [before, after],
      {
        handle: window(t, footerStart, end),
        caption: window(t, footerStart + 0.3, end),
      },
      keepOff,
    ),
  ];
  return {
    panels: [before, after],
    // Once the footer has taken a crowded seam, the badges stay away (they would come back
    // under the end card as the footer fades out).
    labels: crowded && t >= footerStart ? [] : givingWay(present(labels), texts),
    divider: null,
    highlight: highlight(context, after, t, hookEnd),
    texts,
    endCard: endCard(context, t),
  };
}
