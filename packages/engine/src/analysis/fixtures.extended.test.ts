// Extended tier: the shared before/after composites (truth from their README). It runs
// only where ../shared/fixtures sits beside the repository; the files are never copied in.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Raster } from '../raster.ts';
import type { Rect } from '../geometry.ts';
import { detectPanels, panelsFromPair } from './split.ts';
import { findTreatedArea } from './treated-area.ts';

const repositoryRoot = resolve(import.meta.dirname, '../../../..');
const compositesDir = resolve(repositoryRoot, '../shared/fixtures/composites');

interface CompositeTruth {
  file: string;
  width: number;
  height: number;
  axis: 'x' | 'y';
  /** The cut [start, end): the gutter, or start === end for a plain cut. */
  start: number;
  end: number;
}

const composites: CompositeTruth[] = [
  { file: 'sbs-nogap.jpg', width: 1920, height: 1200, axis: 'x', start: 960, end: 960 },
  { file: 'sbs-gutter20.jpg', width: 1820, height: 1125, axis: 'x', start: 900, end: 920 },
  { file: 'sbs-labels.jpg', width: 1920, height: 1200, axis: 'x', start: 960, end: 960 },
  { file: 'stacked.jpg', width: 1080, height: 1720, axis: 'y', start: 860, end: 860 },
  { file: 'sbs-misaligned.jpg', width: 1520, height: 950, axis: 'x', start: 760, end: 760 },
  { file: 'sbs-portrait.jpg', width: 1280, height: 1600, axis: 'x', start: 640, end: 640 },
  { file: 'sbs-small-640x360.png', width: 640, height: 360, axis: 'x', start: 320, end: 320 },
];

async function loadRaster(file: string): Promise<Raster> {
  const { data, info } = await sharp(file)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
  };
}

/** `found` lies on the label box (8 px of slack) and covers most of it. */
function expectInside(found: Rect | null, box: Rect) {
  expect(found).not.toBeNull();
  if (!found) return;
  expect(found.x).toBeGreaterThanOrEqual(box.x - 8);
  expect(found.y).toBeGreaterThanOrEqual(box.y - 8);
  expect(found.x + found.width).toBeLessThanOrEqual(box.x + box.width + 8);
  expect(found.y + found.height).toBeLessThanOrEqual(box.y + box.height + 8);
  expect(found.width * found.height).toBeGreaterThan(0.5 * box.width * box.height);
}

describe.runIf(existsSync(compositesDir))('shared composite fixtures', () => {
  beforeAll(async () => {
    // One untimed run first, so the printed times are not the JIT warming up.
    detectPanels(await loadRaster(join(compositesDir, 'sbs-small-640x360.png')));
  });

  it.each(composites)('finds the cut of $file', async (truth) => {
    const raster = await loadRaster(join(compositesDir, truth.file));
    expect([raster.width, raster.height]).toEqual([truth.width, truth.height]);

    const startedAt = performance.now();
    const found = detectPanels(raster);
    const elapsed = performance.now() - startedAt;

    const axisLength = truth.axis === 'x' ? truth.width : truth.height;
    const error = Math.max(
      Math.abs(found.boundary.start - truth.start),
      Math.abs(found.boundary.end - truth.end),
    );
    console.log(
      `${truth.file}: ${found.layout} cut ${found.boundary.axis} ${found.boundary.start}–${found.boundary.end}` +
        ` (truth ${truth.start}–${truth.end}, error ${error} px = ${((100 * error) / axisLength).toFixed(2)} %),` +
        ` confidence ${found.confidence.toFixed(2)}, ${elapsed.toFixed(1)} ms — ${found.reason}`,
    );

    expect(found.layout).toBe(truth.axis === 'x' ? 'side-by-side' : 'stacked');
    expect(found.boundary.axis).toBe(truth.axis);
    expect(found.isFallback).toBe(false);
    expect(error).toBeLessThanOrEqual(axisLength * 0.02);
    // No gutter pixel in either panel (one pixel of slack for JPEG-blurred edges).
    const beforeEnd =
      truth.axis === 'x'
        ? found.before.x + found.before.width
        : found.before.y + found.before.height;
    const afterStart = truth.axis === 'x' ? found.after.x : found.after.y;
    expect(beforeEnd).toBeLessThanOrEqual(truth.start + 1);
    expect(afterStart).toBeGreaterThanOrEqual(truth.end - 1);
  });

  it('finds the BEFORE and AFTER labels burned into sbs-labels', async () => {
    const found = detectPanels(await loadRaster(join(compositesDir, 'sbs-labels.jpg')));
    console.log(`sbs-labels: burned-in labels ${JSON.stringify(found.burnedInLabels)}`);
    // The README's boxes, each in its own panel's pixels (the after panel starts at x 960).
    expectInside(found.burnedInLabels.before, { x: 28, y: 28, width: 328, height: 93 });
    expectInside(found.burnedInLabels.after, { x: 28, y: 28, width: 274, height: 91 });
  });

  it.each(composites.filter((truth) => truth.file !== 'sbs-labels.jpg').map((t) => t.file))(
    'finds no burned-in labels in %s',
    async (file) => {
      const found = detectPanels(await loadRaster(join(compositesDir, file)));
      expect(found.burnedInLabels).toEqual({ before: null, after: null });
    },
  );

  it.each(['pair-01', 'pair-02'])('finds no burned-in labels in %s', async (pair) => {
    const found = panelsFromPair(
      await loadRaster(join(compositesDir, `${pair}-before.jpg`)),
      await loadRaster(join(compositesDir, `${pair}-after.jpg`)),
    );
    expect(found.burnedInLabels).toEqual({ before: null, after: null });
  });

  it.each(['pair-01', 'pair-02'])('finds a concentrated treated area in %s', async (pair) => {
    const before = await loadRaster(join(compositesDir, `${pair}-before.jpg`));
    const after = await loadRaster(join(compositesDir, `${pair}-after.jpg`));
    const startedAt = performance.now();
    const found = findTreatedArea(before, after);
    const elapsed = performance.now() - startedAt;
    console.log(
      `${pair}: treated area ${JSON.stringify(found.rect)}, strength ${found.strength.toFixed(2)}, ${elapsed.toFixed(1)} ms`,
    );
    // The README's edit smooths the skin inside an ellipse around the face and barely
    // touches anything else, so the difference must concentrate somewhere.
    expect(found.strength).toBeGreaterThan(0.25);
    expect(found.rect.x + found.rect.width).toBeLessThanOrEqual(before.width);
    expect(found.rect.y + found.rect.height).toBeLessThanOrEqual(before.height);
  });
});
