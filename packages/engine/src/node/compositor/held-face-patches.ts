// A held face (a smile at its full amount, a turn at its full angle) is warped once into a
// patch at twice the photo's resolution, in the compositor's memory, and each frame lays the
// patch over the photo taking the nearest patch pixel: what the preview does on Canvas 2D
// (face-patch.ts, PATCH_OVERSAMPLE), here with the compositor's own warp. While a smile is
// held through a push-in this replaces warping every moved triangle in every frame.
import {
  applyAffine,
  composeAffine,
  invertAffine,
  type Affine,
  type Rect,
} from '../../geometry.ts';
import { movedTriangles, SEAM_OVERLAP_PX } from '../../motion/draw-face-warp.ts';
import type { FaceMotionState } from '../../motion/face-motion-schedule.ts';
import { isHeldFaceState, patchGeometry, type PatchGeometry } from '../../motion/face-patch.ts';
import { isStill } from '../../motion/face-deform.ts';
import type { FaceRig } from '../../motion/face-rig.ts';
import type { PanelState } from '../../plan/frame-state.ts';
import type { Scene } from '../../plan/scene.ts';
import { coverageAt, coverageUnits, eachCoveredRun, type ClipCoverage } from './clip-coverage.ts';
import type { CompositorKernels } from './compositor-kernels.ts';
import { warpTrianglesInto, type OutlineBuffer } from './face-warp-spans.ts';
import { longestOpaqueRuns, solidPixels, type SolidSpans } from './held-face-solid-spans.ts';
import { FIXED_ONE, type FrameInMemory, type PhotoInMemory } from './photo-sampling.ts';

type Which = PanelState['which'];

/** Asset pixels → panel-photo pixels for a photo shrunk by `scale`. */
function assetToImageFor(scale: number): Affine {
  return { a: 1 / scale, b: 0, c: 0, d: 1 / scale, e: 0, f: 0 };
}

/** The held states each photo's face takes in the scene. */
function heldStates(states: readonly { panels: PanelState[] }[]) {
  const held = {
    before: new Map<string, FaceMotionState>(),
    after: new Map<string, FaceMotionState>(),
  };
  for (const state of states) {
    for (const panel of state.panels) {
      if (panel.face && !isStill(panel.face) && isHeldFaceState(panel.face)) {
        held[panel.which].set(JSON.stringify(panel.face), panel.face);
      }
    }
  }
  return held;
}

/** Bytes of the largest patch each photo's held states need (0 when its face never holds). */
export function heldPatchBytes(
  scene: Scene,
  states: readonly { panels: PanelState[] }[],
  scale: Record<Which, number>,
): Record<Which, number> {
  const held = heldStates(states);
  const largest = (which: Which): number => {
    const rig = scene.faceMotion[which]?.rig;
    if (!rig) return 0;
    let bytes = 0;
    for (const motion of held[which].values()) {
      const geometry = patchGeometry(rig, motion, assetToImageFor(scale[which]));
      if (geometry) bytes = Math.max(bytes, geometry.width * geometry.height * 4);
    }
    return bytes;
  };
  return { before: largest('before'), after: largest('after') };
}

interface KeptPatch {
  key: string;
  geometry: PatchGeometry;
  /** Per patch row, its first opaque column and the one after its last (equal when none). */
  opaqueColumns: Int32Array;
  /** Per patch row, its longest run of opaque pixels: [first, end) (equal when none). */
  solidColumns: Int32Array;
}

/**
 * Where each row of a patch is opaque. A patch spans every triangle the motion moved (for a
 * smile, most of the photo), yet its opaque part is much smaller: laying only that part of
 * each row skipped ~40 % of a held smile's pixels in a 16:9 split.
 */
export function opaqueColumnsOf(bytes: Uint8Array, address: number, width: number, height: number) {
  const pixels = new Uint32Array(bytes.buffer, address, width * height);
  const columns = new Int32Array(height * 2);
  for (let row = 0; row < height; row += 1) {
    const start = row * width;
    let first = 0;
    while (first < width && (pixels[start + first] ?? 0) >>> 24 === 0) first += 1;
    let end = width;
    while (end > first && (pixels[start + end - 1] ?? 0) >>> 24 === 0) end -= 1;
    columns[row * 2] = first;
    columns[row * 2 + 1] = end;
  }
  return columns;
}

