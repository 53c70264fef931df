// The proof every template ends its comparison with: both photos together, faces whole, the
// handle and the disclosure. Also the video's cover (poster) moment.
import type { FrameState } from '../frame-state.ts';
import {
  footerOverBadges,
  highlight,
  proofPair,
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
  const footer = footerOverBadges(
    context,
    panels,
    { handle: window(t, start - 1, end), caption: window(t, start - 1, end) },
    labels,
  );
  return {
    panels,
    labels: footer.labels,
    divider: null,
    highlight: highlight(context, after, t, start),
    texts: footer.texts,
    endCard: endCard(context, t),
  };
}
