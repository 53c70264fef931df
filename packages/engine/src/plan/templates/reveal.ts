// Reveal: the before photo full-bleed with the hook, a wipe with a handle uncovers the after
// photo, which then holds (≥ 3 s) with a slow push-in, the clinic's handle and the caption.
import { easeInOutCubic, progress } from '../easing.ts';
import type { Rect } from '../../geometry.ts';
import type { FrameState, LabelState, PanelState } from '../frame-state.ts';
import type { Scene } from '../scene.ts';
import {
  comparisonEnd,
  footerTexts,
  highlight,
  hookText,
  panel,
  present,
  pushAmount,
  proofStart,
  templateContext,
  window,
  type TemplateContext,
} from './parts.ts';
import { badgeBoxes, label } from './badges.ts';
import { endCard } from './end-card.ts';
import { proofFrame } from './proof.ts';
import { revealBeats } from './beats.ts';
import { closeUpBesideFace, twoUp } from './two-up.ts';

export function planReveal(scene: Scene, t: number): FrameState {
  const context = templateContext(scene);
  if (t >= proofStart(context)) return proofFrame(context, t);
  const end = comparisonEnd(context);
  const { wipeStart, wipeEnd } = revealBeats(context.phases);
  const wipe = easeInOutCubic(progress(t, wipeStart, wipeEnd));
  if (context.twoUp) return revealTwoUp(context, t);
  const stage = context.full.rect;
  const lineX = stage.x + stage.width * wipe;
  const zoom = pushAmount(context, t, wipeEnd, proofStart(context));
  const after = panel(context, 'after', context.full, t, zoom, {
    ...stage,
    width: lineX - stage.x,
  });
  const before = panel(context, 'before', context.full, t, zoom, {
    ...stage,
    x: lineX,
    width: stage.x + stage.width - lineX,
  });
  // The badges keep off the face as the whole stage shows it (the wipe's clip would move them).
  const whole = [{ ...before, clip: stage }];
  const beforeBadge = label(context, 'BEFORE', stage, 'right', 1, whole);
  const afterBadge = label(context, 'AFTER', stage, 'left', 1, whole);
  const taken = badgeBoxes([beforeBadge, afterBadge]);
  // One text at a time: the BEFORE badge comes in as the hook goes (the AFTER one only once
  // the line has passed it), so the hook keeps off faces only.
  const hookEnd = wipeStart + 0.2;
  const { beforeOpacity, afterOpacity } = wipedBadges(beforeBadge, afterBadge, {
    t,
    hookEnd,
    wipe,
    stage,
  });
  const dividerOpacity = wipe > 0 && wipe < 1 ? 1 : 0;
  return {
    panels: [before, after],
    labels: present([
      beforeBadge && beforeOpacity > 0 ? { ...beforeBadge, opacity: beforeOpacity } : null,
      afterBadge && afterOpacity > 0 ? { ...afterBadge, opacity: afterOpacity } : null,
    ]),
    divider:
      dividerOpacity > 0
        ? { x: lineX, top: stage.y, bottom: stage.y + stage.height, opacity: dividerOpacity }
        : null,
    highlight: highlight(context, after, t, wipeEnd + 0.2),
    texts: [
      ...(window(t, -1, hookEnd) > 0 ? [hookText(context, window(t, -1, hookEnd), [before])] : []),
      ...footerTexts(
        context,
        [after],
        { handle: window(t, wipeEnd, end), caption: window(t, wipeEnd + 0.3, end) },
        taken,
      ),
    ],
    endCard: endCard(context, t),
  };
}

/**
 * Photos too small to fill the frame alone (a portrait strip in 16:9): the pair's two slots
 * show the face and a close-up of the treated area, both of the before photo, and the wipe
 * crosses the whole frame, uncovering the after photo in both at once. Never one view twice:
 * where the treated area's close-up is not much tighter than the face (skin, body), the slots
 * show before and after side by side from the first frame instead.
 */
