/** The HEIC preview worker's answer: upright RGBA pixels, or why there are none. */
export type HeicDecodeReply =
  | { ok: true; width: number; height: number; data: Uint8ClampedArray }
  | { ok: false; message: string };
