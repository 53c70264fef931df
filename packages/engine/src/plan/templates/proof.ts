// The proof every template ends its comparison with: both photos together, faces whole, the
// handle and the disclosure. Also the video's cover (poster) moment.
import type { FrameState } from '../frame-state.ts';
import {
  footerTexts,
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
  return {
    panels,
    labels,
    divider: null,
    highlight: highlight(context, after, t, start),
    texts: footerTexts(
      context,
      panels,
      { handle: window(t, start - 1, end), caption: window(t, start - 1, end) },
      labels.map((shown) => shown.box),
    ),
    endCard: endCard(context, t),
  };
}
