// The server's face warp: every moved triangle of a face is texture-mapped from the still
// photo by triangle-warp.wat, row by row, straight into the RGBA pixels of a frame already
// read out, the same triangles Canvas 2D fills in the preview (draw-face-warp.ts). Pixels are
// chosen by their centres (no anti-aliasing): inside the face neighbouring triangles overlap
// by the seam margin, and at the moved area's rim the still photo underneath differs by less
// than STILL_PX, so no edge can show.
import { readFileSync } from 'node:fs';
import type { Canvas } from '@napi-rs/canvas';
import { applyAffine, invertAffine, type Affine, type Point, type Rect } from '../../geometry.ts';
import {
  SEAM_OVERLAP_PX,
  movedTriangles,
  type FaceWarpOptions,
  type FaceWarpPlacement,
} from '../../motion/draw-face-warp.ts';
import type { FaceMotionState } from '../../motion/face-motion-schedule.ts';
import type { FaceRig } from '../../motion/face-rig.ts';

interface TriangleWarpExports {
  memory: { readonly buffer: ArrayBuffer; grow(pages: number): number };
  sampleSpan(
    src: number,
    srcWidth: number,
    srcHeight: number,
    dst: number,
    count: number,
    u: number,
    v: number,
    du: number,
    dv: number,
  ): void;
}

/** The part of the WebAssembly API used here; the engine's TypeScript libraries (no DOM) do not declare it. */
interface WebAssemblyApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { readonly exports: unknown };
}
const { WebAssembly: wasm } = globalThis as unknown as { WebAssembly: WebAssemblyApi };

const WASM_PAGE_BYTES = 65_536;
/** 16.16 fixed point, the sampler's coordinates. */
const FIXED_ONE = 65_536;
/**
 * Photo pixels kept around the face's triangles: the grown outlines sample a little past
 * their source triangles, and clamping at the kept part's edge must never be reached there.
 */
const SOURCE_MARGIN_PX = 4;

let compiled: object | undefined;

/** Compiled once per thread; each painter instantiates it with its own memory. */
function warpModule(): object {
  compiled ??= new wasm.Module(readFileSync(new URL('./triangle-warp.wasm', import.meta.url)));
  return compiled;
}

/** The part of a photo the face's triangles sample, copied into the module's memory. */
interface SourceRegion {
  rig: FaceRig;
  /** Asset pixels the region starts at. */
  x: number;
  y: number;
  width: number;
  height: number;
  address: number;
}

/** One row of pixels of a convex outline: the pixels whose centres lie inside, [left, right). */
function outlineSpan(outline: readonly Point[], centreY: number): [number, number] | null {
  let left = Infinity;
  let right = -Infinity;
  for (let k = 0; k < outline.length; k += 1) {
    const p = outline[k];
    const q = outline[(k + 1) % outline.length];
    if (!p || !q) continue;
    if (p.y <= centreY === q.y <= centreY) continue;
    const x = p.x + ((centreY - p.y) * (q.x - p.x)) / (q.y - p.y);
    left = Math.min(left, x);
    right = Math.max(right, x);
  }
  if (right < left) return null;
  return [Math.ceil(left - 0.5), Math.ceil(right - 0.5)];
}

/** Opaque RGBA pixels of a whole frame, row after row. */
export interface RgbaFrame {
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
}

export interface TriangleWarp {
  /**
   * Paints `image`'s face at `motion` over the still photo in `frame`, only on pixels whose
   * whole square lies inside `clip`. Returns how many triangles it painted.
   */
  warpInto(
    frame: RgbaFrame,
    image: Canvas,
    rig: FaceRig,
    motion: FaceMotionState,
    placement: FaceWarpPlacement,
    clip: Rect,
  ): number;
}

/**
 * A face warp for one frame renderer. It keeps, per photo, the part its face's triangles
 * sample (read from the photo's canvas once) and a buffer for the pixels around the face.
 */
