// Finds BEFORE/AFTER labels already burned into a composite: a word of light strokes on a dark
// box (or dark on light) in the top or bottom band of each panel, at about the same place in
// both, saying something different in each. When they are there, the video leaves out its own
// badges instead of stacking a second pair on top.
import type { Rect } from '../geometry.ts';
import type { Raster } from '../raster.ts';
import type { Plane } from './split-plane.ts';

export interface BurnedInLabels {
  /** In the before panel's own pixels; null when that panel has none. */
  before: Rect | null;
  after: Rect | null;
}

export const NO_BURNED_IN_LABELS: BurnedInLabels = { before: null, after: null };

/** Whether a split found labels in the photos (then the video shows no badges of its own). */
export function hasBurnedInLabels(split: { burnedInLabels: BurnedInLabels }): boolean {
  return split.burnedInLabels.before !== null && split.burnedInLabels.after !== null;
}

/** The analysis runs on a copy whose longer side is about this (text strokes stay 3+ px). */
const WORKING_SIDE = 720;
/** Labels sit in the top or bottom this share of a panel. */
const BAND = 0.3;
/** A luma step this large between neighbours is a stroke edge (text is drawn to be read). */
const STROKE_STEP = 70;
/** A cell is text-like when this share of its pixels are stroke edges. */
const TEXT_CELL_EDGES = 0.1;
/**
 * Two tones and little between: the share of the box's luma variance explained by splitting
 * it into a light and a dark class (Otsu). Lettering on a plate is ~0.9; photo detail is lower.
 */
const MIN_BIMODALITY = 0.8;
const MIN_TONE_GAP = 100;
/** Mean luma difference between the two panels' boxes: the same photo differs by ~3–7. */
const MIN_WORDING_DIFFERENCE = 20;

interface Candidate {
  rect: Rect;
}

/** One panel: a whole photo, or the part of a composite inside `rect` (read in place). */
export interface PanelView {
  raster: Raster;
  rect?: Rect;
}

function sizeOf(panel: PanelView): { width: number; height: number } {
  return panel.rect
    ? { width: Math.floor(panel.rect.width), height: Math.floor(panel.rect.height) }
    : { width: panel.raster.width, height: panel.raster.height };
}

/**
 * Burned-in labels in a composite's two panels (each in its own pixels), or none. Both panels
 * must carry one, at about the same height and side, or neither is reported: one stray
 * text-like patch is more likely part of the photo.
 */
export function findBurnedInLabels(before: PanelView, after: PanelView): BurnedInLabels {
  const beforeSize = sizeOf(before);
  const afterSize = sizeOf(after);
  const factor = Math.max(
    1,
    Math.round(
      Math.max(beforeSize.width, beforeSize.height, afterSize.width, afterSize.height) /
        WORKING_SIDE,
    ),
  );
  const beforeLuma = shrunkLuma(before, factor);
  const afterLuma = shrunkLuma(after, factor);
  const beforeCandidates = candidatesIn(beforeLuma);
  const afterCandidates = candidatesIn(afterLuma);
  for (const b of beforeCandidates) {
    for (const a of afterCandidates) {
      if (!isSamePlace(b.rect, beforeLuma, a.rect, afterLuma)) continue;
      if (!saysSomethingDifferent(beforeLuma, b.rect, afterLuma, a.rect)) continue;
      return {
        before: scaleRect(b.rect, factor, beforeSize),
        after: scaleRect(a.rect, factor, afterSize),
      };
    }
  }
  return NO_BURNED_IN_LABELS;
}

/**
 * Luma, box-averaged by `factor` (text stays crisp enough at the working size). A row of blocks
 * is summed one photo row at a time, so the photo is read in order; each block still adds its
 * pixels row by row, left to right, so the sums are the same to the bit.
 */
function shrunkLuma(panel: PanelView, factor: number): Plane {
  const { raster } = panel;
  const size = sizeOf(panel);
  const left = Math.floor(panel.rect?.x ?? 0);
  const top = Math.floor(panel.rect?.y ?? 0);
  const width = Math.max(1, Math.floor(size.width / factor));
  const height = Math.max(1, Math.floor(size.height / factor));
  const data = new Float32Array(width * height);
  const sums = new Float64Array(width);
  const area = factor * factor;
  const pixels = raster.data;
  for (let y = 0; y < height; y += 1) {
    sums.fill(0);
    for (let dy = 0; dy < factor; dy += 1) {
      addLumaBlocks(
        pixels,
        ((top + y * factor + dy) * raster.width + left) * 4,
        width,
        factor,
        sums,
      );
    }
    for (let x = 0; x < width; x += 1) data[y * width + x] = (sums[x] ?? 0) / area;
  }
  return { width, height, data };
}

