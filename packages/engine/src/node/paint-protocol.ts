import type { BackdropFrame } from '../paint/draw-backdrop.ts';
import type { FrameRun } from '../plan/frame-runs.ts';
import type { Scene } from '../plan/scene.ts';
import type { PanelPhotos } from './panel-photos.ts';

/** What the render thread sends a paint worker. */
export type PaintWorkerRequest =
  /**
   * The decoded photos, full size and uncut, moved to the worker: cut into panels and put on
   * canvases while faces are found, and the backdrop drawn for the frame the scene will have,
   * when the caller knows it.
   */
  | { type: 'stage'; photos: PanelPhotos; backdrop: BackdropFrame | null }
  /** The scene: the staged photos are shrunk to what it shows, then frames can be painted. */
  | {
      type: 'load';
      scene: Scene;
      /** Frame slots shared by every worker, in I420; slot k starts at k × frameBytes. */
      ring: SharedArrayBuffer;
      frameBytes: number;
    }
  /** `keepRgba`: also send the frame's RGBA pixels back (the poster is made from one frame). */
  | { type: 'paint'; frame: number; slot: number; keepRgba: boolean }
  /** The render is over: drop its canvases, photos and ring until the next stage and load. */
  | { type: 'unload' };

/** What a paint worker answers. */
export type PaintWorkerReply =
  | { type: 'staged' }
  /** `runs`: the scene's runs of identical frames, found from the states the worker evaluated. */
  | { type: 'loaded'; runs: FrameRun[] }
  | { type: 'unloaded' }
  | { type: 'painted'; frame: number; slot: number; rgba: Uint8Array | null }
  | { type: 'failed'; message: string };
