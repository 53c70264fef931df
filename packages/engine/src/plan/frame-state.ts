// What a template's plan says about one moment: plain data the painters draw.
import type { MotionSpeed } from '@glowreel/contracts';
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

/** What a text says: the comparison's hook, handle and caption, the end card's lines. */
export type TextRole = 'hook' | 'handle' | 'caption' | 'clinic' | 'title' | 'call_to_action';

/** One block of text: its lines are laid out inside `box`, centred. */
export interface TextState {
  role: TextRole;
  lines: string[];
  box: Rect;
  fontSize: number;
  weight: 400 | 700;
  opacity: number;
  /**
   * What is drawn behind the lines, filling `box`: nothing (the end card's plain backdrop), a
   * tinted band over a photo, or an opaque plate where the text could not keep off a face.
   */
  backing: 'none' | 'band' | 'plate';
}

/** The end card: the clinic's lines fitted and placed, the logo's slot when there is a logo. */
export interface EndCardState {
  opacity: number;
  layout: Layout;
  /** The logo is drawn contained in this box, on a light plate; null without a logo. */
  logo: Rect | null;
  texts: TextState[];
}

export interface FrameState {
  panels: PanelState[];
  labels: LabelState[];
  divider: { x: number; top: number; bottom: number; opacity: number } | null;
  highlight: {
    center: Point;
    radiusX: number;
    radiusY: number;
    opacity: number;
    lineWidth: number;
  } | null;
  texts: TextState[];
  endCard: EndCardState | null;
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

const SPEED_FACTOR: Record<MotionSpeed, number> = { slow: 1.35, normal: 1, fast: 0.7 };
const END_CARD_SECONDS = 1.6;

export function phasesFor(scene: Scene): Phases {
  const speed = SPEED_FACTOR[scene.motionSpeed];
  const endCardStart = scene.durationSeconds - END_CARD_SECONDS;
  return { endCardStart, endCardFadeEnd: endCardStart + 0.5, speed, pulseHz: 1 / speed };
}
