// The parts every template is built from: framings computed once per scene, panels, badges,
// text blocks, the highlight and the end card. All pure functions of the scene and t.
import type { Rect } from '../../geometry.ts';
import {
  faceMotionAt,
  motionHeldFrom,
  type MotionTiming,
} from '../../motion/face-motion-schedule.ts';
import { mainFaceMotion } from '../../motion/face-motion-plan.ts';
import { easeInOutCubic, easeOutCubic, progress } from '../easing.ts';
import { chinLine, frameSlot, narrowestView, pushIn, type Framing } from '../framing.ts';
import { computeLayout, type Layout } from '../layout.ts';
import { fitSceneTexts, type FittedBlock, type FittedTexts } from '../fitted-texts.ts';
import type { Scene } from '../scene.ts';
import { badgeBoxes, givingWay, isOverAny, label } from './badges.ts';
import { PROOF_BADGE_TURN, motionSpans, proofStartOf, type MotionSpans } from './beats.ts';
import {
  anchorTop,
  facesOnFrame,
  isClearOfOutlines,
  placeBlock,
  treatedAreasOnFrame,
  type Anchor,
  type FaceOnFrame,
} from './place-text.ts';
import {
  phasesFor,
  type FrameState,
  type LabelState,
  type PanelState,
  type Phases,
  type TextRole,
  type TextState,
} from '../frame-state.ts';

export type PanelName = 'before' | 'after';

/** Close-ups: the face with its headroom fills this share of the view's height. */
export const CLOSE_UP = 0.7;
/** Detail shots: the treated area fills this share. */
const DETAIL = 0.5;

export interface TemplateContext {
  scene: Scene;
  layout: Layout;
  phases: Phases;
  /** The whole frame, close on the face. */
  full: Framing;
  /** The comparison slots, close on the face. */
  pair: Record<PanelName, Framing>;
  /** The whole frame, close on the treated area. */
  detail: Framing;
  /** The pair's slots, close on the treated area (Detail when `detail` cannot fill the frame). */
  detailPair: Record<PanelName, Framing>;
  /**
   * The photos are too small to fill the frame alone (a portrait strip in 16:9): the moments
   * that would show one photo full-bleed show the pair's slots instead, the before in the first
   * and the after in the second (never one photo twice), so photos fill the frame, not a
   * backdrop.
   */
  twoUp: boolean;
  /** Every text fitted to its slot, once per scene. */
  texts: FittedTexts;
  /** When each panel's face moves in this template. */
  spans: MotionSpans;
}

const contexts = new WeakMap<Scene, TemplateContext>();

/** Framings depend only on the scene, so they are computed once per scene object. */
export function templateContext(scene: Scene): TemplateContext {
  const known = contexts.get(scene);
  if (known) return known;
  const layout = computeLayout(scene, scene.aspect);
  const frame = (slot: Rect, subject: Rect, tightness: number, keepBottom: number | null) =>
    frameSlot({
      slot,
      subject,
      tightness,
      coverage: scene.coverage,
      sourceScale: scene.sourceScale,
      keepBottom,
    });
  const detailSubject = scene.treatedArea ?? scene.subject;
  const chin = chinLine(scene.faceBox);
  const phases = phasesFor(scene);
  const full = frameSlot({
    slot: layout.frame,
    subject: scene.subject,
    tightness: CLOSE_UP,
    coverage: scene.coverage,
    sourceScale: scene.sourceScale,
    keepSubjectWhole: true,
    keepBottom: chin,
  });
  const pair = {
    before: frame(layout.pair.before, scene.subject, CLOSE_UP, chin),
    after: frame(layout.pair.after, scene.subject, CLOSE_UP, chin),
  };
  const detail = frame(layout.frame, detailSubject, DETAIL, null);
  const detailPair = {
    before: frame(layout.pair.before, detailSubject, DETAIL, null),
    after: frame(layout.pair.after, detailSubject, DETAIL, null),
  };
  const context: TemplateContext = {
    scene,
    layout,
    phases,
    full,
    pair,
    detail,
    detailPair,
    twoUp: !fills(full.rect, layout.frame) && fills(pair.before.rect, layout.pair.before),
    texts: fitSceneTexts(scene, layout),
    spans: motionSpans(scene.template, phases),
  };
  contexts.set(scene, context);
  return context;
}

/**
 * Whether some moment shows a photo smaller than its slot because it lacks the pixels (the
 * render warns): a full-bleed or detail shot that cannot turn to the pair's slots either.
 */
