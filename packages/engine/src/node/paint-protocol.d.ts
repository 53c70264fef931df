import type { Scene } from '../plan/scene.ts';
import type { FramePanels } from './canvas-renderer.ts';
/** What the render thread sends a paint worker. */
export type PaintWorkerRequest =
  | {
      type: 'load';
      scene: Scene;
      panels: FramePanels;
      /** Frame slots shared by every worker, in I420; slot k starts at k × frameBytes. */
      ring: SharedArrayBuffer;
      frameBytes: number;
    }
  /** `keepRgba`: also send the frame's RGBA pixels back (the poster is made from one frame). */
  | {
      type: 'paint';
      frame: number;
      slot: number;
      keepRgba: boolean;
    }
  /** The render is over: drop its canvases, panels and ring until the next load. */
  | {
      type: 'unload';
    };
/** What a paint worker answers. */
export type PaintWorkerReply =
  | {
      type: 'loaded';
    }
  | {
      type: 'unloaded';
    }
  | {
      type: 'painted';
      frame: number;
      slot: number;
      rgba: Uint8Array | null;
    }
  | {
      type: 'failed';
      message: string;
    };
