// The parts every template is built from: framings computed once per scene, panels, badges,
// text blocks, the highlight and the end card. All pure functions of the scene and t.
import type { Rect } from '../../geometry.ts';
import { faceMotionAt } from '../../motion/face-motion-schedule.ts';
import { easeInOutCubic, easeOutCubic, progress } from '../easing.ts';
import { frameSlot, narrowestView, pushIn, type Framing } from '../framing.ts';
import { computeLayout, type Layout } from '../layout.ts';
import type { Scene } from '../scene.ts';
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
}

const contexts = new WeakMap<Scene, TemplateContext>();

/** Framings depend only on the scene, so they are computed once per scene object. */
export function templateContext(scene: Scene): TemplateContext {
  const known = contexts.get(scene);
  if (known) return known;
  const layout = computeLayout(scene, scene.aspect);
  const frame = (slot: Rect, subject: Rect, tightness: number) =>
    frameSlot({
      slot,
      subject,
      tightness,
      coverage: scene.coverage,
      sourceScale: scene.sourceScale,
    });
  const detailSubject = scene.treatedArea ?? scene.subject;
  const context: TemplateContext = {
    scene,
    layout,
    phases: phasesFor(scene),
    full: frameSlot({
      slot: layout.frame,
      subject: scene.subject,
      tightness: CLOSE_UP,
      coverage: scene.coverage,
      sourceScale: scene.sourceScale,
      keepSubjectWhole: true,
    }),
    pair: {
      before: frame(layout.pair.before, scene.subject, CLOSE_UP),
      after: frame(layout.pair.after, scene.subject, CLOSE_UP),
    },
    detail: frame(layout.frame, detailSubject, DETAIL),
  };
  contexts.set(scene, context);
  return context;
}

export function faceAt(scene: Scene, which: PanelName, t: number): PanelState['face'] {
  const motion = scene.faceMotion[which];
  if (!motion) return null;
  const timing = { motionSpeed: scene.motionSpeed, endCardStart: phasesFor(scene).endCardStart };
  return faceMotionAt(motion.kind, which, timing, t);
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
    ),
    clip: clip ?? framing.rect,
    face: faceAt(scene, which, t),
  };
}

/** How far the slow push-in has gone at t between `from` and `to` (1 = none). */
export function pushAmount(context: TemplateContext, t: number, from: number, to: number): number {
  const strength = context.scene.emphasisEffect === 'subtle_zoom' ? 0.12 : 0.06;
  return 1 + strength * easeInOutCubic(progress(t, from, to));
}

/** Fades in over [start, start + fade] and out over [end - fade, end]. */
export function window(t: number, start: number, end: number, fade = 0.25): number {
  return Math.min(progress(t, start, start + fade), 1 - progress(t, end - fade, end));
}

/** Rough advance of a character, for wrapping before the painter measures exactly. */
function estimateWidth(text: string, fontSize: number, weight: 400 | 700): number {
  return text.length * fontSize * (weight === 700 ? 0.56 : 0.5);
}

function wrapPhrases(phrases: string[], width: number, size: number, weight: 400 | 700): string[] {
  const lines: string[] = [];
  for (const phrase of phrases) {
    let line: string | undefined;
    for (const word of phrase.split(/\s+/).filter(Boolean)) {
      if (line !== undefined && estimateWidth(`${line} ${word}`, size, weight) <= width)
        line = `${line} ${word}`;
      else {
        if (line !== undefined) lines.push(line);
        line = word;
      }
    }
    if (line !== undefined) lines.push(line);
  }
  return lines;
}

