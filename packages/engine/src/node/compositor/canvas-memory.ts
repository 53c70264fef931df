// The compositor's room in its converter's WebAssembly memory: buffers handed out once, and
// canvas pixels read into them.
import type { Canvas } from '@napi-rs/canvas';
import type { Rect } from '../../geometry.ts';
import type { I420Converter } from '../rgba-to-i420.ts';

/** Rows read from a canvas at a time (~1 MB at 1080p, which the allocator reuses). */
const READ_STRIPE_ROWS = 120;

export interface CanvasMemory {
  /** The whole memory, for kernels' addresses and copies. */
  readonly bytes: Uint8Array;
  /** A buffer of `size` bytes in the room, on a 16-byte boundary. */
  allocate(size: number): number;
  /**
   * Reads `box` of `canvas` (straight alpha) to `address`, its rows `stride` bytes apart (the
   * box's own row length by default).
   */
  readCanvas(canvas: Canvas, box: Rect, address: number, stride?: number): void;
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
    readCanvas(canvas, box, address, stride = box.width * 4) {
      const context = canvas.getContext('2d');
      const boxRowBytes = box.width * 4;
      for (let row = 0; row < box.height; row += READ_STRIPE_ROWS) {
        const rows = Math.min(READ_STRIPE_ROWS, box.height - row);
        const { data } = context.getImageData(box.x, box.y + row, box.width, rows);
        if (stride === boxRowBytes) {
          bytes.set(data, address + row * stride);
          continue;
        }
        for (let k = 0; k < rows; k += 1) {
          bytes.set(
            data.subarray(k * boxRowBytes, (k + 1) * boxRowBytes),
            address + (row + k) * stride,
          );
        }
      }
    },
  };
}
