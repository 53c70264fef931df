// Photos sampled into the frame's memory: a panel's photo under its clip, and any run of pixels
// under an output → photo transform (the face warp's triangles use the same runs).
import { invertAffine, type Affine } from '../../geometry.ts';
import { coverageUnits, eachCoveredRun, type ClipCoverage } from './clip-coverage.ts';
import type { CompositorKernels } from './compositor-kernels.ts';
import type { SolidSpans } from './held-face-solid-spans.ts';

/** 16.16 fixed point, the kernels' coordinates. */
export const FIXED_ONE = 65_536;

/** A photo in the compositor's memory (with the spare row and pixels the samplers read). */
export interface PhotoInMemory {
  address: number;
  width: number;
  height: number;
}

/**
 * Bytes a photo takes in memory: one spare row and four spare pixels after it, which the
 * samplers read with zero weight (sampleRow's 16-byte loads reach three pixels further).
 */
export function photoInMemoryBytes(size: { width: number; height: number }): number {
  return (size.width * (size.height + 1) + 4) * 4;
}

/** Bytes of the row sampleRow blends into, for photos up to `width` pixels wide. */
export function blendedRowBytes(width: number): number {
  return (width + 8) * 4;
}

/** A frame in the compositor's memory: RGBA rows `rowBytes` apart. */
export interface FrameInMemory {
  address: number;
  rowBytes: number;
}

/**
 * Samples `count` pixels of `row` from column `from` on, each at its centre taken through
 * `back` (output pixels → photo pixels), mixed by `coverage` (0–1).
 */
export function sampleRun(
  kernels: CompositorKernels,
  photo: PhotoInMemory,
  frame: FrameInMemory,
  back: Affine,
  run: { row: number; from: number; count: number; coverage: number },
): void {
  const centreX = run.from + 0.5;
  const centreY = run.row + 0.5;
  // Texel centres are at half pixels: the sampler's 0 is the first texel's centre.
  const u = back.a * centreX + back.c * centreY + back.e - 0.5;
  const v = back.b * centreX + back.d * centreY + back.f - 0.5;
  kernels.sampleSpan(
    photo.address,
    photo.width,
    photo.height,
    frame.address + run.row * frame.rowBytes + run.from * 4,
    run.count,
    Math.round(u * FIXED_ONE),
    Math.round(v * FIXED_ONE),
    Math.round(back.a * FIXED_ONE),
    Math.round(back.b * FIXED_ONE),
    coverageUnits(run.coverage),
  );
}

/**
 * Paints `photo`, placed on the frame by `photoToOutput`, over every pixel of `clip`; `temp`
 * is a blendedRowBytes buffer for photos that are only scaled and moved. Pixels in `covered`
 * (what a held face's patch paints over next, fully covered pixels of the clip) are left as
 * they are, for photos that are only scaled and moved.
 */
export function samplePhotoInto(
  kernels: CompositorKernels,
  photo: PhotoInMemory,
  frame: FrameInMemory,
  photoToOutput: Affine,
  clip: ClipCoverage,
  temp: number,
  covered?: SolidSpans | null,
): void {
  const back = invertAffine(photoToOutput);
  if (back.b === 0 && back.c === 0 && back.a > 0) {
    sampleRowsInto(kernels, photo, frame, back, clip, temp, covered ?? null);
    return;
  }
  for (const rows of clip.rows) {
    for (let row = rows.from; row < rows.from + rows.count; row += 1) {
      eachCoveredRun(clip.columns, 0, Infinity, (from, count, coverage) =>
        sampleRun(kernels, photo, frame, back, {
          row,
          from,
          count,
          coverage: rows.coverage * coverage,
        }),
      );
    }
  }
}

/**
 * samplePhotoInto for a photo that is only scaled and moved: one photo row per output row,
 * each of the clip's row spans × column runs in one call (a clip covers the same columns on
 * every row).
 */
function sampleRowsInto(
  kernels: CompositorKernels,
  photo: PhotoInMemory,
  frame: FrameInMemory,
  back: Affine,
  clip: ClipCoverage,
  temp: number,
  covered: SolidSpans | null,
): void {
  const du = Math.round(back.a * FIXED_ONE);
  /** Output rows [first, first + rows), pixels [from, from + count) of each; u at `from`. */
  const sample = (
    first: number,
    rows: number,
    from: number,
    count: number,
    u: number,
    units: number,
  ) =>
    kernels.sampleRows(
      photo.address,
      photo.width,
      photo.height,
      frame.address + first * frame.rowBytes + from * 4,
      frame.rowBytes,
      rows,
      count,
      u,
      du,
      units,
      temp,
      first,
      back.d,
      back.f,
    );
  for (const rows of clip.rows) {
    eachCoveredRun(clip.columns, 0, Infinity, (from, count, coverage) => {
      const u = Math.round((back.a * (from + 0.5) + back.e - 0.5) * FIXED_ONE);
      const units = coverageUnits(rows.coverage * coverage);
      if (!covered || units < 256) {
        sample(rows.from, rows.count, from, count, u, units);
        return;
      }
      // Row by row where the patch covers part of the run: the pixels either side of it, the
      // right ones at the u the kernel would have stepped to, so they come out to the bit.
      let pending = rows.from;
      const end = rows.from + rows.count;
      for (let row = rows.from; row < end; row += 1) {
        const index = row - covered.top;
        const skipFrom = Math.max(from, covered.from[index] ?? 0);
        const skipTo = Math.min(from + count, covered.to[index] ?? 0);
        if (skipTo <= skipFrom) continue;
        if (row > pending) sample(pending, row - pending, from, count, u, units);
        pending = row + 1;
        if (skipFrom > from) sample(row, 1, from, skipFrom - from, u, units);
        if (skipTo < from + count) {
          sample(row, 1, skipTo, from + count - skipTo, u + (skipTo - from) * du, units);
        }
      }
      if (end > pending) sample(pending, end - pending, from, count, u, units);
    });
  }
}
