import type { Rect } from '../../geometry.ts';
import { type Framing } from '../framing.ts';
import { type Layout } from '../layout.ts';
import type { Scene } from '../scene.ts';
import {
  type FrameState,
  type LabelState,
  type PanelState,
  type Phases,
  type TextRole,
  type TextState,
} from '../frame-state.ts';
export type PanelName = 'before' | 'after';
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
/** Framings depend only on the scene, so they are computed once per scene object. */
export declare function templateContext(scene: Scene): TemplateContext;
export declare function faceAt(scene: Scene, which: PanelName, t: number): PanelState['face'];
/** A panel showing `framing`, pushed in by `zoom`, painted inside `clip` (default its rect). */
export declare function panel(
  context: TemplateContext,
  which: PanelName,
  framing: Framing,
  t: number,
  zoom?: number,
  clip?: Rect,
): PanelState;
/** How far the slow push-in has gone at t between `from` and `to` (1 = none). */
export declare function pushAmount(
  context: TemplateContext,
  t: number,
  from: number,
  to: number,
): number;
/** Fades in over [start, start + fade] and out over [end - fade, end]. */
export declare function window(t: number, start: number, end: number, fade?: number): number;
/** Greedy word wrap into at most `maxLines`, shrinking (never growing) until it fits. */
export declare function wrapText(
  text: string,
  width: number,
  designSize: number,
  minSize: number,
  maxLines: number,
  weight: 400 | 700,
): {
  lines: string[];
  fontSize: number;
};
/** Where the before face is on the frame in each shown panel (text keeps off faces). */
export declare function facesOnFrame(context: TemplateContext, panels: PanelState[]): Rect[];
/**
 * The top of a block of `height` inside the safe area: the first of `preferred` ('top',
 * 'seam' of a stacked pair, 'bottom') that covers the least of the faces.
 */
export declare function placeBlock(
  context: TemplateContext,
  height: number,
  faces: Rect[],
  preferred: ('top' | 'seam' | 'bottom')[],
): number;
/** A text block across the safe area's width, with its top at `y` (kept inside the area). */
export declare function textBlock(
  context: TemplateContext,
  role: TextRole,
  text: string,
  y: number,
  opacity: number,
  options: {
    size: number;
    weight: 400 | 700;
    maxLines: number;
    band: boolean;
  },
): TextState;
/** The hook line: the treatment (e.g. "Lip filler · 2 weeks"), large, clear of the faces. */
export declare function hookText(
  context: TemplateContext,
  opacity: number,
  panels: PanelState[],
  preferred?: ('top' | 'seam' | 'bottom')[],
): TextState;
/**
 * The footer: the clinic's handle or website (its name when it gave none) above the
 * disclosure caption, placed together clear of the faces.
 */
export declare function footerTexts(
  context: TemplateContext,
  panels: PanelState[],
  opacity: {
    handle: number;
    caption: number;
  },
): TextState[];
/** A badge inside the safe area and inside `within`, at the given corner. */
export declare function label(
  context: TemplateContext,
  text: LabelState['text'],
  within: Rect,
  corner: 'left' | 'right',
  opacity: number,
): LabelState | null;
/** The treated-area highlight over an after panel, when the clinic asked for it. */
export declare function highlight(
  context: TemplateContext,
  after: PanelState,
  t: number,
  start: number,
): FrameState['highlight'];
export declare function endCard(context: TemplateContext, t: number): FrameState['endCard'];
/** Comparison text fades out before the end card fades in, so nothing shows twice. */
export declare function comparisonEnd(context: TemplateContext): number;
/** Drops the nulls a template's optional parts leave. */
export declare function present<T>(items: (T | null)[]): T[];
/** Seconds the proof (both photos together) holds before the end card. */
export declare const PROOF_SECONDS = 1.5;
/** When a template's proof starts: both faces whole, side by side or stacked. */
export declare function proofStart(context: TemplateContext): number;
/** The proof: both panels in the pair slots with their badges. */
export declare function proofPair(
  context: TemplateContext,
  t: number,
): {
  panels: PanelState[];
  labels: LabelState[];
};
