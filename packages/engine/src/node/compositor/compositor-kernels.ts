// The frame compositor's WebAssembly loops (frame-compositor.wat), instantiated over the memory
// of an I420 converter so that a frame painted here is converted where it lies.
import { readFileSync } from 'node:fs';
import type { WasmMemory } from '../rgba-to-i420.ts';

export interface CompositorKernels {
  /** The memory the addresses below point into (the converter's). */
  readonly memory: WasmMemory;
  /**
   * Bilinear samples of the RGBA photo at `src` (with one spare row and pixel after it) into
   * `count` pixels at `dst`, starting at (u, v) and stepping (du, dv), all 16.16 fixed point
   * with 0 at the first texel's centre; `coverage` (0–256) below 256 mixes with what is there.
   */
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
    coverage: number,
  ): void;
  /**
   * sampleSpan along one photo row (v fixed, du > 0), the two photo rows blended once into
   * `temp` (room for the photo's width + 8 pixels): the same pixels, half the work.
   */
  sampleRow(
    src: number,
    srcWidth: number,
    srcHeight: number,
    dst: number,
    count: number,
    u: number,
    v: number,
    du: number,
    coverage: number,
    temp: number,
  ): void;
  /**
   * sampleRow over `rows` output rows `rowBytes` apart from `dst`, the same `count` pixels of
   * each, row `firstRow + r` at v = Math.round((vScale (firstRow + r + 0.5) + vOffset − 0.5) ×
   * 65 536): one call for a whole panel instead of one per row.
   */
  sampleRows(
    src: number,
    srcWidth: number,
    srcHeight: number,
    dst: number,
    rowBytes: number,
    rows: number,
    count: number,
    u: number,
    du: number,
    coverage: number,
    temp: number,
    firstRow: number,
    vScale: number,
    vOffset: number,
  ): void;
  /**
   * Samples every pixel of the box [left, right) × [top, bottom) whose centre lies inside the
   * convex outline of `count` points (f64 x, y pairs at `points`), through the output → photo
   * transform b (a…f).
   */
  warpTriangle(
    src: number,
    srcWidth: number,
    srcHeight: number,
    dst: number,
    rowBytes: number,
    points: number,
    count: number,
    ba: number,
    bb: number,
    bc: number,
    bd: number,
    be: number,
    bf: number,
    left: number,
    top: number,
    right: number,
    bottom: number,
  ): void;
  /**
   * Lays a held face's patch (opaque where the face moved, transparent elsewhere) over `count`
   * pixels at `dst`, each taking the patch pixel its centre falls in, (u, v) stepping (du, dv)
   * in 16.16 patch pixels, mixed by `coverage` (0–256).
   */
  patchSpan(
    src: number,
    srcWidth: number,
    srcHeight: number,
    dst: number,
    count: number,
    u: number,
    v: number,
    du: number,
    dv: number,
    coverage: number,
  ): void;
  /** Mixes `count` pixels at `src` into those at `dst` by `amount` (0–256). */
  mixSpan(src: number, dst: number, count: number, amount: number): void;
  /** Lays `count` premultiplied RGBA pixels at `src` over the opaque pixels at `dst`. */
  overSpan(src: number, dst: number, count: number): void;
  /** Copies `rows` rows of `bytes` bytes from `src` to `dst`, rows `rowBytes` apart in both. */
  copyRows(src: number, dst: number, rowBytes: number, rows: number, bytes: number): void;
}

/** The part of the WebAssembly API used here; the engine's TypeScript libraries (no DOM) do not declare it. */
interface WebAssemblyApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { readonly exports: unknown };
}
const { WebAssembly: wasm } = globalThis as unknown as { WebAssembly: WebAssemblyApi };

let compiled: object | undefined;

/** Compiled once per thread; instantiated once per compositor, over its converter's memory. */
function compositorModule(): object {
  compiled ??= new wasm.Module(readFileSync(new URL('./frame-compositor.wasm', import.meta.url)));
  return compiled;
}

export function createCompositorKernels(memory: WasmMemory): CompositorKernels {
  const exports = new wasm.Instance(compositorModule(), { env: { memory } }).exports as Omit<
    CompositorKernels,
    'memory'
  >;
  return {
    memory,
    sampleSpan: exports.sampleSpan,
    sampleRow: exports.sampleRow,
    sampleRows: exports.sampleRows,
    warpTriangle: exports.warpTriangle,
    mixSpan: exports.mixSpan,
    patchSpan: exports.patchSpan,
    overSpan: exports.overSpan,
    copyRows: exports.copyRows,
  };
}
