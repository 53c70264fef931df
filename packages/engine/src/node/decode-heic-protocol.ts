/** Messages between decode-heic.ts and its worker thread. */
export interface HeicWorkerRequest {
  bytes: Uint8Array;
  /** Refuse a decode larger than this (the header was checked; this guards a lying header). */
  maxPixels: number;
  /** EXIF orientation to apply after libheif, which has applied irot/imir itself. */
  exifOrientation: number;
}

export type HeicWorkerReply =
  | { ok: true; width: number; height: number; data: Uint8ClampedArray }
  | { ok: false; message: string };