export interface HeldFacePatches {
  /**
   * Lays `panel`'s held face over the frame from its patch (warped now, or kept from an
   * earlier frame) and returns the frame's pixels it can have painted; null when the face is
   * not held, or its patch does not fit its buffer (nothing is painted then).
   */
  lay(
    target: FrameInMemory,
    panel: PanelState,
    imageToOutput: Affine,
    clip: ClipCoverage,
  ): Rect | null;
  /**
   * Where lay() will paint `panel`'s held face over the frame with its patch's opaque pixels
   * at full coverage, one run per row (the row's longest); null when it would lay none.
   */
  solidSpans(panel: PanelState, imageToOutput: Affine, clip: ClipCoverage): SolidSpans | null;
}

/**
 * The output columns of row `centreY` − 0.5 that can fall on an opaque pixel of the patch, a
 * pixel to spare each side (the kernel leaves transparent pixels alone, so more is harmless);
 * null when none can. A patch turned on the frame (its rows not along the frame's) gets the
 * whole of [left, right).
 */
export function opaqueOutputColumns(
  opaqueColumns: Int32Array,
  back: Affine,
  centreY: number,
  left: number,
  right: number,
): { from: number; to: number } | null {
  if (back.b !== 0 || back.a <= 0) return { from: left, to: right };
  // The patch row every pixel of this output row takes (patchSpan's nearest pixel).
  const patchRow = Math.floor(Math.floor((back.d * centreY + back.f) * FIXED_ONE) / FIXED_ONE);
  if (patchRow < 0 || patchRow >= opaqueColumns.length / 2) return null;
  const first = opaqueColumns[patchRow * 2] ?? 0;
  const end = opaqueColumns[patchRow * 2 + 1] ?? 0;
  if (end <= first) return null;
  // Output pixel x takes patch column u = back.a (x + 0.5) + back.c centreY + back.e.
  const offset = back.c * centreY + back.e;
  const from = Math.max(left, Math.floor((first - offset) / back.a - 0.5) - 1);
  const to = Math.min(right, Math.ceil((end - offset) / back.a - 0.5) + 1);
  return to > from ? { from, to } : null;
}

