import { describe, expect, it } from 'vitest';
import { TYPEFACES } from '@glowreel/contracts';
import {
  MIN_CAP_HEIGHT_RATIO,
  capHeightPx,
  capHeightRatio,
  minLegibleFontSize,
} from './cap-height.ts';

describe('cap height', () => {
  it("scales each font's own cap height with the font size", () => {
    expect(capHeightPx(100, 'inter')).toBeCloseTo((100 * 1490) / 2048, 6);
    expect(capHeightPx(100, 'playfair_display')).toBeCloseTo(70.8, 6);
    expect(capHeightPx(100, 'montserrat')).toBeCloseTo(70, 6);
  });

  it('gives the cap height as a share of the frame height', () => {
    expect(capHeightRatio(40, 'montserrat', 1120)).toBeCloseTo(0.025, 6);
    expect(() => capHeightRatio(40, 'inter', 0)).toThrow(RangeError);
  });

  it.each(TYPEFACES)('finds the smallest legible size of %s for each frame height', (typeface) => {
    for (const frameHeight of [720, 1080, 1280, 1920]) {
      const size = minLegibleFontSize(frameHeight, typeface);
      expect(capHeightRatio(size, typeface, frameHeight)).toBeGreaterThanOrEqual(
        MIN_CAP_HEIGHT_RATIO,
      );
      expect(capHeightRatio(size - 1, typeface, frameHeight)).toBeLessThan(MIN_CAP_HEIGHT_RATIO);
    }
  });
});