/** Greedy word wrap into at most `maxLines`, shrinking (never growing) until it fits. */
export function wrapText(
  text: string,
  width: number,
  designSize: number,
  minSize: number,
  maxLines: number,
  weight: 400 | 700,
): { lines: string[]; fontSize: number } {
  // A title in parts ("Lip filler · 2 weeks") breaks between its parts, never leaving a "·"
  // at the edge of a line.
  const phrases = text.split(/\s+·\s+/).filter(Boolean);
  for (let size = designSize; ; size = Math.max(minSize, Math.floor(size * 0.92))) {
    const oneLine = phrases.join(' · ');
    const lines: string[] =
      estimateWidth(oneLine, size, weight) <= width
        ? [oneLine]
        : wrapPhrases(phrases, width, size, weight);
    const fits =
      lines.length <= maxLines && lines.every((line) => estimateWidth(line, size, weight) <= width);
    if (fits) return { lines, fontSize: size };
    if (size === minSize) {
      // Nothing is dropped: what does not fit goes on the last line, which the painter
      // squeezes into the width.
      const kept = lines.slice(0, maxLines - 1);
      kept.push(lines.slice(maxLines - 1).join(' '));
      return { lines: kept, fontSize: size };
    }
  }
}

/** Where the before face is on the frame in each shown panel (text keeps off faces). */
export function facesOnFrame(context: TemplateContext, panels: PanelState[]): Rect[] {
  const face = context.scene.faceBox;
  if (!face) return [];
  return panels.map((shown) => {
    const scale = shown.rect.width / shown.view.width;
    return {
      x: shown.rect.x + (face.x - shown.view.x) * scale,
      y: shown.rect.y + (face.y - shown.view.y) * scale,
      width: face.width * scale,
      height: face.height * scale,
    };
  });
}

function overlapArea(a: Rect, b: Rect): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}

/**
 * The top of a block of `height` inside the safe area: the first of `preferred` ('top',
 * 'seam' of a stacked pair, 'bottom') that covers the least of the faces.
 */
export function placeBlock(
  context: TemplateContext,
  height: number,
  faces: Rect[],
  preferred: ('top' | 'seam' | 'bottom')[],
): number {
  const { safe, pair } = context.layout;
  const at = {
    top: safe.y,
    seam: pair.axis === 'y' ? pair.after.y - height / 2 : safe.y,
    bottom: safe.y + safe.height - height,
  };
  let best = at[preferred[0]!];
  let bestOverlap = Infinity;
  for (const place of preferred) {
    const y = Math.min(Math.max(at[place], safe.y), safe.y + safe.height - height);
    const band = { x: safe.x, y, width: safe.width, height };
    const overlap = faces.reduce((sum, face) => sum + overlapArea(band, face), 0);
    if (overlap < bestOverlap - 1) {
      best = y;
      bestOverlap = overlap;
    }
  }
  return best;
}

/** A text block across the safe area's width, with its top at `y` (kept inside the area). */
export function textBlock(
  context: TemplateContext,
  role: TextRole,
  text: string,
  y: number,
  opacity: number,
  options: { size: number; weight: 400 | 700; maxLines: number; band: boolean },
): TextState {
  const { safe, type } = context.layout;
  const inner = role === 'hook' ? safe.width * 0.92 : safe.width;
  const { lines, fontSize } = wrapText(
    text,
    inner,
    options.size,
    type.body,
    options.maxLines,
    options.weight,
  );
  const height = blockHeight(lines.length, fontSize);
  const top = Math.min(Math.max(y, safe.y), safe.y + safe.height - height);
  return {
    role,
    lines,
    box: { x: safe.x + (safe.width - inner) / 2, y: top, width: inner, height },
    fontSize,
    weight: options.weight,
    opacity,
    band: options.band,
  };
}

function blockHeight(lines: number, fontSize: number): number {
  return lines * fontSize * 1.2 + fontSize * 0.5;
}

