// The compositor's room in its converter's WebAssembly memory: buffers handed out once, and
// canvas pixels read into them. They are read as the canvas holds them, premultiplied by
// alpha (the same as straight alpha for opaque pixels): a straight-alpha read (getImageData)
// divides every pixel by its alpha and cost about ten times as much for a half-transparent
// layer.
import type { Canvas } from '@napi-rs/canvas';
import type { Rect } from '../../geometry.ts';
import type { I420Converter } from '../rgba-to-i420.ts';

export interface CanvasMemory {
  /** The whole memory, for kernels' addresses and copies. */
  readonly bytes: Uint8Array;
  /** A buffer of `size` bytes in the room, on a 16-byte boundary. */
  allocate(size: number): number;
  /**
   * Reads `boxes` of `canvas` (premultiplied RGBA) with one read-out of the canvas, each to
   * `addressOf(box)`, its rows `stride` bytes apart (the box's own row length by default).
   */
  readCanvas(
    canvas: Canvas,
    boxes: readonly Rect[],
    addressOf: (box: Rect) => number,
    stride?: number,
  ): void;
}

export function alignedBytes(bytes: number): number {
  return Math.ceil(bytes / 16) * 16;
}

export function canvasMemory(converter: I420Converter): CanvasMemory {
  const bytes = new Uint8Array(converter.room.memory.buffer);
  let free = converter.room.offset;
  const end = converter.room.offset + converter.room.bytes;
  return {
    bytes,
    allocate(size) {
      const address = free;
      free += alignedBytes(size);
      if (free > end) throw new RangeError('the converter has too little room for the compositor');
      return address;
    },
    readCanvas(canvas, boxes, addressOf, stride) {
      const pixels = canvas.data();
      const canvasRowBytes = canvas.width * 4;
      for (const box of boxes) {
        const boxRowBytes = box.width * 4;
        const rowStride = stride ?? boxRowBytes;
        const address = addressOf(box);
        for (let row = 0; row < box.height; row += 1) {
          const from = (box.y + row) * canvasRowBytes + box.x * 4;
          bytes.set(pixels.subarray(from, from + boxRowBytes), address + row * rowStride);
        }
      }
    },
  };
}
