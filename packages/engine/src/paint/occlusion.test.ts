import { describe, expect, it } from 'vitest';
import type { Affine, Rect } from '../geometry.ts';
import { opaqueRect, subtractRect, uncoveredRects } from './occlusion.ts';

const area = (rects: Rect[]) => rects.reduce((sum, rect) => sum + rect.width * rect.height, 0);

function overlaps(a: Rect, b: Rect): boolean {
  return (
    Math.min(a.x + a.width, b.x + b.width) > Math.max(a.x, b.x) &&
    Math.min(a.y + a.height, b.y + b.height) > Math.max(a.y, b.y)
  );
}

describe('uncoveredRects', () => {
  it('leaves the parts outside the cuts, without overlaps', () => {
    const frame = { x: 0, y: 0, width: 100, height: 60 };
    const cuts = [
      { x: 0, y: 0, width: 48, height: 60 },
      { x: 52, y: 10, width: 48, height: 40 },
    ];
    const left = uncoveredRects(frame, cuts);
    expect(area(left)).toBe(100 * 60 - 48 * 60 - 48 * 40);
    for (const [i, a] of left.entries()) {
      for (const cut of cuts) expect(overlaps(a, cut)).toBe(false);
      for (const b of left.slice(i + 1)) expect(overlaps(a, b)).toBe(false);
    }
  });

  it('keeps a rectangle the cut misses and drops one it covers', () => {
    const piece = { x: 10, y: 10, width: 5, height: 5 };
    expect(subtractRect(piece, { x: 20, y: 0, width: 5, height: 50 })).toEqual([piece]);
    expect(subtractRect(piece, { x: 0, y: 0, width: 50, height: 50 })).toEqual([]);
  });
});

describe('opaqueRect', () => {
  const scaleBy = (s: number, e = 0, f = 0): Affine => ({ a: s, b: 0, c: 0, d: s, e, f });

  it('is the whole pixels of the clip when the image reaches past it', () => {
    const clip = { x: 0.5, y: 0, width: 99.2, height: 50 };
    expect(opaqueRect(clip, scaleBy(2, -10, -10), { width: 100, height: 100 })).toEqual({
      x: 1,
      y: 0,
      width: 98,
      height: 50,
    });
  });

  it('is null when the image stops short of a clip edge, even by a fraction of a pixel', () => {
    const clip = { x: 0, y: 0, width: 100, height: 50 };
    // 0.4 px short at the bottom: the last row is part photo, part backdrop.
    expect(opaqueRect(clip, scaleBy(1), { width: 120, height: 49.6 })).toBeNull();
    // Exactly at the edge is too close to trust: rounding could leave it half covered.
    expect(opaqueRect(clip, scaleBy(1), { width: 100, height: 60 })).toBeNull();
  });

  it('follows a turned image: covered only when every clip corner is inside it', () => {
    const turn = (degrees: number, e: number, f: number): Affine => {
      const r = (degrees * Math.PI) / 180;
      return { a: Math.cos(r), b: Math.sin(r), c: -Math.sin(r), d: Math.cos(r), e, f };
    };
    const clip = { x: 40, y: 40, width: 100, height: 100 };
    expect(opaqueRect(clip, turn(2, 20, 10), { width: 200, height: 200 })).not.toBeNull();
    // Turned so that a corner of the clip falls outside the photo.
    expect(opaqueRect(clip, turn(12, 40, 30), { width: 120, height: 200 })).toBeNull();
  });

  it('is null for a clip thinner than a pixel', () => {
    const clip = { x: 10.2, y: 0, width: 0.6, height: 50 };
    expect(opaqueRect(clip, scaleBy(1, -5, -5), { width: 100, height: 100 })).toBeNull();
  });
});
