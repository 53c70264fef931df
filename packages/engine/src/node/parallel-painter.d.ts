import type { Scene } from '../plan/scene.ts';
import type { FramePanels } from './canvas-renderer.ts';
/**
 * One core fewer than the machine has: x264 keeps most of the other cores busy at 1080p.
 * Measured on the 2-core host: with RGBA frames, one worker rendered as fast as two and ~130 MB
 * smaller. Since frames go to ffmpeg as I420 the encoder needs less, and painting (~16 ms a
 * 1080p frame with a moving face, conversion included) is the bound: a second worker made the
 * face-motion renders ~0.6 s faster, but the whole server has no memory to spare for it
 * (docs/perf.md).
 */
export declare function defaultPaintThreads(): number;
/**
 * Paints frames in worker threads. On one thread painting was the longest serial chain of
 * a render (~25 ms per 1080p frame, most of it Skia's raster and the pixel read-out) while
 * ffmpeg left a core idle; workers spread it over every core. Frames land in a ring of
 * shared slots, already in I420 (the encoder's input), that the encoder reads in place.
 */
export interface ParallelPainter {
  /** Gives every worker the scene and shrunk photos; resolves once all of them can paint. */
  load(scene: Scene, panels: FramePanels): Promise<void>;
  /** Slots in the ring: a slot must not be painted again until its frame has been encoded. */
  readonly slotCount: number;
  /**
   * Paints `frame` into `slot` and resolves with that slot's pixels in I420, and with the
   * frame's RGBA pixels (opaque) too when asked: they cost a copy between threads.
   */
  paint(
    frame: number,
    slot: number,
    options?: {
      keepRgba?: boolean;
    },
  ): Promise<PaintedFrame>;
  /** Frees what the last load held (canvases, panels, the ring) while the workers stay up. */
  unload(): Promise<void>;
  /** True once a worker has failed or exited: the painter cannot be used again. */
  readonly isBroken: boolean;
  /** Stops the workers; safe to call more than once. */
  close(): Promise<void>;
}
export interface PaintedFrame {
  /** The slot's bytes: Y plane, then Cb, then Cr (BT.709, limited range). Valid until the slot is painted again. */
  i420: Uint8Array;
  /** The frame as painted, when asked for. */
  rgba: Uint8Array | null;
}
export declare function startParallelPainter(threads?: number): ParallelPainter;
