import { describe, expect, it } from 'vitest';
import { orient, type SplitAxis } from './split-axis.ts';
import { downsamplePlane, type Plane } from './split-plane.ts';
import { lineProfiles } from './split-profiles.ts';

/** A plane of pseudo-random luma: steps of every size between neighbouring lines, capped ones too. */
function randomPlane(width: number, height: number): Plane {
  const data = new Uint8ClampedArray(width * height);
  let seed = 12345;
  for (let i = 0; i < data.length; i += 1) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    data[i] = (seed >>> 16) % 256;
  }
  return { width, height, data };
}

/** One line's figures as their definitions say, one pixel at a time. */
function lineByDefinition(plane: Plane, axis: SplitAxis, line: number) {
  const view = orient(plane, axis);
  const values: number[] = [];
  const steps: number[] = [];
  for (let j = 0; j < view.length; j += 1) {
    const index = line * view.lineStride + j * view.alongStride;
    const value = view.data[index] ?? 0;
    values.push(value);
    steps.push(Math.min(40, Math.abs(value - (view.data[index - view.lineStride] ?? value))));
  }
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const squares = values.reduce((sum, value) => sum + value * value, 0) / values.length;
  const keep = Math.ceil(values.length * 0.75);
  const kept = [...steps].sort((a, b) => a - b).slice(0, keep);
  return {
    mean: Math.fround(mean),
    std: Math.fround(Math.sqrt(Math.max(0, squares - mean * mean))),
    step: Math.fround(kept.reduce((sum, value) => sum + value, 0) / keep),
  };
}

describe('downsamplePlane', () => {
  it('averages each block, partial ones at the right and bottom edges over what they hold', () => {
    const plane = randomPlane(23, 17);
    for (const factor of [1, 2, 3, 4, 7]) {
      const small = downsamplePlane(plane, factor);
      expect(small).toMatchObject({
        width: Math.ceil(23 / factor),
        height: Math.ceil(17 / factor),
      });
      for (let by = 0; by < small.height; by += 1) {
        for (let bx = 0; bx < small.width; bx += 1) {
          let sum = 0;
          let count = 0;
          for (let y = by * factor; y < Math.min(17, (by + 1) * factor); y += 1) {
            for (let x = bx * factor; x < Math.min(23, (bx + 1) * factor); x += 1) {
              sum += plane.data[y * 23 + x] ?? 0;
              count += 1;
            }
          }
          expect(small.data[by * small.width + bx], `factor ${factor} at ${bx}, ${by}`).toBe(
            Math.fround(Math.fround(sum) / count),
          );
        }
      }
    }
  });
});

describe('lineProfiles', () => {
  it('gives every line, down columns and along rows, its figures as if walked alone', () => {
    // 150 columns: more than one group of lines walked together, and a partial last group.
    const plane = randomPlane(150, 90);
    for (const axis of ['x', 'y'] as const) {
      const lines = axis === 'x' ? 150 : 90;
      for (const [lo, hi] of [
        [0, lines],
        [7, 77],
        [lines - 3, lines],
      ] as const) {
        const profiles = lineProfiles(orient(plane, axis), lo, hi);
        for (let line = lo; line < hi; line += 1) {
          const expected = lineByDefinition(plane, axis, line);
          const k = line - lo;
          expect(
            { mean: profiles.mean[k], std: profiles.std[k], step: profiles.step[k] },
            `${axis} line ${line}`,
          ).toEqual(expected);
        }
      }
    }
  });
});
