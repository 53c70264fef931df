// The backdrop behind the photos, drawn before the scene is known. Its size and colours come
// from the request alone, so a paint worker draws it while the render thread is still finding
// the faces, instead of between the scene and the first frame (~65 ms of a 1080p render's
// set-up, a quarter of the worker's).
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import type { Canvas2D } from '../../paint/canvas.ts';
import { drawBackdrop, type BackdropFrame } from '../../paint/draw-backdrop.ts';

export interface StagedBackdrop {
  /** Which frame it was drawn for (backdropKey). */
  key: string;
  /** Its pixels, premultiplied RGBA as the canvas holds them (the same as straight: opaque). */
  pixels: Uint8Array;
}

export function backdropKey(frame: BackdropFrame): string {
  return JSON.stringify([frame.width, frame.height, frame.colors]);
}

export function stageBackdrop(frame: BackdropFrame): StagedBackdrop {
  const canvas = createCanvas(frame.width, frame.height);
  drawBackdrop(canvas.getContext('2d') as unknown as Canvas2D<Canvas>, frame);
  return { key: backdropKey(frame), pixels: new Uint8Array(canvas.data()) };
}

/** The staged backdrop when it was drawn for `frame`, else one drawn now. */
export function backdropFor(frame: BackdropFrame, staged?: StagedBackdrop): StagedBackdrop {
  return staged?.key === backdropKey(frame) ? staged : stageBackdrop(frame);
}
