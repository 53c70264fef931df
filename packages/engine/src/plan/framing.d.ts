import type { Rect } from '../geometry.ts';
/** The most a photo is enlarged on screen, in its own pixels (no soft, invented detail). */
export declare const MAX_UPSCALE = 2;
export interface Framing {
  /** The part of the canonical panel shown, with the slot's aspect ratio. */
  view: Rect;
  /** Where it lands: the slot, or a smaller centred one when the photo is too small for it. */
  rect: Rect;
  /** True when the slot had to shrink because the photo lacks the pixels to fill it. */
  shrunk: boolean;
}
export interface FramingInput {
  slot: Rect;
  /** The canonical area both photos cover (no crop may leave it). */
  coverage: Rect;
  /** The subject to frame (face with headroom, or the treated area, or the centre). */
  subject: Rect;
  /**
   * How tight: the subject's height as a share of the view's height. 0 frames as wide as the
   * coverage allows (the subject still centred where it can be).
   */
  tightness: number;
  /** Canonical pixels per pixel of the photo enlarged most (the after photo's alignment scale). */
  sourceScale: number;
  /**
   * Narrow the slot (centred) when its shape would cut the subject: a wide frame of a
   * portrait photo shows the whole face in a narrower stage rather than a strip of it.
   */
  keepSubjectWhole?: boolean;
}
/**
 * The view a slot shows: as tight as asked around the subject, never outside the coverage,
 * never enlarging a source pixel more than MAX_UPSCALE. When even the whole coverage is too
 * small for the slot at that limit, the slot shrinks (centred) instead of stretching.
 */
export declare function frameSlot(input: FramingInput): Framing;
/** A view pushed in toward its subject by `zoom` (≥ 1), kept inside the coverage. */
export declare function pushIn(view: Rect, subject: Rect, coverage: Rect, zoom: number): Rect;
/** Interpolates two views (a camera move between framings). */
export declare function lerpRect(from: Rect, to: Rect, amount: number): Rect;
/**
 * The subject of a panel in canonical pixels: the face with room for forehead, hair and
 * chin; else the treated area; else the middle of the coverage.
 */
export declare function subjectOf(
  face: Rect | null,
  treatedArea: Rect | null,
  coverage: Rect,
): Rect;
