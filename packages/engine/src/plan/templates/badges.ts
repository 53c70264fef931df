// BEFORE/AFTER badges: a pill in a corner of its slot inside the safe area, kept off the faces
// on screen; on a tight face, off its eyes-to-chin core, else at least off its eyes and mouth.
import type { Rect } from '../../geometry.ts';
import type { LabelState, PanelState } from '../frame-state.ts';
import type { TemplateContext } from './parts.ts';
import { facesOnFrame, type FaceOnFrame } from './place-text.ts';

/** A badge's box wherever its opacity is, for text to keep off (it never jumps as one fades). */
export function badgeBoxes(labels: (LabelState | null)[]): Rect[] {
  return labels.filter((shown): shown is LabelState => shown !== null).map((shown) => shown.box);
}

/** Heights down a slot's side tried for a badge when no corner keeps it off the face. */
const BADGE_SIDE_STEPS = 32;

/**
 * A badge inside the safe area and inside `within`, at the given top corner; when `avoid`
 * panels are given, the first corner (top, then bottom; the given side, then the other) that
 * keeps off their faces, else the first place down either side that does; where a tight face
 * leaves none, the first that keeps off its eyes-to-chin core, else off its eyes and mouth.
 */
export function label(
  context: TemplateContext,
  text: LabelState['text'],
  within: Rect,
  corner: 'left' | 'right',
  opacity: number,
  avoid: PanelState[] = [],
  edge: 'top' | 'bottom' = 'top',
): LabelState | null {
  if (context.scene.hideLabels || opacity <= 0) return null;
  const { safe } = context.layout;
  const fitted = context.texts.badges[text];
  const { fontSize } = fitted;
  // The pill: the measured word with 0.55 em each side, 1.64 em tall.
  const width = (fitted.lineWidths[0] ?? 0) + fontSize * 1.1;
  const height = fontSize * 1.64;
  const inset = fontSize * 0.5;
  const left = Math.max(within.x, safe.x) + inset;
  const right = Math.min(within.x + within.width, safe.x + safe.width) - inset;
  const top = Math.max(within.y, safe.y) + inset;
  const bottom = Math.min(within.y + within.height, safe.y + safe.height) - inset - height;
  const other = corner === 'left' ? 'right' : 'left';
  const [first, second] = edge === 'top' ? [top, bottom] : [bottom, top];
  const sides = Array.from({ length: BADGE_SIDE_STEPS - 1 }, (_unused, index) => {
    const share = (index + 1) / BADGE_SIDE_STEPS;
    return first + (second - first) * share;
  }).flatMap((y) => [
    [corner, y],
    [other, y],
  ]);
  const boxes = [[corner, first], [other, first], [corner, second], [other, second], ...sides].map(
    ([side, y]) => ({
      x: side === 'left' ? left : right - width,
      y: y as number,
      width,
      height,
    }),
  );
  const faces = facesOnFrame(context.scene, avoid);
  const clearOf = (box: Rect, parts: (face: FaceOnFrame) => Rect[]) =>
    faces.every((face) => parts(face).every((part) => overlapArea(box, part) === 0));
  const corners = boxes.slice(0, 4);
  const box =
    corners.find((candidate) => clearOf(candidate, (face) => [face.outline])) ??
    boxes.find((candidate) => clearOf(candidate, (face) => [face.core, ...face.features])) ??
    boxes.find((candidate) => clearOf(candidate, (face) => face.features)) ??
    leastOver(boxes, faces);
  return { text, box, fontSize, opacity };
}

/** The candidate covering least of the faces' eyes and mouths (the first of equals). */
function leastOver(boxes: Rect[], faces: FaceOnFrame[]): Rect {
  const covered = (box: Rect) =>
    faces.reduce(
      (sum, face) =>
        sum + face.features.reduce((part, feature) => part + overlapArea(box, feature), 0),
      0,
    );
  return boxes.reduce((best, next) => (covered(next) < covered(best) ? next : best));
}

function overlapArea(a: Rect, b: Rect): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}