/**
 * Adds the luma of one photo row, from byte `start`, to `sums`: `factor` pixels to each of
 * `blocks` sums. A row per call, so V8 optimises it once and keeps it (see lumaRow).
 */
function addLumaBlocks(
  pixels: Raster['data'],
  start: number,
  blocks: number,
  factor: number,
  sums: Float64Array,
): void {
  for (let x = 0, i = start; x < blocks; x += 1) {
    let sum = sums[x] ?? 0;
    for (let dx = 0; dx < factor; dx += 1, i += 4) {
      sum += 0.299 * (pixels[i] ?? 0) + 0.587 * (pixels[i + 1] ?? 0) + 0.114 * (pixels[i + 2] ?? 0);
    }
    sums[x] = sum;
  }
}

/** Word-shaped clusters of stroke edges in the top and bottom bands that look like lettering. */
function candidatesIn(luma: Plane): Candidate[] {
  const { width, height } = luma;
  const cell = Math.max(3, Math.round(Math.min(width, height) / 80));
  const columns = Math.floor(width / cell);
  const rows = Math.floor(height / cell);
  const bandRows = Math.ceil((height * BAND) / cell);
  const texty = new Uint8Array(columns * rows);
  for (let row = 0; row < rows; row += 1) {
    if (row >= bandRows && row < rows - bandRows) continue;
    for (let column = 0; column < columns; column += 1) {
      texty[row * columns + column] =
        edgeShare(luma, column * cell, row * cell, cell) >= TEXT_CELL_EDGES ? 1 : 0;
    }
  }
  const candidates: Candidate[] = [];
  for (const box of wordBoxes(texty, columns, rows)) {
    const rect = {
      x: box.x * cell,
      y: box.y * cell,
      width: box.width * cell,
      height: box.height * cell,
    };
    if (isWordShaped(rect, luma) && isLettering(luma, rect)) candidates.push({ rect });
  }
  return candidates;
}

function edgeShare(luma: Plane, x0: number, y0: number, size: number): number {
  const { width, height, data } = luma;
  let edges = 0;
  let count = 0;
  for (let y = y0; y < Math.min(height - 1, y0 + size); y += 1) {
    for (let x = x0; x < Math.min(width - 1, x0 + size); x += 1) {
      const here = data[y * width + x] ?? 0;
      const right = data[y * width + x + 1] ?? 0;
      const below = data[(y + 1) * width + x] ?? 0;
      if (Math.abs(right - here) >= STROKE_STEP || Math.abs(below - here) >= STROKE_STEP) {
        edges += 1;
      }
      count += 1;
    }
  }
  return count === 0 ? 0 : edges / count;
}

/**
 * Bounding boxes (in cells) of connected text-like cells, letters joined across the gaps
 * between them (up to two cells along a line, one across).
 */
function wordBoxes(texty: Uint8Array, columns: number, rows: number): Rect[] {
  const label = new Int32Array(columns * rows).fill(-1);
  const boxes: Rect[] = [];
  for (let start = 0; start < texty.length; start += 1) {
    if (!texty[start] || label[start] !== -1) continue;
    const id = boxes.length;
    let [minX, minY, maxX, maxY] = [columns, rows, -1, -1];
    const stack = [start];
    label[start] = id;
    while (stack.length > 0) {
      const at = stack.pop() as number;
      const x = at % columns;
      const y = Math.floor(at / columns);
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
      for (let dy = -1; dy <= 1; dy += 1) {
        for (let dx = -3; dx <= 3; dx += 1) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= columns || ny >= rows) continue;
          const next = ny * columns + nx;
          if (!texty[next] || label[next] !== -1) continue;
          label[next] = id;
          stack.push(next);
        }
      }
    }
    boxes.push({ x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 });
  }
  return boxes;
}