/** The hook line: the treatment (e.g. "Lip filler · 2 weeks"), large, clear of the faces. */
export function hookText(
  context: TemplateContext,
  opacity: number,
  panels: PanelState[],
  preferred: ('top' | 'seam' | 'bottom')[] = ['top', 'bottom'],
): TextState {
  const { scene, layout } = context;
  const text = scene.branding.treatmentTitle ?? 'Before & after';
  const style = { size: layout.type.hook, weight: 700 as const, maxLines: 2, band: true };
  const draft = textBlock(context, 'hook', text, layout.safe.y, opacity, style);
  const y = placeBlock(context, draft.box.height, facesOnFrame(context, panels), preferred);
  return { ...draft, box: { ...draft.box, y } };
}

/**
 * The footer: the clinic's handle or website (its name when it gave none) above the
 * disclosure caption, placed together clear of the faces.
 */
export function footerTexts(
  context: TemplateContext,
  panels: PanelState[],
  opacity: { handle: number; caption: number },
): TextState[] {
  const { scene, layout } = context;
  const size = layout.type.body;
  const faces = facesOnFrame(context, panels);
  // A stacked pair leaves text only the seam between the faces: the caption alone, one line.
  const stackedPair = panels.length === 2 && layout.pair.axis === 'y';
  const caption = textBlock(context, 'caption', scene.branding.disclosure, 0, opacity.caption, {
    size,
    weight: 400,
    maxLines: stackedPair ? 1 : 2,
    band: true,
  });
  if (stackedPair) {
    const y = placeBlock(context, caption.box.height, faces, ['seam']);
    return opacity.caption > 0 ? [{ ...caption, box: { ...caption.box, y } }] : [];
  }
  const handle = textBlock(
    context,
    'handle',
    scene.branding.contact ?? scene.branding.clinicName,
    0,
    opacity.handle,
    { size, weight: 700, maxLines: 1, band: true },
  );
  const spacing = size * 0.3;
  const height = handle.box.height + spacing + caption.box.height;
  const y = placeBlock(context, height, faces, ['bottom', 'seam', 'top']);
  const shown: TextState[] = [];
  if (opacity.handle > 0) shown.push({ ...handle, box: { ...handle.box, y } });
  if (opacity.caption > 0)
    shown.push({ ...caption, box: { ...caption.box, y: y + handle.box.height + spacing } });
  return shown;
}

/** A badge inside the safe area and inside `within`, at the given corner. */
export function label(
  context: TemplateContext,
  text: LabelState['text'],
  within: Rect,
  corner: 'left' | 'right',
  opacity: number,
): LabelState | null {
  if (context.scene.hideLabels || opacity <= 0) return null;
  const { safe, type } = context.layout;
  const fontSize = type.label;
  const width = fontSize * (0.66 * text.length + 1.1);
  const height = fontSize * 1.64;
  const inset = fontSize * 0.5;
  const left = Math.max(within.x, safe.x) + inset;
  const right = Math.min(within.x + within.width, safe.x + safe.width) - inset;
  const top = Math.max(within.y, safe.y) + inset;
  return {
    text,
    box: { x: corner === 'left' ? left : right - width, y: top, width, height },
    fontSize,
    opacity,
  };
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

export function endCard(context: TemplateContext, t: number): FrameState['endCard'] {
  const { phases, layout } = context;
  const opacity = easeInOutCubic(progress(t, phases.endCardStart, phases.endCardFadeEnd));
  return opacity > 0 ? { opacity, layout } : null;
}

/** Comparison text fades out before the end card fades in, so nothing shows twice. */
export function comparisonEnd(context: TemplateContext): number {
  return context.phases.endCardStart;
}

/** Drops the nulls a template's optional parts leave. */
export function present<T>(items: (T | null)[]): T[] {
  return items.filter((item): item is T => item !== null);
}

/** Seconds the proof (both photos together) holds before the end card. */
export const PROOF_SECONDS = 1.5;

/** When a template's proof starts: both faces whole, side by side or stacked. */
export function proofStart(context: TemplateContext): number {
  return context.phases.endCardStart - PROOF_SECONDS;
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
      label(context, 'BEFORE', before.rect, 'left', 1),
      label(context, 'AFTER', after.rect, 'left', 1),
    ]),
  };
}
