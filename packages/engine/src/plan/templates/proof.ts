// The proof every template ends its comparison with: both photos together, faces whole, the
// handle and the disclosure. Also the video's cover (poster) moment.
import type { FrameState } from '../frame-state.ts';
import {
  footerCrowdsBadges,
  footerOverBadges,
  highlight,
  proofPair,
  proofFooterStart,
  proofStart,
  window,
  type TemplateContext,
} from './parts.ts';
import { endCard } from './end-card.ts';

export function proofFrame(context: TemplateContext, t: number): FrameState {
  const { panels, labels } = proofPair(context, t);
  const start = proofStart(context);
  const end = context.phases.endCardStart;
  const after = panels.find((shown) => shown.which === 'after')!;
  const crowded = footerCrowdsBadges(context, panels, labels);
  const from = Math.max(start - 1, proofFooterStart(context, crowded));
  const footer = footerOverBadges(
    context,
    panels,
    { handle: window(t, from, end), caption: window(t, from, end) },
    labels,
  );
  return {
    panels,
    // Once the footer has taken a crowded seam, the badges stay away (they would come back
    // under the end card as the footer fades out).
    labels: crowded && t >= from ? [] : footer.labels,
    divider: null,
    highlight: highlight(context, after, t, start),
    texts: footer.texts,
    endCard: endCard(context, t),
  };
}
