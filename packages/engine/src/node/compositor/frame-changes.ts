// Where a painted frame can differ from the one painted before it, as whole-pixel rectangles:
// over the same kept panels only the faces and the text boxes change, and only those parts of
// the frame are put back, painted and converted to I420 again.
import type { Point, Rect } from '../../geometry.ts';
import type { ClipCoverage } from './clip-coverage.ts';

/** The whole pixels any of the outlines can paint (a pixel to spare each side), or null. */
export function outlinesBounds(shapes: readonly { outline: readonly Point[] }[]): Rect | null {
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const { outline } of shapes) {
    for (const { x, y } of outline) {
      left = Math.min(left, x);
      top = Math.min(top, y);
      right = Math.max(right, x);
      bottom = Math.max(bottom, y);
    }
  }
  if (!(right >= left && bottom >= top)) return null;
  const x = Math.floor(left) - 1;
  const y = Math.floor(top) - 1;
  return { x, y, width: Math.ceil(right) + 1 - x, height: Math.ceil(bottom) + 1 - y };
}

/** The part of `rect` inside the pixels the clip touches (null when none). */
export function withinClip(rect: Rect | null, clip: ClipCoverage): Rect | null {
  const rows = spanExtent(clip.rows);
  const columns = spanExtent(clip.columns);
  if (!rect || !rows || !columns) return null;
  const left = Math.max(rect.x, columns.from);
  const top = Math.max(rect.y, rows.from);
  const right = Math.min(rect.x + rect.width, columns.to);
  const bottom = Math.min(rect.y + rect.height, rows.to);
  if (right <= left || bottom <= top) return null;
  return { x: left, y: top, width: right - left, height: bottom - top };
}

function spanExtent(spans: ClipCoverage['rows']): { from: number; to: number } | null {
  const first = spans[0];
  const last = spans[spans.length - 1];
  return first && last ? { from: first.from, to: last.from + last.count } : null;
}

/**
 * The rectangles with every two that overlap replaced by the box around both, until none
 * overlap: a face's area before and after a frame's motion is then converted once, not twice.
 */
export function mergeOverlapping(rects: readonly Rect[]): Rect[] {
  const merged = rects.filter((rect) => rect.width > 0 && rect.height > 0);
  // A grown box can overlap one already passed: start again after every merge.
  let again = true;
  while (again) {
    again = false;
    search: for (let i = 0; i < merged.length; i += 1) {
      for (let j = i + 1; j < merged.length; j += 1) {
        const a = merged[i];
        const b = merged[j];
        if (!a || !b || !overlap(a, b)) continue;
        merged[i] = boxAround(a, b);
        merged.splice(j, 1);
        again = true;
        break search;
      }
    }
  }
  return merged;
}

function overlap(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

function boxAround(a: Rect, b: Rect): Rect {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  };
}