export function leavesFrameUnfilled(context: TemplateContext): boolean {
  return (
    context.pair.before.shrunk ||
    (context.full.shrunk && !context.twoUp) ||
    (context.detail.shrunk && context.detailPair.before.shrunk)
  );
}

/** Whether `rect` covers `slot` (to within half a pixel). */
function fills(rect: Rect, slot: Rect): boolean {
  return (
    rect.x <= slot.x + 0.5 &&
    rect.y <= slot.y + 0.5 &&
    rect.x + rect.width >= slot.x + slot.width - 0.5 &&
    rect.y + rect.height >= slot.y + slot.height - 0.5
  );
}

function motionTiming(context: TemplateContext, which: PanelName): MotionTiming {
  const { scene, phases, spans } = context;
  return { motionSpeed: scene.motionSpeed, endCardStart: phases.endCardStart, span: spans[which] };
}

/** The face's motion at t, within the span the template gives this panel. */
export function faceAt(context: TemplateContext, which: PanelName, t: number): PanelState['face'] {
  const motion = context.scene.faceMotion[which];
  if (!motion) return null;
  return faceMotionAt(motion.kind, which, motionTiming(context, which), t);
}

/**
 * When the face the animation moves holds its expression (0 for motions that never hold one):
 * camera moves that start from here leave the panels still while the expression eases in,
 * which the render paints far more cheaply (only the face changes) and the eye follows more
 * easily. Taken from the animation asked for, not from the faces found, so the framing is the
 * same whether or not a face could be moved.
 */
export function faceHeldFrom(context: TemplateContext): number {
  const { panel, kind } = mainFaceMotion(context.scene.primaryAnimation);
  return motionHeldFrom(kind, motionTiming(context, panel)) ?? 0;
}

/** A panel showing `framing`, pushed in by `zoom`, painted inside `clip` (default its rect). */
export function panel(
  context: TemplateContext,
  which: PanelName,
  framing: Framing,
  t: number,
  zoom = 1,
  clip?: Rect,
): PanelState {
  const { scene } = context;
  return {
    which,
    rect: framing.rect,
    view: pushIn(
      framing.view,
      scene.subject,
      scene.coverage,
      zoom,
      narrowestView(framing.rect.width, scene.sourceScale),
      chinLine(scene.faceBox),
    ),
    clip: clip ?? framing.rect,
    face: faceAt(context, which, t),
  };
}

/** How far the slow push-in has gone at t between `from` and `to` (1 = none). */
export function pushAmount(context: TemplateContext, t: number, from: number, to: number): number {
  const strength = context.scene.emphasisEffect === 'subtle_zoom' ? 0.12 : 0.06;
  return 1 + strength * easeInOutCubic(progress(t, from, to));
}

/**
 * At most the push-in a framing takes while the view still holds the whole face: none where
 * the face already fills or overflows its slot (a portrait strip stacked in 9:16), whose
 * push-in would only crop the face further and push it under the badges.
 */
export function zoomKeepingFace(context: TemplateContext, framing: Framing, zoom: number): number {
  const face = context.scene.faceBox;
  if (!face) return zoom;
  const room = Math.min(framing.view.width / face.width, framing.view.height / face.height);
  return Math.min(zoom, Math.max(1, room));
}

/** Fades in over [start, start + fade] and out over [end - fade, end]. */
export function window(t: number, start: number, end: number, fade = 0.25): number {
  return Math.min(progress(t, start, start + fade), 1 - progress(t, end - fade, end));
}

/** A fitted block as a text box centred across the safe area, its top at `y`. */
export function textBox(
  context: TemplateContext,
  role: TextRole,
  block: FittedBlock,
  y: number,
  opacity: number,
  plate: boolean,
): TextState {
  const { safe } = context.layout;
  const top = Math.min(Math.max(y, safe.y), safe.y + safe.height - block.height);
  return {
    role,
    lines: block.lines,
    box: {
      x: safe.x + (safe.width - block.width) / 2,
      y: top,
      width: block.width,
      height: block.height,
    },
    fontSize: block.fontSize,
    weight: block.weight,
    opacity,
    backing: plate ? 'plate' : 'band',
  };
}

/**
 * Which variant of a text goes where. Groups in order of preference; within a group, the
 * first variant clear of the whole faces, else the first on a plate clear of their
 * eyes-to-chin cores; the next group only when none of a group's is. When nothing keeps
 * clear, the very first variant, on a plate over the least of the faces.
 */
