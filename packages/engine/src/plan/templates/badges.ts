// BEFORE/AFTER badges: a pill inside the safe area and its slot, kept clear of the whole face
// on screen (its box with a margin): a corner where one is clear, else a place down the slot's
// sides. Only where a face fills the slot's safe part (a portrait strip stacked in 9:16) does a
// badge sit on the face's outline, as little as it can, and never on its eyes-to-chin core.
import type { Rect } from '../../geometry.ts';
import type { LabelState, PanelState, TextState } from '../frame-state.ts';
import { keptAnswer } from './kept-answers.ts';
import type { TemplateContext } from './parts.ts';
import { facesOnFrame, overlapArea } from './place-text.ts';

/** A badge's box wherever its opacity is, for text to keep off (it never jumps as one fades). */
export function badgeBoxes(labels: (LabelState | null)[]): Rect[] {
  return labels.filter((shown): shown is LabelState => shown !== null).map((shown) => shown.box);
}

/**
 * Badges leave as soon as a text starts to come over them: where a face-filled stacked pair leaves
 * the hook, the handle and the badges one place (the seam), they take turns there, one text at
 * a time, instead of printing over each other.
 */
export function givingWay(labels: LabelState[], texts: TextState[]): LabelState[] {
  return labels.filter(
    (badge) => !texts.some((text) => text.opacity > 0 && overlapArea(text.box, badge.box) > 0),
  );
}

/** Whether any of the texts would print over one of the boxes. */
export function isOverAny(texts: TextState[], boxes: Rect[]): boolean {
  return texts.some((text) => boxes.some((box) => overlapArea(text.box, box) > 0));
}

/** Heights down a slot's side tried for a badge when no corner keeps it off the face. */
const BADGE_SIDE_STEPS = 32;
/**
 * The gap between a badge and its slot's edge, in em; the tight one lets a badge over the
 * hair at the very top of a face-filled slot stay above the eyes.
 */
const INSET_EM = 0.5;
const TIGHT_INSET_EM = 0.2;

/**
 * A badge inside the safe area and inside `within`, preferring the given side and `edge`:
 * the first corner (that edge, then the other; the given side, then the other) clear of the
 * `avoid` panels' whole faces, else the first place down either side that is; where the
 * faces leave no such place, the place clear of their eyes-to-chin cores (and eyes and mouths)
 * that covers least of their outlines, else the one off the cores covering least of the eyes
 * (a brow at the top of a face-filled slot); else the one off the eyes and mouths covering
 * least of the cores. Never over a `keepOff` box; null where no place is clear of them.
 */
export function label(
  context: TemplateContext,
  text: LabelState['text'],
  within: Rect,
  corner: 'left' | 'right',
  opacity: number,
  avoid: PanelState[] = [],
  edge: 'top' | 'bottom' = 'top',
  keepOff: Rect[] = [],
): LabelState | null {
  if (context.scene.hideLabels || opacity <= 0) return null;
  const { fontSize } = context.texts.badges[text];
  // Frames whose panels hold still put a badge in the same place: kept per video (its
  // context) rather than searched for again.
  const key = JSON.stringify([
    text,
    within,
    corner,
    edge,
    keepOff,
    avoid.map((shown) => [shown.rect, shown.view, shown.clip]),
  ]);
  const box = keptAnswer(badgeBoxesByContext, context, key, () =>
    badgeBox(context, text, within, corner, avoid, edge, keepOff),
  );
  return box && { text, box, fontSize, opacity };
}

const badgeBoxesByContext = new WeakMap<TemplateContext, Map<string, Rect | null>>();

/** label's search: the badge's box, or null where no place is clear of `keepOff`. */
function badgeBox(
  context: TemplateContext,
  text: LabelState['text'],
  within: Rect,
  corner: 'left' | 'right',
  avoid: PanelState[],
  edge: 'top' | 'bottom',
  keepOff: Rect[],
): Rect | null {
  const { safe } = context.layout;
  const fitted = context.texts.badges[text];
  const { fontSize } = fitted;
  // The pill: the measured word with 0.55 em each side, 1.64 em tall.
  const width = (fitted.lineWidths[0] ?? 0) + fontSize * 1.1;
  const height = fontSize * 1.64;
  const bounds = (insetEm: number) => {
    const inset = fontSize * insetEm;
    return {
      left: Math.max(within.x, safe.x) + inset,
      right: Math.min(within.x + within.width, safe.x + safe.width) - inset,
      top: Math.max(within.y, safe.y) + inset,
      bottom: Math.min(within.y + within.height, safe.y + safe.height) - inset - height,
    };
  };
  const { left, right, top, bottom } = bounds(INSET_EM);
  const tight = bounds(TIGHT_INSET_EM);
  const other = corner === 'left' ? 'right' : 'left';
  const [first, second] = edge === 'top' ? [top, bottom] : [bottom, top];
  const sides = Array.from({ length: BADGE_SIDE_STEPS - 1 }, (_unused, index) => {
    const share = (index + 1) / BADGE_SIDE_STEPS;
    return first + (second - first) * share;
  }).flatMap((y) => [
    [corner, y],
    [other, y],
  ]);
  const at = ([side, y]: (string | number)[], edges = { left, right }): Rect => ({
    x: side === 'left' ? edges.left : edges.right - width,
    y: y as number,
    width,
    height,
  });
  const corners = [
    [corner, first],
    [other, first],
    [corner, second],
    [other, second],
  ].map((place) => at(place));
  const boxes = [
    ...corners,
    ...sides.map((place) => at(place)),
    ...[tight.top, tight.bottom].flatMap((y) => [at([corner, y], tight), at([other, y], tight)]),
  ].filter((candidate) => !keepOff.some((taken) => overlapArea(candidate, taken) > 0));
  if (boxes.length === 0) return null;
  const faces = facesOnFrame(context.scene, avoid);
  // Summed the way a sum over each face's parts, then over the faces, adds up (to the bit),
  // without an array per face and candidate: every frame places its badges anew.
  const over = (box: Rect, part: 'outline' | 'core' | 'features') => {
    let sum = 0;
    for (const face of faces) {
      if (part !== 'features') {
        sum += overlapArea(box, face[part]);
        continue;
      }
      let featureArea = 0;
      for (const rect of face.features) featureArea += overlapArea(box, rect);
      sum += featureArea;
    }
    return sum;
  };
  const clear = boxes.find((candidate) => over(candidate, 'outline') === 0);
  if (clear) return clear;
  const offCore = boxes.filter((candidate) => over(candidate, 'core') === 0);
  return (
    least(
      offCore.filter((candidate) => over(candidate, 'features') === 0),
      (candidate) => over(candidate, 'outline'),
    ) ??
    // A face filling its slot: off the core, over as little of the brows as there is.
    least(offCore, (candidate) => over(candidate, 'features')) ??
    least(
      boxes.filter((candidate) => over(candidate, 'features') === 0),
      (candidate) => over(candidate, 'core'),
    ) ??
    least(boxes, (candidate) => over(candidate, 'features'))
  );
}

/** The candidate scoring least (the first of equals); null when there is none. */
function least(boxes: Rect[], score: (box: Rect) => number): Rect | null {
  return boxes.reduce<Rect | null>(
    (best, next) => (best === null || score(next) < score(best) ? next : best),
    null,
  );
}
