import { describe, expect, it } from 'vitest';
import { applyAffine } from '../geometry.ts';
import { growTriangle, triangleAffine } from './draw-face-warp.ts';

describe('triangleAffine', () => {
  it('maps each corner of the source triangle onto the target corner', () => {
    const source = [10, 20, 110, 25, 40, 140];
    const target = [12, 18, 118, 30, 35, 150];
    const m = triangleAffine(source, target);
    expect(m).not.toBeNull();
    if (!m) return;
    for (let k = 0; k < 3; k += 1) {
      const p = applyAffine(m, { x: source[k * 2] ?? 0, y: source[k * 2 + 1] ?? 0 });
      expect(p.x).toBeCloseTo(target[k * 2] ?? 0, 9);
      expect(p.y).toBeCloseTo(target[k * 2 + 1] ?? 0, 9);
    }
  });

  it('refuses a source triangle with no area', () => {
    expect(triangleAffine([0, 0, 10, 10, 20, 20], [0, 0, 1, 2, 3, 4])).toBeNull();
  });
});

function isInside(polygon: readonly { x: number; y: number }[], p: { x: number; y: number }) {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i, i += 1) {
    const a = polygon[i] ?? { x: 0, y: 0 };
    const b = polygon[j] ?? { x: 0, y: 0 };
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) {
      inside = !inside;
    }
  }
  return inside;
}

describe('growTriangle', () => {
  it.each([
    [
      'clockwise',
      [
        { x: 0, y: 0 },
        { x: 100, y: 0 },
        { x: 0, y: 20 },
      ],
    ],
    [
      'anticlockwise',
      [
        { x: 0, y: 0 },
        { x: 0, y: 20 },
        { x: 100, y: 0 },
      ],
    ],
    [
      'sliver',
      [
        { x: 0, y: 0 },
        { x: 200, y: 3 },
        { x: 100, y: 4 },
      ],
    ],
  ])('covers a band of the overlap width along every edge of a %s triangle', (_, corners) => {
    const grown = growTriangle(corners, 0.75);
    for (let k = 0; k < 3; k += 1) {
      const a = corners[k] ?? { x: 0, y: 0 };
      const b = corners[(k + 1) % 3] ?? { x: 0, y: 0 };
      const c = corners[(k + 2) % 3] ?? { x: 0, y: 0 };
      const length = Math.hypot(b.x - a.x, b.y - a.y);
      let n = { x: (b.y - a.y) / length, y: -(b.x - a.x) / length };
      // Outward: away from the third corner.
      if (n.x * (c.x - a.x) + n.y * (c.y - a.y) > 0) n = { x: -n.x, y: -n.y };
      for (let t = 0.02; t < 1; t += 0.04) {
        const p = {
          x: a.x + (b.x - a.x) * t + n.x * 0.7,
          y: a.y + (b.y - a.y) * t + n.y * 0.7,
        };
        expect(isInside(grown, p)).toBe(true);
      }
    }
    // Nothing reaches more than twice the overlap past a corner.
    for (const p of grown) {
      const nearest = Math.min(...corners.map((q) => Math.hypot(p.x - q.x, p.y - q.y)));
      expect(nearest).toBeLessThanOrEqual(1.5 + 1e-9);
    }
  });
});
