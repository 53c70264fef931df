import { readFileSync } from 'node:fs';
import type { Rect } from '../geometry.ts';

/**
 * RGBA → I420 (YUV 4:2:0 planar, BT.709 limited range), the layout the H.264 encoder takes
 * as input. The work is WebAssembly SIMD (rgba-to-i420.wat): ffmpeg converting RGBA itself
 * does it on one thread ahead of x264 and took about a third of a 1080p encode's wall time.
 */
export interface I420Converter {
  readonly width: number;
  readonly height: number;
  /** Bytes of one I420 frame: width × height × 3 / 2. */
  readonly frameBytes: number;
  /**
   * Converts one opaque RGBA frame (alpha is ignored) and returns its I420 bytes: a view into
   * the converter's memory, valid until the next call.
   */
  convert(rgba: Uint8Array): Uint8Array;
  /**
   * The converter's own RGBA input (width × height × 4 bytes): a frame read straight into it
   * (stripe by stripe) is converted by convertInput() without another copy.
   */
  readonly input: Uint8Array;
  /**
   * Converts what `input` holds; the I420 bytes as from convert(). With `changed` (whole-pixel
   * rectangles inside the frame), only what they cover, grown to the 4:2:0 blocks they touch:
   * the rest of the I420 frame stays as the last conversion left it, so `input` must hold the
   * same pixels there as it did then.
   */
  convertInput(changed?: readonly Rect[]): Uint8Array;
  /**
   * The converter's WebAssembly memory and the room past its own input and output that was
   * asked for (`roomBytes`): a frame compositor working in the same memory paints into
   * `input` without copying the frame.
   */
  readonly room: { memory: WasmMemory; offset: number; bytes: number };
}

/** A WebAssembly.Memory, as far as the engine uses one. */
export interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}

interface ConverterExports {
  memory: WasmMemory;
  /** Converts the pixels [left, right) × [top, bottom): even bounds, at least 16 wide. */
  rgbaToI420(
    source: number,
    width: number,
    height: number,
    destination: number,
    left: number,
    top: number,
    right: number,
    bottom: number,
  ): void;
}

/** The part of the WebAssembly API used here; the engine's TypeScript libraries (no DOM) do not declare it. */
interface WebAssemblyApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { readonly exports: unknown };
}
const { WebAssembly: wasm } = globalThis as unknown as { WebAssembly: WebAssemblyApi };

const WASM_PAGE_BYTES = 65_536;

let compiled: object | undefined;

/** Compiled once per thread (~1 ms); each converter instantiates it with its own memory. */
function converterModule(): object {
  compiled ??= new wasm.Module(readFileSync(new URL('./rgba-to-i420.wasm', import.meta.url)));
  return compiled;
}

export function i420FrameBytes(width: number, height: number): number {
  return (width * height * 3) / 2;
}

/** Each converter's instance, for a converter made over the memory of an earlier one. */
const instanceOf = new WeakMap<I420Converter, ConverterExports>();

/**
 * `reusing`: a converter of the same size whose memory (grown when the room asks for more)
 * this one takes over, pages and all; that one must not be used again. A paint worker keeps
 * its memory from one video to the next: a new 100 MB memory was ~50 ms of the kernel handing
 * out and zeroing pages as the frames first touched them, and its size made V8 start a full
 * collection (~30 ms) just before the first frame.
 */
export function createI420Converter(
  width: number,
  height: number,
  options: { roomBytes?: number; reusing?: I420Converter } = {},
): I420Converter {
  // The SIMD loop converts 16 × 2 pixel blocks; 4:2:0 needs even sizes.
  if (!Number.isInteger(width) || width < 16 || width % 2 !== 0) {
    throw new RangeError(`width must be an even integer of at least 16, got ${width}`);
  }
  if (!Number.isInteger(height) || height < 2 || height % 2 !== 0) {
    throw new RangeError(`height must be an even integer of at least 2, got ${height}`);
  }
  const { reusing } = options;
  const reused =
    reusing && reusing.width === width && reusing.height === height
      ? instanceOf.get(reusing)
      : undefined;
  const exports = reused ?? (new wasm.Instance(converterModule()).exports as ConverterExports);
  const rgbaBytes = width * height * 4;
  const frameBytes = i420FrameBytes(width, height);
  // The room starts on a 16-byte boundary, where SIMD loads and stores are fastest.
  const roomOffset = Math.ceil((rgbaBytes + frameBytes) / 16) * 16;
  const roomBytes = options.roomBytes ?? 0;
  const neededPages = Math.ceil((roomOffset + roomBytes) / WASM_PAGE_BYTES);
  const havePages = exports.memory.buffer.byteLength / WASM_PAGE_BYTES;
  if (neededPages > havePages) exports.memory.grow(neededPages - havePages);
  // Growing replaces the memory's buffer, so the views are taken after it.
  const source = new Uint8Array(exports.memory.buffer, 0, rgbaBytes);
  const destination = new Uint8Array(exports.memory.buffer, rgbaBytes, frameBytes);
  const converter: I420Converter = {
    width,
    height,
    frameBytes,
    input: source,
    room: { memory: exports.memory, offset: roomOffset, bytes: roomBytes },
    convert(rgba) {
      if (rgba.byteLength !== rgbaBytes) {
        throw new RangeError(`frame has ${rgba.byteLength} bytes, expected ${rgbaBytes}`);
      }
      source.set(rgba);
      exports.rgbaToI420(0, width, height, rgbaBytes, 0, 0, width, height);
      return destination;
    },
    convertInput(changed) {
      if (!changed) {
        exports.rgbaToI420(0, width, height, rgbaBytes, 0, 0, width, height);
        return destination;
      }
      for (const rect of changed) {
        const block = conversionBlock(rect, width, height);
        if (!block) continue;
        exports.rgbaToI420(0, width, height, rgbaBytes, ...block);
      }
      return destination;
    },
  };
  instanceOf.set(converter, exports);
  return converter;
}

/**
 * The bounds [left, top, right, bottom] the converter takes for `rect`: grown to even ones
 * (a chroma sample is a 2 × 2 block) and to at least 16 pixels wide (one SIMD block), inside
 * the frame; null when it covers no pixel.
 */
function conversionBlock(
  rect: Rect,
  width: number,
  height: number,
): [number, number, number, number] | null {
  const top = Math.max(0, Math.floor(rect.y / 2) * 2);
  const bottom = Math.min(height, Math.ceil((rect.y + rect.height) / 2) * 2);
  let left = Math.max(0, Math.floor(rect.x / 2) * 2);
  let right = Math.min(width, Math.ceil((rect.x + rect.width) / 2) * 2);
  if (right <= left || bottom <= top) return null;
  if (right - left < 16) {
    right = Math.min(width, left + 16);
    left = right - 16;
  }
  return [left, top, right, bottom];
}
