// Each template's moments (seconds, scaled by the motion speed) and, from them, when each
// panel's face motion runs: only while that photo is on screen, start to end, so an after
// smile never plays before the after photo appears.
import type { Template } from '@glowreel/contracts';
import type { MotionSpan } from '../../motion/face-motion-schedule.ts';
import type { Phases } from '../frame-state.ts';

/** Seconds the proof (both photos together) holds before the end card. */
export const PROOF_SECONDS = 1.5;
/** Face motion is done this long before the end card starts fading in. */
const MOTION_END_MARGIN = 0.3;
/** A face on screen is still a moment before it starts to move, and before a cut away. */
const MOTION_LEAD = 0.2;

export function proofStartOf(phases: Phases): number {
  return phases.endCardStart - PROOF_SECONDS;
}

/**
 * Where the handle and the caption can only go where the badges are (a face-filled stacked
 * pair's seam), the badges hold the proof's first part (the cover is taken there), then the
 * footer takes the seam until the end card, which repeats it.
 */
export const PROOF_BADGE_TURN = 0.6;

export function revealBeats(phases: Phases) {
  const wipeStart = 1.3 * phases.speed;
  return { wipeStart, wipeEnd: wipeStart + 1.2 * phases.speed };
}

/** The split's push-in lasts at least this long (seconds, at every speed). */
const SPLIT_MIN_PUSH = 1.5;

/**
 * The split's push-in starts once the face holds its expression (`faceHeldFrom`, 0 when the
 * motion never holds one), so a smile eases in over still panels, but never later than leaves
 * the push SPLIT_MIN_PUSH before `pushEnd`.
 */
export function splitBeats(phases: Phases, faceHeldFrom: number, pushEnd: number) {
  const earliest = 2.4 * phases.speed;
  const latest = Math.max(earliest, pushEnd - SPLIT_MIN_PUSH);
  return {
    hookEnd: 1.8 * phases.speed,
    pushStart: Math.min(latest, Math.max(earliest, faceHeldFrom)),
  };
}

/** Seconds per shot at normal speed: before, after, before, then the after holds. */
const DETAIL_SHOTS = [1.4, 1.1, 0.9] as const;

/** The moments Detail cuts at: to the after, back to the before, to the after that holds. */
export function detailCuts(phases: Phases): [number, number, number] {
  const first = DETAIL_SHOTS[0] * phases.speed;
  const second = first + DETAIL_SHOTS[1] * phases.speed;
  return [first, second, second + DETAIL_SHOTS[2] * phases.speed];
}

export function storyBeats(phases: Phases) {
  const hookEnd = 1.5 * phases.speed;
  return { hookEnd, afterStart: hookEnd + 1.0 * phases.speed };
}

export type MotionSpans = Record<'before' | 'after', MotionSpan>;

/**
 * When each panel's face moves in a template: inside a stretch of time its photo is on
 * screen without a break (the after photo: from when it is whole on screen to the end card).
 */
export function motionSpans(template: Template, phases: Phases): MotionSpans {
  const last = phases.endCardStart - MOTION_END_MARGIN;
  switch (template) {
    case 'reveal': {
      const { wipeStart, wipeEnd } = revealBeats(phases);
      return {
        before: { start: MOTION_LEAD, end: wipeStart - MOTION_LEAD },
        after: { start: wipeEnd + MOTION_LEAD, end: last },
      };
    }
    case 'split':
      return {
        before: { start: 0.6, end: last },
        after: { start: 0.6, end: last },
      };
    case 'detail': {
      const [first, , third] = detailCuts(phases);
      return {
        before: { start: MOTION_LEAD, end: first - MOTION_LEAD },
        after: { start: third + MOTION_LEAD, end: last },
      };
    }
    case 'story': {
      const { afterStart } = storyBeats(phases);
      return {
        before: { start: MOTION_LEAD, end: afterStart - MOTION_LEAD },
        after: { start: afterStart + MOTION_LEAD, end: last },
      };
    }
  }
}
