// Where a text block goes: inside the safe area, clear of the faces on screen when the safe
// area leaves room, else on an opaque plate that at least keeps the eyes, nose and mouth
// visible. Pure; the same answer in the preview and the render.
import type { Rect } from '../../geometry.ts';
import type { PanelState } from '../frame-state.ts';
import type { Layout } from '../layout.ts';
import type { Scene } from '../scene.ts';
import { keptAnswer } from './kept-answers.ts';

/** A face as it lands on the frame: its whole outline, the eyes-to-chin core, eyes and mouth. */
export interface FaceOnFrame {
  outline: Rect;
  core: Rect;
  /** The eyes and the mouth (what a badge on a tight face must still leave clear). */
  features: Rect[];
}

export type Anchor = 'top' | 'seam' | 'bottom';

export interface Placement {
  y: number;
  /** True when the block could not keep clear of the face outlines and needs a plate. */
  plate: boolean;
  /** True when not even the eyes-to-chin cores could be kept clear. */
  coversFace: boolean;
}

/** Rows of the safe area tried after the preferred anchors, nearest to the first one first. */
const SCAN_STEPS = 40;

function intersect(a: Rect, b: Rect): Rect | null {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const width = Math.min(a.x + a.width, b.x + b.width) - x;
  const height = Math.min(a.y + a.height, b.y + b.height) - y;
  return width > 0 && height > 0 ? { x, y, width, height } : null;
}

function area(rect: Rect | null): number {
  return rect ? rect.width * rect.height : 0;
}

/** area(intersect(a, b)) to the bit, without building the intersection. */
export function overlapArea(a: Rect, b: Rect): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}

/** `rect` grown by `share` of its size on every side. */
function grow(rect: Rect, share: number): Rect {
  return {
    x: rect.x - rect.width * share,
    y: rect.y - rect.height * share,
    width: rect.width * (1 + 2 * share),
    height: rect.height * (1 + 2 * share),
  };
}

function onFrame(box: Rect, shown: PanelState): Rect {
  const scale = shown.rect.width / shown.view.width;
  return {
    x: shown.rect.x + (box.x - shown.view.x) * scale,
    y: shown.rect.y + (box.y - shown.view.y) * scale,
    width: box.width * scale,
    height: box.height * scale,
  };
}

/**
 * The before face in each shown panel, on the frame and cut to what the panel shows. The
 * outline is grown a little: the slow push-in moves the face while a text stays put.
 */
export function facesOnFrame(scene: Scene, panels: PanelState[]): FaceOnFrame[] {
  const { faceBox, faceCore } = scene;
  if (!faceBox) return [];
  const faces: FaceOnFrame[] = [];
  for (const shown of panels) {
    const outline = intersect(grow(onFrame(faceBox, shown), 0.06), shown.clip);
    const core = intersect(onFrame(faceCore ?? faceBox, shown), shown.clip);
    const features = scene.faceFeatures
      .map((feature) => intersect(onFrame(feature, shown), shown.clip))
      .filter((feature): feature is Rect => feature !== null);
    if (outline && core) faces.push({ outline, core, features });
  }
  return faces;
}

/** The treated area as each shown panel puts it on the frame (text keeps off it, too). */
export function treatedAreasOnFrame(scene: Scene, panels: PanelState[]): Rect[] {
  const area = scene.treatedArea;
  if (!area) return [];
  return panels
    .map((shown) => intersect(onFrame(area, shown), shown.clip))
    .filter((rect): rect is Rect => rect !== null);
}

/** The top of a block at an anchor of the safe area ('seam': across a stacked pair's seam). */
export function anchorTop(
  layout: Layout,
  block: { width: number; height: number },
  anchor: Anchor,
): number {
  const { safe, pair } = layout;
  const lowest = safe.y + safe.height - block.height;
  const wanted: Record<Anchor, number> = {
    top: safe.y,
    seam: pair.axis === 'y' ? pair.after.y - block.height / 2 : safe.y,
    bottom: lowest,
  };
  return Math.min(Math.max(wanted[anchor], safe.y), lowest);
}

