// The compositor's room in its converter's WebAssembly memory: buffers handed out once, and
// canvas pixels read into them. They are read as the canvas holds them, premultiplied by
// alpha (the same as straight alpha for opaque pixels): a straight-alpha read (getImageData)
// divides every pixel by its alpha and cost about ten times as much for a half-transparent
// layer.
import type { Canvas } from '@napi-rs/canvas';
import type { I420Converter } from '../rgba-to-i420.ts';

export interface CanvasMemory {
  /** The whole memory, for kernels' addresses and copies. */
  readonly bytes: Uint8Array;
  /** A buffer of `size` bytes in the room, on a 16-byte boundary. */
  allocate(size: number): number;
  /**
   * Reads the whole of `canvas` (premultiplied RGBA) to `address`, its rows `stride` bytes
   * apart (the canvas's own row length by default).
   */
  readCanvas(canvas: Canvas, address: number, stride?: number): void;
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
    readCanvas(canvas, address, stride) {
      const pixels = canvas.data();
      const rowBytes = canvas.width * 4;
      if (stride === undefined || stride === rowBytes) {
        bytes.set(pixels, address);
        return;
      }
      for (let row = 0; row < canvas.height; row += 1) {
        bytes.set(pixels.subarray(row * rowBytes, (row + 1) * rowBytes), address + row * stride);
      }
    },
  };
}
