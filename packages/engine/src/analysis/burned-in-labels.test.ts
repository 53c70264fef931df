import { describe, expect, it } from 'vitest';
import type { Rect } from '../geometry.ts';
import { findBurnedInLabels } from './burned-in-labels.ts';
import { burnLabel } from './burned-in-labels.synthetic.ts';
import { detectPanels } from './split.ts';
import { compose, paintPortrait } from './split-synthetic.ts';

const secondVisit = { brightness: 1.05, noiseSeed: 77 };

function photos(width = 640, height = 800) {
  return {
    before: paintPortrait(width, height, { seed: 3 }),
    after: paintPortrait(width, height, { seed: 3, ...secondVisit }),
  };
}

/** `found` hugs the plate: inside it (one analysis cell, 8 px here, of slack), covering most of it. */
function expectOnPlate(found: Rect | null, plate: Rect) {
  expect(found).not.toBeNull();
  if (!found) return;
  expect(found.x).toBeGreaterThanOrEqual(plate.x - 8);
  expect(found.y).toBeGreaterThanOrEqual(plate.y - 8);
  expect(found.x + found.width).toBeLessThanOrEqual(plate.x + plate.width + 8);
  expect(found.y + found.height).toBeLessThanOrEqual(plate.y + plate.height + 8);
  expect(found.width * found.height).toBeGreaterThan(0.5 * plate.width * plate.height);
}

describe('findBurnedInLabels', () => {
  it('finds BEFORE and AFTER plates in the top-left corner of each panel', () => {
    const { before, after } = photos();
    const beforePlate = burnLabel(before, { text: 'BEFORE', x: 20, y: 20, dot: 6 });
    const afterPlate = burnLabel(after, { text: 'AFTER', x: 20, y: 20, dot: 6 });
    const found = findBurnedInLabels({ raster: before }, { raster: after });
    expectOnPlate(found.before, beforePlate);
    expectOnPlate(found.after, afterPlate);
  });

  it('finds labels along the bottom of a stacked composite, through the split', () => {
    const { before, after } = photos(800, 560);
    const beforePlate = burnLabel(before, { text: 'BEFORE', x: 24, y: 470, dot: 5 });
    const afterPlate = burnLabel(after, { text: 'AFTER', x: 24, y: 470, dot: 5 });
    const found = detectPanels(compose('y', before, after));
    expect(found.layout).toBe('stacked');
    expectOnPlate(found.burnedInLabels.before, beforePlate);
    expectOnPlate(found.burnedInLabels.after, afterPlate);
  });

  it('reports them on a side-by-side composite split by detectPanels', () => {
    const { before, after } = photos();
    const beforePlate = burnLabel(before, { text: 'BEFORE', x: 30, y: 30, dot: 7 });
    const afterPlate = burnLabel(after, { text: 'AFTER', x: 30, y: 30, dot: 7 });
    const found = detectPanels(compose('x', before, after));
    expect(found.layout).toBe('side-by-side');
    expectOnPlate(found.burnedInLabels.before, beforePlate);
    expectOnPlate(found.burnedInLabels.after, afterPlate);
  });

  it('finds nothing in photos without labels', () => {
    const { before, after } = photos();
    expect(findBurnedInLabels({ raster: before }, { raster: after })).toEqual({
      before: null,
      after: null,
    });
    expect(detectPanels(compose('x', before, after)).burnedInLabels).toEqual({
      before: null,
      after: null,
    });
  });

  it('needs a label in both panels: lettering in one only is part of that photo', () => {
    const { before, after } = photos();
    burnLabel(before, { text: 'BEFORE', x: 20, y: 20, dot: 6 });
    expect(findBurnedInLabels({ raster: before }, { raster: after }).before).toBeNull();
  });

  it('needs the two to read differently: the same watermark in both is not a label', () => {
    const { before, after } = photos();
    burnLabel(before, { text: 'CLINIC', x: 20, y: 20, dot: 6 });
    burnLabel(after, { text: 'CLINIC', x: 20, y: 20, dot: 6 });
    expect(findBurnedInLabels({ raster: before }, { raster: after }).before).toBeNull();
  });

  it('ignores lettering in the middle of the photo (a T-shirt, a sign)', () => {
    const { before, after } = photos();
    burnLabel(before, { text: 'BEFORE', x: 150, y: 360, dot: 6 });
    burnLabel(after, { text: 'AFTER', x: 150, y: 360, dot: 6 });
    expect(findBurnedInLabels({ raster: before }, { raster: after }).before).toBeNull();
  });

  it('reads a panel of a composite in place', () => {
    const { before, after } = photos();
    const beforePlate = burnLabel(before, { text: 'BEFORE', x: 20, y: 20, dot: 6 });
    burnLabel(after, { text: 'AFTER', x: 20, y: 20, dot: 6 });
    const composite = compose('x', before, after);
    const found = findBurnedInLabels(
      { raster: composite, rect: { x: 0, y: 0, width: 640, height: 800 } },
      { raster: composite, rect: { x: 640, y: 0, width: 640, height: 800 } },
    );
    expectOnPlate(found.before, beforePlate);
  });
});
