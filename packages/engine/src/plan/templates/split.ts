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
  pushAmount,
  templateContext,
  window,
} from './parts.ts';
import { badgeBoxes, label } from './badges.ts';
import { endCard } from './end-card.ts';
import { splitBeats } from './beats.ts';

export function planSplit(scene: Scene, t: number): FrameState {
  const context = templateContext(scene);
  const end = comparisonEnd(context);
  const { hookEnd, pushStart } = splitBeats(context.phases, faceHeldFrom(context), end);
  const zoom = pushAmount(context, t, pushStart, end);
  const before = panel(context, 'before', context.pair.before, t, zoom);
  const after = panel(context, 'after', context.pair.after, t, zoom);
  const labels = [
    label(context, 'BEFORE', before.rect, 'left', 1, [before, after]),
    label(context, 'AFTER', after.rect, 'left', 1, [before, after], pairAfterEdge(context)),
  ];
  const taken = badgeBoxes(labels);
  return {
    panels: [before, after],
    labels: present(labels),
    divider: null,
    highlight: highlight(context, after, t, hookEnd),
    texts: [
      ...(window(t, -1, hookEnd) > 0
        ? [
            hookText(
              context,
              window(t, -1, hookEnd),
              [before, after],
              ['seam', 'top', 'bottom'],
              taken,
            ),
          ]
        : []),
      ...footerTexts(
        context,
        [before, after],
        { handle: window(t, hookEnd, end), caption: window(t, hookEnd + 0.3, end) },
        taken,
      ),
    ],
    endCard: endCard(context, t),
  };
}
