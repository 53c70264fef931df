// When each face motion happens and how strongly: pure functions of time, so the preview and
// the render move the faces identically. Amounts are 0–1 (yaw in degrees).
import type { MotionSpeed } from '@glowreel/contracts';
import { easeInOutCubic, progress } from '../plan/easing.ts';

export type FaceMotionKind = 'head_turn' | 'smile' | 'surprise' | 'blink';

/** What a panel's face does at one moment; plain data inside the frame state. */
export interface FaceMotionState {
  /** Head turn about the vertical axis, degrees; positive turns the nose toward the image's right. */
  yawDegrees: number;
  smile: number;
  surprise: number;
  /** 0 = eyes as photographed, 1 = closed. */
  blink: number;
}

export const HEAD_TURN_DEGREES = 15;
const SPEED_FACTOR: Record<MotionSpeed, number> = { slow: 1.35, normal: 1, fast: 0.7 };

/** Seconds at normal speed: turn, hold, return, pause, turn the other way, return. */
const TURN_STEPS = [1.0, 0.6, 1.0, 0.4, 1.0, 1.0] as const;
const TURN_TOTAL = TURN_STEPS.reduce((sum, step) => sum + step, 0);
const MOTION_START = 0.6;
/** Motions end this long before the end card starts fading in. */
const END_MARGIN = 0.3;

/** Seconds a face motion runs within: it starts at `start` and is done by `end`. */
export interface MotionSpan {
  start: number;
  end: number;
}

export interface MotionTiming {
  motionSpeed: MotionSpeed;
  /** When the end card starts (motion must be done by then). */
  endCardStart: number;
  /**
   * The template's span for this panel's motion (while that photo is on screen); omitted =
   * from MOTION_START until END_MARGIN before the end card.
   */
  span?: MotionSpan;
}

function spanOf(timing: MotionTiming): MotionSpan {
  return timing.span ?? { start: MOTION_START, end: timing.endCardStart - END_MARGIN };
}

/** The speed factor, tightened when a slow motion would not fit in its span. */
function stretch(timing: MotionTiming, normalSeconds: number): number {
  const { start, end } = spanOf(timing);
  const room = (end - start) / normalSeconds;
  return Math.max(0.1, Math.min(SPEED_FACTOR[timing.motionSpeed], room));
}

export function headTurnDegrees(timing: MotionTiming, t: number): number {
  const k = stretch(timing, TURN_TOTAL);
  let start = spanOf(timing).start;
  const at = (step: number) => {
    const from = start;
    start += (TURN_STEPS[step] ?? 0) * k;
    return easeInOutCubic(progress(t, from, start));
  };
  const out1 = at(0);
  at(1);
  const back1 = at(2);
  at(3);
  const out2 = at(4);
  const back2 = at(5);
  return HEAD_TURN_DEGREES * (out1 - back1 - out2 + back2);
}

/** Seconds (normal speed) into the span where the smile starts, is full, and the span it needs. */
const SMILE = { from: 0.4, to: 2.9, needs: 3.5 } as const;
/** The same for the surprise. */
const SURPRISE = { from: 0.6, to: 1.8, needs: 2.5 } as const;

/** Neutral → gentle smile over 2.5 s (at normal speed), then held. */
export function smileAmount(timing: MotionTiming, t: number): number {
  const k = stretch(timing, SMILE.needs);
  const { start } = spanOf(timing);
  return easeInOutCubic(progress(t, start + SMILE.from * k, start + SMILE.to * k));
}

/** Brows rise and eyes widen over 1.2 s (at normal speed), then held. */
export function surpriseAmount(timing: MotionTiming, t: number): number {
  const k = stretch(timing, SURPRISE.needs);
  const { start } = spanOf(timing);
  return easeInOutCubic(progress(t, start + SURPRISE.from * k, start + SURPRISE.to * k));
}

/**
 * When a motion reaches the state it then holds to the end of its span (a full smile, raised
 * brows), or null for motions that keep changing (a head turn goes out and back, blinks
 * reopen). Templates start camera moves from here, so an expression eases in over panels that
 * stand still.
 */
export function motionHeldFrom(kind: FaceMotionKind, timing: MotionTiming): number | null {
  const { start } = spanOf(timing);
  switch (kind) {
    case 'smile':
      return start + SMILE.to * stretch(timing, SMILE.needs);
    case 'surprise':
      return start + SURPRISE.to * stretch(timing, SURPRISE.needs);
    case 'head_turn':
    case 'blink':
      return null;
  }
}

/** Natural blinks are quick: close 0.1 s, stay shut 0.04 s, open 0.16 s. Not speed-scaled. */
const BLINK = { close: 0.1, shut: 0.04, open: 0.16 } as const;

/** Two blinks in 8 s at most, at different moments in the two panels so they never look synced. */
export const BLINK_TIMES: Record<'before' | 'after', readonly [number, number]> = {
  before: [1.9, 5.1],
  after: [2.6, 5.6],
};

/** Within a template's span, the blinks fall at these shares of it (never in sync either). */
const BLINK_SHARES: Record<'before' | 'after', readonly [number, number]> = {
  before: [0.22, 0.7],
  after: [0.35, 0.85],
};

function blinkTimes(panel: 'before' | 'after', span: MotionSpan | undefined): readonly number[] {
  if (!span) return BLINK_TIMES[panel];
  const last = span.end - (BLINK.close + BLINK.shut + BLINK.open);
  return BLINK_SHARES[panel].map((share) =>
    Math.min(last, span.start + share * (span.end - span.start)),
  );
}

export function blinkAmount(panel: 'before' | 'after', t: number, span?: MotionSpan): number {
  let amount = 0;
  for (const start of blinkTimes(panel, span)) {
    const closed = start + BLINK.close;
    const opening = closed + BLINK.shut;
    if (t < start || t > opening + BLINK.open) continue;
    amount = Math.max(
      amount,
      t < closed
        ? easeInOutCubic(progress(t, start, closed))
        : 1 - easeInOutCubic(progress(t, opening, opening + BLINK.open)),
    );
  }
  return amount;
}

export function faceMotionAt(
  kind: FaceMotionKind,
  panel: 'before' | 'after',
  timing: MotionTiming,
  t: number,
): FaceMotionState {
  return {
    yawDegrees: kind === 'head_turn' ? headTurnDegrees(timing, t) : 0,
    smile: kind === 'smile' ? smileAmount(timing, t) : 0,
    surprise: kind === 'surprise' ? surpriseAmount(timing, t) : 0,
    blink: kind === 'blink' ? blinkAmount(panel, t, timing.span) : 0,
  };
}