/** A line of a few letters: wider than tall, not a speck, not a whole band of texture. */
function isWordShaped(rect: Rect, luma: Plane): boolean {
  const { width, height } = luma;
  return (
    rect.width >= width * 0.06 &&
    rect.width <= width * 0.7 &&
    rect.height >= height * 0.015 &&
    rect.height <= height * 0.15 &&
    rect.width >= rect.height * 1.5
  );
}

/** Two well-separated tones with little in between (Otsu on a 64-bin histogram). */
function isLettering(luma: Plane, rect: Rect): boolean {
  const bins = new Float64Array(64);
  let total = 0;
  let sum = 0;
  let squares = 0;
  for (let y = rect.y; y < rect.y + rect.height; y += 1) {
    for (let x = rect.x; x < rect.x + rect.width; x += 1) {
      const value = luma.data[y * luma.width + x] ?? 0;
      const bin = Math.min(63, Math.floor(value / 4));
      bins[bin] = (bins[bin] ?? 0) + 1;
      total += 1;
      sum += value;
      squares += value * value;
    }
  }
  if (total === 0) return false;
  const mean = sum / total;
  const variance = squares / total - mean * mean;
  if (!(variance > 0)) return false;
  let best = { between: 0, gap: 0, lightShare: 0 };
  let darkCount = 0;
  let darkSum = 0;
  for (let split = 0; split < 63; split += 1) {
    darkCount += bins[split] ?? 0;
    darkSum += (bins[split] ?? 0) * (split * 4 + 2);
    const lightCount = total - darkCount;
    if (darkCount === 0 || lightCount === 0) continue;
    const darkMean = darkSum / darkCount;
    const lightMean = (sum - darkSum) / lightCount;
    const between = (darkCount * lightCount * (lightMean - darkMean) ** 2) / (total * total);
    if (between > best.between) {
      best = { between, gap: lightMean - darkMean, lightShare: lightCount / total };
    }
  }
  return (
    best.between / variance >= MIN_BIMODALITY &&
    best.gap >= MIN_TONE_GAP &&
    best.lightShare >= 0.05 &&
    best.lightShare <= 0.95
  );
}

/** Same band, same side, about the same height: where a designer puts a pair of labels. */
function isSamePlace(b: Rect, beforeLuma: Plane, a: Rect, afterLuma: Plane): boolean {
  const centreY = (r: Rect, p: Plane) => (r.y + r.height / 2) / p.height;
  const centreX = (r: Rect, p: Plane) => (r.x + r.width / 2) / p.width;
  const heightRatio = b.height / a.height;
  return (
    Math.abs(centreY(b, beforeLuma) - centreY(a, afterLuma)) <= 0.05 &&
    Math.abs(centreX(b, beforeLuma) - centreX(a, afterLuma)) <= 0.25 &&
    heightRatio >= 0.67 &&
    heightRatio <= 1.5
  );
}

/**
 * The same photo content in both panels reads alike; labels say different words, so where
 * they overlap the two panels differ far more than the treatment changes a photo.
 */
function saysSomethingDifferent(beforeLuma: Plane, b: Rect, afterLuma: Plane, a: Rect): boolean {
  const x0 = Math.min(b.x, a.x);
  const y0 = Math.min(b.y, a.y);
  const x1 = Math.min(Math.max(b.x + b.width, a.x + a.width), beforeLuma.width, afterLuma.width);
  const y1 = Math.min(
    Math.max(b.y + b.height, a.y + a.height),
    beforeLuma.height,
    afterLuma.height,
  );
  let difference = 0;
  let count = 0;
  for (let y = y0; y < y1; y += 1) {
    for (let x = x0; x < x1; x += 1) {
      difference += Math.abs(
        (beforeLuma.data[y * beforeLuma.width + x] ?? 0) -
          (afterLuma.data[y * afterLuma.width + x] ?? 0),
      );
      count += 1;
    }
  }
  return count > 0 && difference / count >= MIN_WORDING_DIFFERENCE;
}

/** A working-size rectangle back in panel pixels, one working pixel of margin, clamped. */
function scaleRect(rect: Rect, factor: number, panel: { width: number; height: number }): Rect {
  const x = Math.max(0, (rect.x - 1) * factor);
  const y = Math.max(0, (rect.y - 1) * factor);
  const right = Math.min(panel.width, (rect.x + rect.width + 1) * factor);
  const bottom = Math.min(panel.height, (rect.y + rect.height + 1) * factor);
  return { x, y, width: right - x, height: bottom - y };
}