function placeFirstClear<T extends { width: number; height: number }>(
  context: TemplateContext,
  groups: T[][],
  panels: PanelState[],
  preferred: Anchor[],
  avoid: Rect[],
): { variant: T; y: number; plate: boolean } {
  const faces = obstacles(context, panels, avoid);
  const place = (variant: T) => ({
    variant,
    ...placeBlock(context.layout, variant, faces, preferred),
  });
  for (const group of groups) {
    const placed = group.map(place);
    const found =
      placed.find((option) => !option.plate) ?? placed.find((option) => !option.coversFace);
    if (found) return found;
  }
  return place(groups[0]![0]!);
}

/**
 * The faces of the shown panels, the treated area on them and boxes already taken (badges), as
 * things to keep off.
 */
function obstacles(context: TemplateContext, panels: PanelState[], avoid: Rect[]): FaceOnFrame[] {
  return [
    ...facesOnFrame(context.scene, panels),
    ...[...treatedAreasOnFrame(context.scene, panels), ...avoid].map((box) => ({
      outline: box,
      core: box,
      features: [box],
    })),
  ];
}

/**
 * The AFTER badge of a stacked pair sits at the bottom of its photo: the seam between the two
 * is where the caption goes.
 */
export function pairAfterEdge(context: TemplateContext): 'top' | 'bottom' {
  return context.layout.pair.axis === 'y' ? 'bottom' : 'top';
}

/** The hook's sizes tried at its anchor before it moves elsewhere: down to 0.85 of its first. */
const HOOK_SHARE_AT_ANCHOR = 0.84;

/**
 * The hook line: the treatment (e.g. "Lip filler · 2 weeks"), large, clear of the faces; on a
 * plate over hair or forehead rather than small (it has to read on a phone in the first
 * second); smaller only where not even that keeps it off the eyes, nose and mouth.
 */
export function hookText(
  context: TemplateContext,
  opacity: number,
  panels: PanelState[],
  preferred: Anchor[] = ['top', 'bottom'],
  avoid: Rect[] = [],
): TextState {
  const { hooks } = context.texts;
  // Upper third or centre, where a viewer reads a title: a step smaller at its anchor rather
  // than large below the face, over the collar.
  const anchor = preferred[0] ?? 'top';
  const faces = obstacles(context, panels, avoid);
  const large = (hooks[0]?.fontSize ?? 0) * HOOK_SHARE_AT_ANCHOR;
  const atAnchor = hooks
    .filter((variant) => variant.fontSize >= large)
    .find((variant) =>
      isClearOfOutlines(context.layout, variant, faces, anchorTop(context.layout, variant, anchor)),
    );
  if (atAnchor) {
    const y = anchorTop(context.layout, atAnchor, anchor);
    return textBox(context, 'hook', atAnchor, y, opacity, false);
  }
  const { variant, y, plate } = placeFirstClear(
    context,
    [hooks.slice(0, 2), hooks.slice(2)],
    panels,
    preferred,
    avoid,
  );
  return textBox(context, 'hook', variant, y, opacity, plate);
}

/**
 * The footer: the clinic's handle or website (its name when it gave none) above the
 * disclosure caption, placed together clear of the faces (between them in a stacked pair);
 * where a close-up leaves no room, the caption on one line, or both on a plate clear of the
 * eyes, nose and mouth, else the handle alone: the handle shows whenever the template shows
 * it, and the end card repeats the disclosure.
 */
export function footerTexts(
  context: TemplateContext,
  panels: PanelState[],
  opacity: { handle: number; caption: number },
  avoid: Rect[] = [],
): TextState[] {
  const { layout, texts } = context;
  const spacing = layout.type.body * 0.3;
  const stack = (handle: FittedBlock | null, caption: FittedBlock | null) => ({
    handle,
    caption,
    width: Math.max(handle?.width ?? 0, caption?.width ?? 0),
    height: (handle?.height ?? 0) + (handle && caption ? spacing : 0) + (caption?.height ?? 0),
  });
  // A stacked pair leaves text only the seam between the faces: one line each.
  const stacked =
    layout.pair.axis === 'y' && panels.some((shown) => shown.rect === context.pair.after.rect);
  const handleShown = opacity.handle > 0;
  const groups = stacked
    ? [
        [stack(texts.handle, texts.captionOneLine)],
        [handleShown ? stack(texts.handle, null) : stack(null, texts.captionOneLine)],
      ]
    : [
        [stack(texts.handle, texts.caption), stack(texts.handle, texts.captionOneLine)],
        [handleShown ? stack(texts.handle, null) : stack(null, texts.captionOneLine)],
      ];
  const { variant, y, plate } = placeFirstClear(
    context,
    groups,
    panels,
    stacked ? ['seam'] : ['bottom', 'seam', 'top'],
    avoid,
  );
  const shown: TextState[] = [];
  const { handle, caption } = variant;
  if (handle && handleShown)
    shown.push(textBox(context, 'handle', handle, y, opacity.handle, plate));
  const captionY = handle ? y + handle.height + spacing : y;
  if (caption && opacity.caption > 0)
    shown.push(textBox(context, 'caption', caption, captionY, opacity.caption, plate));
  return shown;
}

