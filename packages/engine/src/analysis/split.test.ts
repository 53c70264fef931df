import { describe, expect, it } from 'vitest';
import { createRaster, type Raster } from '../raster.ts';
import { MIN_PANEL_SIDE, detectPanels, panelsFromPair, type PanelDetection } from './split.ts';
import { compose, fillRect, paintPortrait, type PortraitLook } from './split-synthetic.ts';

// The same person photographed twice: the second visit is a little brighter, framed a
// little differently and has its own sensor noise.
const secondVisit: PortraitLook = { brightness: 1.06, shiftX: 0.01, scale: 1.03, noiseSeed: 77 };

function pair(width: number, height: number, afterLook: PortraitLook = secondVisit) {
  return {
    before: paintPortrait(width, height, { seed: 7 }),
    after: paintPortrait(width, height, { seed: 7, ...afterLook }),
  };
}

/** The cut [start, end) within 2 % of the axis, on the expected axis, not a guess. */
function expectCut(found: PanelDetection, axis: 'x' | 'y', start: number, end = start) {
  const image =
    found.boundary.axis === 'x'
      ? found.after.x + found.after.width
      : found.after.y + found.after.height;
  expect(found.boundary.axis).toBe(axis);
  expect(found.layout).toBe(axis === 'x' ? 'side-by-side' : 'stacked');
  expect(found.isFallback).toBe(false);
  expect(Math.abs(found.boundary.start - start)).toBeLessThanOrEqual(image * 0.02);
  expect(Math.abs(found.boundary.end - end)).toBeLessThanOrEqual(image * 0.02);
  expect(found.confidence).toBeGreaterThan(0.35);
}

/** Neither panel reaches into [from, to) along the axis (one pixel of slack). */
function expectGapExcluded(found: PanelDetection, from: number, to: number) {
  const isX = found.boundary.axis === 'x';
  const beforeEnd = isX
    ? found.before.x + found.before.width
    : found.before.y + found.before.height;
  const afterStart = isX ? found.after.x : found.after.y;
  expect(beforeEnd).toBeLessThanOrEqual(from + 1);
  expect(afterStart).toBeGreaterThanOrEqual(to - 1);
}

describe('detectPanels', () => {
  it('finds a plain cut between side-by-side photos of the same person', () => {
    const { before, after } = pair(600, 750);
    const found = detectPanels(compose('x', before, after));
    expectCut(found, 'x', 600);
    expect(found.before).toEqual({ x: 0, y: 0, width: found.boundary.start, height: 750 });
    expect(found.after).toEqual({
      x: found.boundary.end,
      y: 0,
      width: 1200 - found.boundary.end,
      height: 750,
    });
  });

  it('keeps a JPEG-noisy white gutter out of both panels', () => {
    const { before, after } = pair(600, 750);
    const image = compose('x', before, after, { size: 20, fill: [255, 255, 255], jitter: 13 });
    const found = detectPanels(image);
    expectCut(found, 'x', 600, 620);
    expectGapExcluded(found, 600, 620);
    expect(found.reason).toMatch(/white gutter/);
  });

  it('keeps a black gutter out of both panels', () => {
    const { before, after } = pair(600, 750);
    const found = detectPanels(
      compose('x', before, after, { size: 16, fill: [0, 0, 0], jitter: 0 }),
    );
    expectCut(found, 'x', 600, 616);
    expectGapExcluded(found, 600, 616);
    expect(found.reason).toMatch(/black gutter/);
  });

  it('keeps a 2 px divider line out of both panels', () => {
    const { before, after } = pair(600, 750);
    const found = detectPanels(compose('x', before, after, { size: 2, fill: [250, 250, 250] }));
    expectCut(found, 'x', 600, 602);
    expectGapExcluded(found, 600, 602);
    expect(found.reason).toMatch(/divider line/);
  });

  it('is not misled by burned-in BEFORE and AFTER labels', () => {
    const { before, after } = pair(600, 750);
    const image = compose('x', before, after);
    for (const [left, textWidth] of [
      [18, 150],
      [618, 120],
    ] as const) {
      fillRect(image, { x: left, y: 18, width: textWidth + 30, height: 60 }, [25, 25, 25]);
      fillRect(image, { x: left + 15, y: 33, width: textWidth, height: 30 }, [245, 245, 245]);
    }
    expectCut(detectPanels(image), 'x', 600);
  });

  it('finds the cut between unequal halves (47 / 53)', () => {
    const before = paintPortrait(564, 750, { seed: 7 });
    const after = paintPortrait(636, 750, { seed: 7, ...secondVisit });
    expectCut(detectPanels(compose('x', before, after)), 'x', 564);
  });

  it('finds the cut when the second visit is shifted, zoomed and slightly turned', () => {
    const { before, after } = pair(600, 750, {
      shiftX: 0.04,
      shiftY: 0.03,
      scale: 1.12,
      turn: 2,
      noiseSeed: 5,
    });
    expectCut(detectPanels(compose('x', before, after)), 'x', 600);
  });

  it('sees side by side in a portrait-shaped image', () => {
    const { before, after } = pair(360, 1000);
    expectCut(detectPanels(compose('x', before, after)), 'x', 360);
  });

  it('sees stacked panels in a landscape-shaped image', () => {
    const { before, after } = pair(1000, 380);
    expectCut(detectPanels(compose('y', before, after)), 'y', 380);
  });

  it('keeps the gutter of a stacked image out of both panels', () => {
    const { before, after } = pair(800, 500);
    const found = detectPanels(
      compose('y', before, after, { size: 24, fill: [255, 255, 255], jitter: 10 }),
    );
    expectCut(found, 'y', 500, 524);
    expectGapExcluded(found, 500, 524);
  });

  it('places the cut by resemblance when the photos meet without a visible seam', () => {
    const plain = { isPlainBackdrop: true };
    const before = paintPortrait(600, 750, { seed: 7, ...plain });
    const after = paintPortrait(600, 750, { seed: 7, ...plain, noiseSeed: 8 });
    const found = detectPanels(compose('x', before, after));
    expectCut(found, 'x', 600);
  });

  it('falls back to the middle of the longer side for a featureless image', () => {
    const found = detectPanels(paintNoise(900, 600));
    expect(found.isFallback).toBe(true);
    expect(found.boundary).toEqual({ axis: 'x', start: 450, end: 450 });
    expect(found.layout).toBe('side-by-side');
    expect(found.reason).toMatch(/no clear boundary/);
  });

  it('falls back for a smooth gradient and for a single portrait', () => {
    expect(detectPanels(paintGradient(600, 900)).isFallback).toBe(true);
    const single = detectPanels(paintPortrait(700, 900, { seed: 3 }));
    expect(single.isFallback).toBe(true);
    expect(single.boundary).toEqual({ axis: 'y', start: 450, end: 450 });
  });

  it('falls back for an image too small to judge', () => {
    expect(detectPanels(createRaster(10, 6)).isFallback).toBe(true);
  });
});