export function createHeldFacePatches(
  kernels: CompositorKernels,
  bytes: Uint8Array,
  photos: Record<Which, PhotoInMemory>,
  buffers: Record<Which, { address: number; bytes: number }>,
  rigs: Record<Which, FaceRig | undefined>,
  scale: Record<Which, number>,
  outlineBuffer: OutlineBuffer,
): HeldFacePatches {
  const kept: Record<Which, KeptPatch | null> = { before: null, after: null };

  const patchFor = (which: Which, rig: FaceRig, motion: FaceMotionState): KeptPatch | null => {
    const key = JSON.stringify(motion);
    const last = kept[which];
    if (last?.key === key) return last;
    const assetToImage = assetToImageFor(scale[which]);
    const geometry = patchGeometry(rig, motion, assetToImage);
    const buffer = buffers[which];
    if (!geometry || geometry.width * geometry.height * 4 > buffer.bytes) return null;
    const patchBytes = geometry.width * geometry.height * 4;
    bytes.fill(0, buffer.address, buffer.address + patchBytes);
    const placement = { imageToOutput: geometry.imageToPatch, assetToImage };
    const triangles = movedTriangles(rig, motion, placement, SEAM_OVERLAP_PX);
    const whole = {
      rows: [{ from: 0, count: geometry.height, coverage: 1 }],
      columns: [{ from: 0, count: geometry.width, coverage: 1 }],
    };
    const patchFrame = { address: buffer.address, rowBytes: geometry.width * 4 };
    warpTrianglesInto(kernels, photos[which], patchFrame, triangles, whole, outlineBuffer);
    const opaqueColumns = opaqueColumnsOf(bytes, buffer.address, geometry.width, geometry.height);
    const solidColumns = longestOpaqueRuns(bytes, buffer.address, geometry.width, geometry.height);
    const patch = { key, geometry, opaqueColumns, solidColumns };
    kept[which] = patch;
    return patch;
  };

  /** The panel's patch and where it lands on the frame; null when its face is not held. */
  const placed = (panel: PanelState, imageToOutput: Affine) => {
    const rig = rigs[panel.which];
    if (!rig || !panel.face || !isHeldFaceState(panel.face)) return null;
    const patch = patchFor(panel.which, rig, panel.face);
    if (!patch) return null;
    const { geometry } = patch;
    const patchToOutput = composeAffine(imageToOutput, invertAffine(geometry.imageToPatch));
    const corners = [0, geometry.width].flatMap((x) =>
      [0, geometry.height].map((y) => applyAffine(patchToOutput, { x, y })),
    );
    return {
      patch,
      back: invertAffine(patchToOutput),
      left: Math.floor(Math.min(...corners.map((p) => p.x))),
      right: Math.ceil(Math.max(...corners.map((p) => p.x))),
      top: Math.max(0, Math.floor(Math.min(...corners.map((p) => p.y)))),
      bottom: Math.ceil(Math.max(...corners.map((p) => p.y))),
    };
  };

  /**
   * Each span lay() hands the kernel: output row, first column, pixel count, 16.16 patch
   * position of its first pixel and step, and its coverage (0–256).
   */
  const eachSpan = (
    at: NonNullable<ReturnType<typeof placed>>,
    clip: ClipCoverage,
    visit: (span: PatchRun) => void,
  ) => {
    const { patch, back, left, right, top, bottom } = at;
    for (let row = top; row < bottom; row += 1) {
      const rowCoverage = coverageAt(clip.rows, row);
      if (rowCoverage <= 0) continue;
      const centreY = row + 0.5;
      const columns = opaqueOutputColumns(patch.opaqueColumns, back, centreY, left, right);
      if (!columns) continue;
      eachCoveredRun(clip.columns, columns.from, columns.to, (from, count, coverage) => {
        const centreX = from + 0.5;
        visit({
          row,
          from,
          count,
          u: Math.floor((back.a * centreX + back.c * centreY + back.e) * FIXED_ONE),
          v: Math.floor((back.b * centreX + back.d * centreY + back.f) * FIXED_ONE),
          du: Math.round(back.a * FIXED_ONE),
          dv: Math.round(back.b * FIXED_ONE),
          coverage: coverageUnits(rowCoverage * coverage),
        });
      });
    }
  };

  return {
    lay(target, panel, imageToOutput, clip) {
      const at = placed(panel, imageToOutput);
      if (!at) return null;
      const { geometry } = at.patch;
      const address = buffers[panel.which].address;
      eachSpan(at, clip, (span) =>
        kernels.patchSpan(
          address,
          geometry.width,
          geometry.height,
          target.address + span.row * target.rowBytes + span.from * 4,
          span.count,
          span.u,
          span.v,
          span.du,
          span.dv,
          span.coverage,
        ),
      );
      return { x: at.left, y: at.top, width: at.right - at.left, height: at.bottom - at.top };
    },
    solidSpans(panel, imageToOutput, clip) {
      const at = placed(panel, imageToOutput);
      // A patch turned on the frame crosses its rows: it gets painted over in full.
      if (!at || at.back.b !== 0) return null;
      const rows = Math.max(0, at.bottom - at.top);
      const spans = { top: at.top, from: new Int32Array(rows), to: new Int32Array(rows) };
      const { solidColumns, geometry } = at.patch;
      eachSpan(at, clip, (span) => {
        if (span.coverage < 256) return;
        const patchRow = span.v >> 16;
        if (patchRow < 0 || patchRow >= geometry.height) return;
        const solid = solidPixels(
          span,
          solidColumns[patchRow * 2] ?? 0,
          solidColumns[patchRow * 2 + 1] ?? 0,
        );
        if (!solid) return;
        spans.from[span.row - at.top] = span.from + solid.first;
        spans.to[span.row - at.top] = span.from + solid.end;
      });
      return spans;
    },
  };
}

interface PatchRun {
  row: number;
  from: number;
  count: number;
  u: number;
  v: number;
  du: number;
  dv: number;
  coverage: number;
}
