import { describe, expect, it } from 'vitest';
import type { Rect } from '../geometry.ts';
import { createRaster, type Raster } from '../raster.ts';
import { paintPortrait, seededRandom } from './split-synthetic.ts';
import { findTreatedArea } from './treated-area.ts';

type PixelEdit = (rgb: [number, number, number], x: number, y: number) => [number, number, number];

function edited(source: Raster, edit: PixelEdit): Raster {
  const out = createRaster(source.width, source.height);
  for (let y = 0; y < source.height; y += 1) {
    for (let x = 0; x < source.width; x += 1) {
      const i = (y * source.width + x) * 4;
      const rgb: [number, number, number] = [
        source.data[i] ?? 0,
        source.data[i + 1] ?? 0,
        source.data[i + 2] ?? 0,
      ];
      out.data.set([...edit(rgb, x, y), 255], i);
    }
  }
  return out;
}

const isInside = (rect: Rect, x: number, y: number) =>
  x >= rect.x && x < rect.x + rect.width && y >= rect.y && y < rect.y + rect.height;

function intersectionOverUnion(a: Rect, b: Rect): number {
  const w = Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x));
  const h = Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
  const overlap = w * h;
  return overlap / (a.width * a.height + b.width * b.height - overlap);
}

/**
 * A clinic's after photo: the whole frame a little brighter and warmer, plus, inside the
 * treated box only, less redness and smoother skin (texture pulled toward grey).
 */
function treat(before: Raster, box: Rect): Raster {
  const noise = seededRandom(11);
  return edited(before, ([r, g, b], x, y) => {
    let [tr, tg, tb] = [r, g, b];
    if (isInside(box, x, y)) {
      const mean = (r + g + b) / 3;
      [tr, tg, tb] = [0.6 * r + 0.4 * mean - 12, 0.6 * g + 0.4 * mean, 0.6 * b + 0.4 * mean + 4];
    }
    const jitter = (noise() - 0.5) * 4;
    return [tr * 1.05 + 4 + jitter, tg * 1.04 + 2 + jitter, tb * 0.97 + jitter];
  });
}

/** A square about 28 % of the short side, centred in the panel. */
function expectCentralBox(rect: Rect, width: number, height: number) {
  expect(rect.width).toBe(rect.height);
  expect(Math.abs(rect.width - 0.28 * Math.min(width, height))).toBeLessThanOrEqual(4);
  expect(Math.abs(rect.x + rect.width / 2 - width / 2)).toBeLessThanOrEqual(1);
  expect(Math.abs(rect.y + rect.height / 2 - height / 2)).toBeLessThanOrEqual(1);
}

describe('findTreatedArea', () => {
  it('finds the region where the after photo was treated, despite a global tone change', () => {
    const before = paintPortrait(640, 800, { seed: 21 });
    const treated = { x: 220, y: 260, width: 200, height: 190 };
    const found = findTreatedArea(before, treat(before, treated));
    expect(intersectionOverUnion(found.rect, treated)).toBeGreaterThan(0.3);
    expect(
      isInside(found.rect, treated.x + treated.width / 2, treated.y + treated.height / 2),
    ).toBe(true);
    expect(found.strength).toBeGreaterThan(0.3);
  });

  it('finds a treated area away from the centre', () => {
    const before = paintPortrait(900, 600, { seed: 4 });
    const treated = { x: 660, y: 50, width: 170, height: 160 };
    const found = findTreatedArea(before, treat(before, treated));
    expect(intersectionOverUnion(found.rect, treated)).toBeGreaterThan(0.3);
    expect(
      isInside(found.rect, treated.x + treated.width / 2, treated.y + treated.height / 2),
    ).toBe(true);
  });

  it('returns the central region with no strength when the photos are identical', () => {
    const before = paintPortrait(600, 400, { seed: 9 });
    const found = findTreatedArea(before, before);
    expect(found.strength).toBe(0);
    expectCentralBox(found.rect, 600, 400);
  });

  it('gives a low strength when only the overall tone changed', () => {
    const before = paintPortrait(600, 600, { seed: 9 });
    const found = findTreatedArea(before, treat(before, { x: 0, y: 0, width: 0, height: 0 }));
    expect(found.strength).toBeLessThan(0.15);
    expectCentralBox(found.rect, 600, 600);
  });

  it('keeps the box inside the area both panels share when their sizes differ', () => {
    const before = paintPortrait(500, 420, { seed: 2 });
    const after = treat(paintPortrait(520, 400, { seed: 2 }), {
      x: 380,
      y: 280,
      width: 120,
      height: 120,
    });
    const found = findTreatedArea(before, after);
    expect(found.rect.x + found.rect.width).toBeLessThanOrEqual(500);
    expect(found.rect.y + found.rect.height).toBeLessThanOrEqual(400);
  });
});