export function createTriangleWarp(
  /** Tests turn the seam overlap off to see what it hides. */
  warpOptions: FaceWarpOptions = {},
): TriangleWarp {
  const overlap = warpOptions.seamOverlapPx ?? SEAM_OVERLAP_PX;
  const exports = new wasm.Instance(warpModule()).exports as TriangleWarpExports;
  let used = 0;
  const allocate = (bytes: number): number => {
    const address = used;
    used += Math.ceil(bytes / 16) * 16;
    const missing =
      Math.ceil(used / WASM_PAGE_BYTES) - exports.memory.buffer.byteLength / WASM_PAGE_BYTES;
    if (missing > 0) exports.memory.grow(missing);
    return address;
  };
  const regions = new WeakMap<Canvas, SourceRegion>();
  let scratch = { address: 0, bytes: 0 };

  const regionFor = (image: Canvas, rig: FaceRig, assetToImage: Affine): SourceRegion => {
    const kept = regions.get(image);
    if (kept && kept.rig === rig) return kept;
    const imageToAsset = invertAffine(assetToImage);
    const xs: number[] = [];
    const ys: number[] = [];
    for (let i = 0; i < rig.rest.length; i += 3) {
      const p = applyAffine(imageToAsset, { x: rig.rest[i] ?? 0, y: rig.rest[i + 1] ?? 0 });
      xs.push(p.x);
      ys.push(p.y);
    }
    const x = Math.max(0, Math.floor(Math.min(...xs)) - SOURCE_MARGIN_PX);
    const y = Math.max(0, Math.floor(Math.min(...ys)) - SOURCE_MARGIN_PX);
    const width = Math.min(image.width, Math.ceil(Math.max(...xs)) + SOURCE_MARGIN_PX) - x;
    const height = Math.min(image.height, Math.ceil(Math.max(...ys)) + SOURCE_MARGIN_PX) - y;
    if (width < 2 || height < 2) throw new RangeError('the face lies outside its photo');
    // One spare row and pixel: the sampler reads the next texel with zero weight at the edge.
    const address = allocate((width * (height + 1) + 1) * 4);
    const pixels = image.getContext('2d').getImageData(x, y, width, height).data;
    new Uint8Array(exports.memory.buffer, address, pixels.byteLength).set(pixels);
    const region = { rig, x, y, width, height, address };
    regions.set(image, region);
    return region;
  };

  const scratchFor = (bytes: number): number => {
    if (scratch.bytes < bytes) scratch = { address: allocate(bytes), bytes };
    return scratch.address;
  };

  return {
    warpInto(frame, image, rig, motion, placement, clip) {
      const triangles = movedTriangles(rig, motion, placement, overlap);
      if (triangles.length === 0) return 0;
      const region = regionFor(image, rig, placement.assetToImage);
      const box = pixelBox(
        triangles.flatMap((triangle) => triangle.outline),
        clip,
        frame,
      );
      if (!box) return 0;
      const { left, top, right, bottom } = box;
      const width = right - left;
      const rowBytes = width * 4;
      const address = scratchFor(rowBytes * (bottom - top));
      // The box's rows are copied into the module's memory, painted there and copied back.
      const scratchBytes = (row: number) =>
        new Uint8Array(exports.memory.buffer, address + (row - top) * rowBytes, rowBytes);
      const frameRow = (row: number) =>
        frame.data.subarray((row * frame.width + left) * 4, (row * frame.width + right) * 4);
      for (let row = top; row < bottom; row += 1) scratchBytes(row).set(frameRow(row));
      let drawn = 0;
      for (const { transform, outline } of triangles) {
        let back: Affine;
        try {
          back = invertAffine(transform);
        } catch {
          continue;
        }
        const ys = outline.map((p) => p.y);
        const firstRow = Math.max(top, Math.ceil(Math.min(...ys) - 0.5));
        const lastRow = Math.min(bottom, Math.ceil(Math.max(...ys) - 0.5));
        for (let row = firstRow; row < lastRow; row += 1) {
          const centreY = row + 0.5;
          const span = outlineSpan(outline, centreY);
          if (!span) continue;
          const from = Math.max(left, span[0]);
          const to = Math.min(right, span[1]);
          if (to <= from) continue;
          // Texel centres are at half pixels: the sampler's 0 is the first texel's centre.
          const centreX = from + 0.5;
          const u = back.a * centreX + back.c * centreY + back.e - 0.5 - region.x;
          const v = back.b * centreX + back.d * centreY + back.f - 0.5 - region.y;
          exports.sampleSpan(
            region.address,
            region.width,
            region.height,
            address + (row - top) * rowBytes + (from - left) * 4,
            to - from,
            Math.round(u * FIXED_ONE),
            Math.round(v * FIXED_ONE),
            Math.round(back.a * FIXED_ONE),
            Math.round(back.b * FIXED_ONE),
          );
        }
        drawn += 1;
      }
      for (let row = top; row < bottom; row += 1)
        frame.data.set(scratchBytes(row), (row * frame.width + left) * 4);
      return drawn;
    },
  };
}

/** Whole pixels of the frame inside `clip` that the outlines reach, or null when none. */
function pixelBox(
  points: readonly Point[],
  clip: Rect,
  frame: { width: number; height: number },
): { left: number; top: number; right: number; bottom: number } | null {
  if (points.length === 0) return null;
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const left = Math.max(0, Math.ceil(clip.x), Math.floor(Math.min(...xs)));
  const top = Math.max(0, Math.ceil(clip.y), Math.floor(Math.min(...ys)));
  const right = Math.min(frame.width, Math.floor(clip.x + clip.width), Math.ceil(Math.max(...xs)));
  const bottom = Math.min(
    frame.height,
    Math.floor(clip.y + clip.height),
    Math.ceil(Math.max(...ys)),
  );
  return right > left && bottom > top ? { left, top, right, bottom } : null;
}
