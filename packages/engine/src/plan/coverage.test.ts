import { describe, expect, it } from 'vitest';
import { applyAffine, invertAffine, type Affine, type Rect } from '../geometry.ts';
import { warpRaster } from '../node/canvas-renderer.ts';
import { createRaster, type Raster } from '../raster.ts';
import { resizeTransform } from './build-scene.ts';
import { coverageRect, RESAMPLING_EDGE } from './coverage.ts';

/** Scale and turn (degrees clockwise) about `centre`, then shift. */
function similarityAbout(
  centre: { x: number; y: number },
  scale: number,
  degrees: number,
  shift = { x: 0, y: 0 },
): Affine {
  const radians = (degrees * Math.PI) / 180;
  const a = scale * Math.cos(radians);
  const b = scale * Math.sin(radians);
  return {
    a,
    b,
    c: -b,
    d: a,
    e: centre.x - (a * centre.x - b * centre.y) + shift.x,
    f: centre.y - (b * centre.x + a * centre.y) + shift.y,
  };
}

function opaque(width: number, height: number): Raster {
  const raster = createRaster(width, height);
  raster.data.fill(255);
  return raster;
}

/** Pixels of `rect` in `warped` that are not wholly the photo (alpha below 255). */
function uncoveredPixels(warped: Raster, rect: Rect): number {
  let count = 0;
  for (let y = rect.y; y < rect.y + rect.height; y += 1) {
    for (let x = rect.x; x < rect.x + rect.width; x += 1) {
      if ((warped.data[(y * warped.width + x) * 4 + 3] ?? 0) < 255) count += 1;
    }
  }
  return count;
}

const panel = { width: 760, height: 950 };

describe('coverageRect', () => {
  it('is the whole frame when the after photo is only resized onto it', () => {
    const after = { width: 1520, height: 1900 };
    expect(coverageRect(panel, after, resizeTransform(after, panel))).toEqual({
      x: 0,
      y: 0,
      ...panel,
    });
  });

  const turned = [
    { name: 'shrunk and turned back (sbs-misaligned)', scale: 0.87, degrees: -2, e: 12, f: 2 },
    { name: 'enlarged and turned clockwise', scale: 1.1, degrees: 4, e: -40, f: -30 },
    { name: 'only moved', scale: 1, degrees: 0, e: 25, f: -18 },
    { name: 'only turned', scale: 1, degrees: 10, e: 0, f: 0 },
  ];

  it.each(turned)(
    'lies inside both photos when the after photo is $name',
    ({ scale, degrees, e, f }) => {
      const transform = similarityAbout({ x: 380, y: 300 }, scale, degrees, { x: e, y: f });
      const rect = coverageRect(panel, panel, transform);

      expect(rect.x).toBeGreaterThanOrEqual(0);
      expect(rect.y).toBeGreaterThanOrEqual(0);
      expect(rect.x + rect.width).toBeLessThanOrEqual(panel.width);
      expect(rect.y + rect.height).toBeLessThanOrEqual(panel.height);
      const toAfter = invertAffine(transform);
      for (const corner of [
        { x: rect.x, y: rect.y },
        { x: rect.x + rect.width, y: rect.y },
        { x: rect.x, y: rect.y + rect.height },
        { x: rect.x + rect.width, y: rect.y + rect.height },
      ]) {
        const p = applyAffine(toAfter, corner);
        expect(p.x).toBeGreaterThanOrEqual(RESAMPLING_EDGE - 1e-9);
        expect(p.y).toBeGreaterThanOrEqual(RESAMPLING_EDGE - 1e-9);
        expect(p.x).toBeLessThanOrEqual(panel.width - RESAMPLING_EDGE + 1e-9);
        expect(p.y).toBeLessThanOrEqual(panel.height - RESAMPLING_EDGE + 1e-9);
      }
      // Not a timid answer: a moved photo keeps all but the strip it moved by, a turned one
      // most of the frame.
      expect(rect.width * rect.height).toBeGreaterThan(0.6 * panel.width * panel.height);
    },
  );

  it('keeps what a pure move leaves, to the pixel', () => {
    const rect = coverageRect(panel, panel, { a: 1, b: 0, c: 0, d: 1, e: 25, f: -18 });
    expect(rect.x).toBe(27);
    expect(rect.y).toBe(0);
    expect(rect.x + rect.width).toBe(760);
    expect(rect.y + rect.height).toBeGreaterThanOrEqual(950 - 18 - 2 - 8);
  });

  it('shows no pixel from outside the after photo once drawn (and the whole frame would)', () => {
    const transform = similarityAbout({ x: 380, y: 300 }, 0.87, -2, { x: 12, y: 2 });
    const rect = coverageRect(panel, panel, transform);
    const warped = warpRaster(opaque(panel.width, panel.height), transform, panel);
    expect(uncoveredPixels(warped, rect)).toBe(0);
    expect(uncoveredPixels(warped, { x: 0, y: 0, ...panel })).toBeGreaterThan(1000);
  });
});