/**
 * The footer, clear of the badges where it can be; where a face-filled stacked pair leaves it
 * only the badges' place (the seam), it keeps off the faces there and the badges give way.
 */
export function footerOverBadges(
  context: TemplateContext,
  panels: PanelState[],
  opacity: { handle: number; caption: number },
  labels: LabelState[],
): { texts: TextState[]; labels: LabelState[] } {
  const taken = labels.map((shown) => shown.box);
  const clearOfBadges = footerTexts(context, panels, opacity, taken);
  if (!isOverAny(clearOfBadges, taken)) return { texts: clearOfBadges, labels };
  const texts = footerTexts(context, panels, opacity, []);
  return { texts, labels: givingWay(labels, texts) };
}

/** The treated-area highlight over an after panel, when the clinic asked for it. */
export function highlight(
  context: TemplateContext,
  after: PanelState,
  t: number,
  start: number,
): FrameState['highlight'] {
  const { scene, phases, layout } = context;
  const area = scene.treatedArea;
  if (scene.emphasisEffect !== 'hand_gesture' || !area || t < start) return null;
  const scale = after.rect.width / after.view.width;
  const center = {
    x: after.rect.x + (area.x + area.width / 2 - after.view.x) * scale,
    y: after.rect.y + (area.y + area.height / 2 - after.view.y) * scale,
  };
  const pulse = 1 + 0.08 * Math.sin(2 * Math.PI * phases.pulseHz * (t - start));
  const fadeIn = easeOutCubic(progress(t, start, start + 0.4));
  const fadeOut = 1 - progress(t, phases.endCardStart - 0.3, phases.endCardStart);
  return {
    center,
    radiusX: (area.width / 2) * scale * 1.15 * pulse,
    radiusY: (area.height / 2) * scale * 1.15 * pulse,
    opacity: fadeIn * fadeOut,
    lineWidth: Math.max(2, layout.type.label * 0.12),
  };
}

/** Comparison text fades out before the end card fades in, so nothing shows twice. */
export function comparisonEnd(context: TemplateContext): number {
  return context.phases.endCardStart;
}

/** Drops the nulls a template's optional parts leave. */
export function present<T>(items: (T | null)[]): T[] {
  return items.filter((item): item is T => item !== null);
}

/**
 * Whether the handle and the caption, at full opacity, can only go over the badges: a
 * face-filled stacked pair leaves them all one place, the seam.
 */
export function footerCrowdsBadges(
  context: TemplateContext,
  panels: PanelState[],
  labels: (LabelState | null)[],
): boolean {
  const taken = badgeBoxes(labels);
  return isOverAny(footerTexts(context, panels, { handle: 1, caption: 1 }, taken), taken);
}

/** When the footer may show in the proof: crowding the badges, only after their turn. */
export function proofFooterStart(context: TemplateContext, crowded: boolean): number {
  return crowded ? proofStart(context) + PROOF_BADGE_TURN : -Infinity;
}

/** When a template's proof starts: both faces whole, side by side or stacked. */
export function proofStart(context: TemplateContext): number {
  return proofStartOf(context.phases);
}

/** The proof: both panels in the pair slots with their badges. */
export function proofPair(
  context: TemplateContext,
  t: number,
): { panels: PanelState[]; labels: LabelState[] } {
  const before = panel(context, 'before', context.pair.before, t);
  const after = panel(context, 'after', context.pair.after, t);
  return {
    panels: [before, after],
    labels: present([
      label(context, 'BEFORE', before.rect, 'left', 1, [before, after]),
      label(context, 'AFTER', after.rect, 'left', 1, [before, after], pairAfterEdge(context)),
    ]),
  };
}