describe('panelsFromPair', () => {
  it('uses each whole image as a panel, with no cut', () => {
    const found = panelsFromPair(createRaster(800, 1000), createRaster(810, 990));
    expect(found.before).toEqual({ x: 0, y: 0, width: 800, height: 1000 });
    expect(found.after).toEqual({ x: 0, y: 0, width: 810, height: 990 });
    expect(found.boundary).toEqual({ axis: 'x', start: 0, end: 0 });
    expect(found).toMatchObject({ layout: 'side-by-side', confidence: 1, isFallback: false });
  });
});

function paintNoise(width: number, height: number): Raster {
  return paintWith(width, height, (_x, _y, random) => 128 + (random() - 0.5) * 12);
}

function paintGradient(width: number, height: number): Raster {
  return paintWith(
    width,
    height,
    (x, y, random) => 40 + (150 * x) / width + (40 * y) / height + random() * 2,
  );
}

function paintWith(
  width: number,
  height: number,
  grey: (x: number, y: number, random: () => number) => number,
) {
  const raster = createRaster(width, height);
  let state = 12345;
  const random = () => ((state = (state * 1103515245 + 12345) >>> 0) >>> 8) / 16777216;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const value = grey(x, y, random);
      raster.data.set([value, value, value, 255], (y * width + x) * 4);
    }
  }
  return raster;
}

describe('detectPanels: panel minimum', () => {
  it('never cuts off a panel under MIN_PANEL_SIDE, even at a clear seam', () => {
    // Two look-alike portraits meeting at x 56 of 160: a clear cut, but the before panel
    // would be 56 px wide, too narrow to draw; the image is cut in the middle instead.
    const image = compose('x', paintPortrait(56, 100, { seed: 3 }), paintPortrait(104, 100));
    const found = detectPanels(image);
    expect(found.before.width).toBeGreaterThanOrEqual(MIN_PANEL_SIDE);
    expect(found.after.width).toBeGreaterThanOrEqual(MIN_PANEL_SIDE);
    expect(found.before.height).toBeGreaterThanOrEqual(MIN_PANEL_SIDE);
    expect(found.boundary).toMatchObject({ axis: 'x', start: 80, end: 80 });
  });
});
