import type { Point, Rect } from '../geometry.ts';
import type { FaceMotionState } from '../motion/face-motion-schedule.ts';
import type { Layout } from './layout.ts';
import type { Scene } from './scene.ts';
export interface PanelState {
  which: 'before' | 'after';
  /** Where the panel lands on the frame. */
  rect: Rect;
  /** The part of the canonical panel frame shown in `rect` (same aspect ratio as `rect`). */
  view: Rect;
  /** Only this part of the frame is painted (the wipe reveals through it). */
  clip: Rect;
  /** The face's motion at this moment; null when the panel's face does not move. */
  face: FaceMotionState | null;
}
export interface LabelState {
  text: 'BEFORE' | 'AFTER';
  /** The badge's top-left corner and size (the text is fitted inside it). */
  box: Rect;
  fontSize: number;
  opacity: number;
}
export type TextRole = 'hook' | 'handle' | 'caption';
/** One block of text: its lines are laid out inside `box`, centred. */
export interface TextState {
  role: TextRole;
  lines: string[];
  box: Rect;
  fontSize: number;
  weight: 400 | 700;
  opacity: number;
  /** A tinted band behind the text, for legibility over a photo. */
  band: boolean;
}
export interface FrameState {
  panels: PanelState[];
  labels: LabelState[];
  divider: {
    x: number;
    top: number;
    bottom: number;
    opacity: number;
  } | null;
  highlight: {
    center: Point;
    radiusX: number;
    radiusY: number;
    opacity: number;
    lineWidth: number;
  } | null;
  texts: TextState[];
  endCard: {
    opacity: number;
    layout: Layout;
  } | null;
}
/** The moments every template shares. */
export interface Phases {
  /** Comparison text and motion end by then; the end card fades in after it. */
  endCardStart: number;
  endCardFadeEnd: number;
  /** Multiplies the length of transitions (slow 1.35, normal 1, fast 0.7). */
  speed: number;
  pulseHz: number;
}
export declare function phasesFor(scene: Scene): Phases;
