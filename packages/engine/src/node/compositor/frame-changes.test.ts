import { describe, expect, it } from 'vitest';
import { clipCoverage } from './clip-coverage.ts';
import { mergeOverlapping, outlinesBounds, withinClip } from './frame-changes.ts';

describe('frame changes', () => {
  it('bounds outlines by the whole pixels around them, a pixel to spare', () => {
    const triangle = {
      outline: [
        { x: 10.2, y: 5.5 },
        { x: 20.7, y: 6 },
        { x: 12, y: 30.1 },
      ],
    };
    expect(outlinesBounds([triangle, { outline: [{ x: 40, y: 2 }] }])).toEqual({
      x: 9,
      y: 1,
      width: 32,
      height: 31,
    });
    expect(outlinesBounds([])).toBeNull();
  });

  it('keeps a rectangle to the pixels a clip touches, its partly covered edges included', () => {
    const clip = clipCoverage(
      { x: 10.5, y: 0, width: 20, height: 8.25 },
      { width: 64, height: 36 },
    );
    expect(withinClip({ x: 0, y: -4, width: 100, height: 100 }, clip)).toEqual({
      x: 10,
      y: 0,
      width: 21,
      height: 9,
    });
    expect(withinClip({ x: 40, y: 0, width: 5, height: 5 }, clip)).toBeNull();
    expect(withinClip(null, clip)).toBeNull();
  });

  it('merges overlapping rectangles until none overlap, and leaves apart ones alone', () => {
    const merged = mergeOverlapping([
      { x: 0, y: 0, width: 10, height: 10 },
      { x: 30, y: 0, width: 10, height: 10 },
      // Overlaps neither at first; once the next one grows the first box, it overlaps that.
      { x: 12, y: 12, width: 4, height: 4 },
      { x: 5, y: 5, width: 10, height: 10 },
      { x: 0, y: 50, width: 0, height: 5 },
    ]);
    expect(merged).toEqual([
      { x: 0, y: 0, width: 16, height: 16 },
      { x: 30, y: 0, width: 10, height: 10 },
    ]);
    // Touching edges share no pixel.
    expect(
      mergeOverlapping([
        { x: 0, y: 0, width: 10, height: 10 },
        { x: 10, y: 0, width: 10, height: 10 },
      ]),
    ).toHaveLength(2);
  });
});