function revealTwoUp(context: TemplateContext, t: number): FrameState {
  if (!closeUpBesideFace(context)) return sideBySide(context, t);
  const face = context.pair.before;
  const closeUp = context.detailPair.after;
  const end = comparisonEnd(context);
  const { wipeStart, wipeEnd } = revealBeats(context.phases);
  const wipe = easeInOutCubic(progress(t, wipeStart, wipeEnd));
  const stage = context.layout.frame;
  const lineX = stage.x + stage.width * wipe;
  const zoom = pushAmount(context, t, wipeEnd, proofStart(context));
  const slots = [face, closeUp].flatMap((framing) => {
    const { rect } = framing;
    const split = Math.min(Math.max(lineX, rect.x), rect.x + rect.width);
    const afterClip = { ...rect, width: split - rect.x };
    const beforeClip = { ...rect, x: split, width: rect.x + rect.width - split };
    return [
      panel(context, 'after', framing, t, zoom, afterClip),
      panel(context, 'before', framing, t, zoom, beforeClip),
    ];
  });
  const shown = slots.filter((item) => item.clip.width > 0);
  const [faceAfter, faceBefore] = slots as [PanelState, PanelState];
  const whole = [{ ...faceBefore, clip: face.rect }];
  const beforeBadge = label(context, 'BEFORE', face.rect, 'left', 1, whole);
  const afterBadge = label(context, 'AFTER', face.rect, 'left', 1, whole);
  const taken = badgeBoxes([beforeBadge, afterBadge]);
  const hookEnd = wipeStart + 0.2;
  const { beforeOpacity, afterOpacity } = wipedBadges(beforeBadge, afterBadge, {
    t,
    hookEnd,
    wipe,
    stage,
  });
  return {
    panels: shown,
    labels: present([
      beforeBadge && beforeOpacity > 0 ? { ...beforeBadge, opacity: beforeOpacity } : null,
      afterBadge && afterOpacity > 0 ? { ...afterBadge, opacity: afterOpacity } : null,
    ]),
    divider:
      wipe > 0 && wipe < 1
        ? { x: lineX, top: stage.y, bottom: stage.y + stage.height, opacity: 1 }
        : null,
    highlight: highlight(context, faceAfter, t, wipeEnd + 0.2),
    texts: [
      ...(window(t, -1, hookEnd) > 0 ? [hookText(context, window(t, -1, hookEnd), shown)] : []),
      ...footerTexts(
        context,
        [faceAfter],
        { handle: window(t, wipeEnd, end), caption: window(t, wipeEnd + 0.3, end) },
        taken,
      ),
    ],
    endCard: endCard(context, t),
  };
}

/** Before and after side by side (stacked in 9:16) from the first frame, then their badges. */
function sideBySide(context: TemplateContext, t: number): FrameState {
  const end = comparisonEnd(context);
  const { wipeStart, wipeEnd } = revealBeats(context.phases);
  // No push-in: the proof that follows shows the same slots, unzoomed, without a jump.
  const hookEnd = wipeStart + 0.2;
  const shown = twoUp(context, t, { zoom: 1, badges: progress(t, hookEnd, hookEnd + 0.2) });
  const after = shown.panels.find((item) => item.which === 'after')!;
  return {
    panels: shown.panels,
    labels: present(shown.labels),
    divider: shown.divider,
    highlight: highlight(context, after, t, wipeEnd + 0.2),
    texts: [
      ...(window(t, -1, hookEnd) > 0
        ? [hookText(context, window(t, -1, hookEnd), shown.panels)]
        : []),
      ...footerTexts(
        context,
        shown.panels,
        { handle: window(t, wipeEnd, end), caption: window(t, wipeEnd + 0.3, end) },
        shown.taken,
      ),
    ],
    endCard: endCard(context, t),
  };
}

/**
 * Badges never cut by the wipe: BEFORE comes in as the hook goes and fades before the line
 * reaches it, AFTER once the line has passed it.
 */
function wipedBadges(
  beforeBadge: LabelState | null,
  afterBadge: LabelState | null,
  moment: { t: number; hookEnd: number; wipe: number; stage: Rect },
): { beforeOpacity: number; afterOpacity: number } {
  const { t, hookEnd, wipe, stage } = moment;
  const lineAt = (x: number) => (x - stage.x) / stage.width;
  const beforeOpacity = beforeBadge
    ? Math.min(
        progress(t, hookEnd, hookEnd + 0.2),
        1 - progress(wipe, lineAt(beforeBadge.box.x) - 0.15, lineAt(beforeBadge.box.x)),
      )
    : 0;
  const afterEnd = afterBadge ? lineAt(afterBadge.box.x + afterBadge.box.width) : 0;
  const afterOpacity = afterBadge ? progress(wipe, afterEnd, afterEnd + 0.15) : 0;
  return { beforeOpacity, afterOpacity };
}
