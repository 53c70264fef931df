import type { Raster } from '../raster.ts';
import type { Scene } from '../scene.ts';

/** What the render thread sends a paint worker. */
export type PaintWorkerRequest =
  | {
      type: 'load';
      scene: Scene;
      panels: { before: Raster; after: Raster; logo: Raster | null };
      /** Frame slots shared by every worker; slot k starts at k × frameBytes. */
      ring: SharedArrayBuffer;
      frameBytes: number;
    }
  | { type: 'paint'; frame: number; slot: number }
  /** The render is over: drop its canvases, panels and ring until the next load. */
  | { type: 'unload' };

/** What a paint worker answers. */
export type PaintWorkerReply =
  | { type: 'loaded' }
  | { type: 'unloaded' }
  | { type: 'painted'; frame: number; slot: number }
  | { type: 'failed'; message: string };