/** Whether a block centred across the safe area with its top at `y` keeps off every outline. */
export function isClearOfOutlines(
  layout: Layout,
  block: { width: number; height: number },
  faces: FaceOnFrame[],
  y: number,
): boolean {
  const x = layout.safe.x + (layout.safe.width - block.width) / 2;
  const box = { x, y, width: block.width, height: block.height };
  return faces.every((face) => area(intersect(box, face.outline)) === 0);
}

/** The last rows scanRows built: consecutive frames place the same texts in the same area. */
let lastScan: { top: number; lowest: number; first: number; rows: readonly number[] } | null = null;

/** The safe area's rows from `top` to `lowest` in SCAN_STEPS steps, nearest to `first` first. */
function scanRows(top: number, lowest: number, first: number): readonly number[] {
  if (lastScan?.top === top && lastScan.lowest === lowest && lastScan.first === first) {
    return lastScan.rows;
  }
  const clamp = (y: number) => Math.min(Math.max(y, top), lowest);
  const rows = Object.freeze(
    Array.from({ length: SCAN_STEPS + 1 }, (_unused, index) =>
      clamp(top + ((lowest - top) * index) / SCAN_STEPS),
    ).sort((a, b) => Math.abs(a - first) - Math.abs(b - first)),
  );
  lastScan = { top, lowest, first, rows };
  return rows;
}

/**
 * The top of a block `width` × `height`, centred across the safe area: the first preferred
 * anchor ('top', 'seam' of a stacked pair, 'bottom') clear of every face outline, else the
 * nearest clear row; failing that, the same search clear of the eyes-to-chin cores only, on a
 * plate; failing that, the row covering least of the cores, on a plate.
 */
export function placeBlock(
  layout: Layout,
  block: { width: number; height: number },
  faces: FaceOnFrame[],
  preferred: Anchor[],
): Placement {
  // Frames whose panels hold still place the same blocks among the same faces: the answer is
  // kept per layout (a video's frames share one) rather than searched for again.
  const key = JSON.stringify([block.width, block.height, faces, preferred]);
  return keptAnswer(placementsByLayout, layout, key, () =>
    Object.freeze(searchPlacement(layout, block, faces, preferred)),
  );
}

const placementsByLayout = new WeakMap<Layout, Map<string, Placement>>();

function searchPlacement(
  layout: Layout,
  block: { width: number; height: number },
  faces: FaceOnFrame[],
  preferred: Anchor[],
): Placement {
  const { safe } = layout;
  const lowest = safe.y + safe.height - block.height;
  const anchors = preferred.map((anchor) => anchorTop(layout, block, anchor));
  const first = anchors[0] ?? safe.y;
  const candidates = [...anchors, ...scanRows(safe.y, lowest, first)];
  const x = safe.x + (safe.width - block.width) / 2;
  // Every frame of a video places its texts anew (~50 candidate rows each, several texts a
  // frame): summed without an intersection per candidate and face.
  const covered = (y: number, part: 'outline' | 'core') => {
    const box = { x, y, width: block.width, height: block.height };
    let sum = 0;
    for (const face of faces) sum += overlapArea(box, face[part]);
    return sum;
  };
  const clearOfOutlines = candidates.find((y) => covered(y, 'outline') === 0);
  if (clearOfOutlines !== undefined) return { y: clearOfOutlines, plate: false, coversFace: false };
  const clearOfCores = candidates.find((y) => covered(y, 'core') === 0);
  if (clearOfCores !== undefined) return { y: clearOfCores, plate: true, coversFace: false };
  let best = first;
  for (const y of candidates) if (covered(y, 'core') < covered(best, 'core')) best = y;
  return { y: best, plate: true, coversFace: true };
}
