// Where two aligned panels differ most: the treated area the video highlights. A clinic's
// "after" usually also shifts the whole photo's tone (exposure, white balance), so that
// global change is fitted and removed first; what is left concentrates where the
// treatment was.
import type { Rect } from '../geometry.ts';
import type { Raster } from '../raster.ts';
import { boxMean, integralImage, type Plane } from './split-plane.ts';
import { fitToneChange, type ToneChange } from './treated-area-tone.ts';

export interface TreatedArea {
  /** In panel pixels. */
  rect: Rect;
  /**
   * 0..1: 1 − (mean difference outside ÷ mean difference inside). Near 0 when the change is
   * spread evenly or absent; then `rect` is the panel's central region.
   */
  strength: number;
}

// The difference map is averaged into cells about 1/128 of the short side: enough to
// place a box, and the averaging drowns JPEG noise and single-pixel misregistration.
const CELLS_ON_SHORT_SIDE = 128;
// The highlight box: the brief asks for 20–35 % of the panel's short side.
const BOX_SHARE = 0.28;
// Below this mean residual (grey levels) the panels are the same photo for our purpose.
const NEGLIGIBLE_DIFFERENCE = 0.75;
// A box holding barely more than its share of the difference marks no particular place.
const MIN_STRENGTH = 0.1;

/**
 * Both panels must already be aligned; if their sizes differ, only the common top-left
 * region is compared (the rectangle is always inside it).
 */
export function findTreatedArea(before: Raster, after: Raster): TreatedArea {
  const width = Math.min(before.width, after.width);
  const height = Math.min(before.height, after.height);
  const side = Math.min(width, height);
  const cell = Math.max(1, Math.round(side / CELLS_ON_SHORT_SIDE));
  const boxCells = Math.max(1, Math.round((side * BOX_SHARE) / cell));
  const central = centralBox(width, height, boxCells * cell);
  if (side < 2) return { rect: central, strength: 0 };

  const tone = fitToneChange(before, after, width, height);
  const map = differenceMap(before, after, { width, height, cell, tone });
  const table = integralImage(map);
  const total = boxMean(table, 0, 0, map.width, map.height);
  if (total < NEGLIGIBLE_DIFFERENCE) return { rect: central, strength: 0 };

  const boxW = Math.min(boxCells, map.width);
  const boxH = Math.min(boxCells, map.height);
  let best = { x: 0, y: 0, mean: -1 };
  for (let y = 0; y + boxH <= map.height; y += 1) {
    for (let x = 0; x + boxW <= map.width; x += 1) {
      const mean = boxMean(table, x, y, x + boxW, y + boxH);
      if (mean > best.mean) best = { x, y, mean };
    }
  }
  const boxArea = boxW * boxH;
  const restArea = map.width * map.height - boxArea;
  const outside =
    restArea > 0 ? (total * map.width * map.height - best.mean * boxArea) / restArea : 0;
  const strength = best.mean > 0 ? Math.max(0, Math.min(1, 1 - outside / best.mean)) : 0;
  if (strength < MIN_STRENGTH) return { rect: central, strength };
  const rect = clampRect(
    { x: best.x * cell, y: best.y * cell, width: boxW * cell, height: boxH * cell },
    width,
    height,
  );
  return { rect, strength };
}

interface MapSpec {
  width: number;
  height: number;
  cell: number;
  tone: ToneChange;
}

/** Mean residual |after − tone(before)| per cell, luma plus both chroma channels. */
function differenceMap(before: Raster, after: Raster, spec: MapSpec): Plane {
  const { width, height, cell, tone } = spec;
  const mapWidth = Math.ceil(width / cell);
  const mapHeight = Math.ceil(height / cell);
  const sums = new Float32Array(mapWidth * mapHeight);
  for (let y = 0; y < height; y += 1) {
    const mapRow = Math.floor(y / cell) * mapWidth;
    for (let x = 0; x < width; x += 1) {
      const residual = tone.residual(
        before.data,
        (y * before.width + x) * 4,
        after.data,
        (y * after.width + x) * 4,
      );
      const m = mapRow + Math.floor(x / cell);
      sums[m] = (sums[m] ?? 0) + residual;
    }
  }
  for (let my = 0; my < mapHeight; my += 1) {
    const cellHeight = Math.min(cell, height - my * cell);
    for (let mx = 0; mx < mapWidth; mx += 1) {
      const area = cellHeight * Math.min(cell, width - mx * cell);
      const m = my * mapWidth + mx;
      sums[m] = (sums[m] ?? 0) / area;
    }
  }
  return { width: mapWidth, height: mapHeight, data: sums };
}

function centralBox(width: number, height: number, size: number): Rect {
  const w = Math.min(width, size);
  const h = Math.min(height, size);
  return { x: Math.floor((width - w) / 2), y: Math.floor((height - h) / 2), width: w, height: h };
}

function clampRect(rect: Rect, width: number, height: number): Rect {
  const x = Math.max(0, Math.min(rect.x, width - 1));
  const y = Math.max(0, Math.min(rect.y, height - 1));
  return {
    x,
    y,
    width: Math.min(rect.width, width - x),
    height: Math.min(rect.height, height - y),
  };
}
