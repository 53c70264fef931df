// Face-aware framing: which part of the photos a slot shows. Pure, and the same for both
// panels, so before and after share one crop (same scale, eyes at the same place) in the
// canonical frame both are drawn into.
import type { Rect } from '../geometry.ts';

/** The most a photo is enlarged on screen, in its own pixels (no soft, invented detail). */
export const MAX_UPSCALE = 2;

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
  /**
   * The lowest line (canonical y) the view must show: the chin with a little room under it.
   * When the view is too short for the whole subject it gives up the top of the head, never
   * the chin (a crop just under the lips reads as a mistake; a trimmed crown does not).
   */
  keepBottom?: number | null;
}

function centreOf(rect: Rect): { x: number; y: number } {
  return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
}

function clampInto(value: number, low: number, high: number): number {
  return high < low ? (low + high) / 2 : Math.min(Math.max(value, low), high);
}

/**
 * The view a slot shows: as tight as asked around the subject, never outside the coverage,
 * never enlarging a source pixel more than MAX_UPSCALE. When even the whole coverage is too
 * small for the slot at that limit, the slot shrinks (centred) instead of stretching.
 */
export function frameSlot(input: FramingInput): Framing {
  const { coverage, subject } = input;
  let slot = input.slot;
  if (input.keepSubjectWhole) {
    const aspect = slot.width / slot.height;
    const needed = subject.height * 1.08;
    const tallest = Math.min(coverage.height, coverage.width / aspect);
    if (tallest < needed) {
      const narrower = Math.max(0.5, coverage.width / Math.min(needed, coverage.height));
      const width = Math.min(slot.width, slot.height * narrower);
      slot = { ...slot, x: slot.x + (slot.width - width) / 2, width };
    }
  }
  const aspect = slot.width / slot.height;
  // The widest view with the slot's aspect that stays inside the coverage.
  const widest = Math.min(coverage.width, coverage.height * aspect);
  // The narrowest the view may be before a source pixel is drawn larger than MAX_UPSCALE.
  const narrowest = narrowestView(slot.width, input.sourceScale);
  const wanted = input.tightness > 0 ? (subject.height / input.tightness) * aspect : widest;
  const width = Math.min(widest, Math.max(narrowest, wanted, subject.width * 1.1));
  const height = width / aspect;
  const focus = centreOf(subject);
  // Eyes sit a little above the middle of a portrait: put the subject's centre at 47 %.
  const centred = focus.y - height * 0.47;
  const keepBottom = input.keepBottom ?? -Infinity;
  const view: Rect = {
    x: clampInto(focus.x - width / 2, coverage.x, coverage.x + coverage.width - width),
    y: clampInto(
      Math.max(centred, keepBottom - height),
      coverage.y,
      coverage.y + coverage.height - height,
    ),
    width,
    height,
  };
  if (widest >= narrowest) return { view, rect: slot, shrunk: false };
  const scale = widest / narrowest;
  const rect: Rect = {
    x: slot.x + (slot.width * (1 - scale)) / 2,
    y: slot.y + (slot.height * (1 - scale)) / 2,
    width: slot.width * scale,
    height: slot.height * scale,
  };
  return { view, rect, shrunk: true };
}

/** The narrowest view a slot this wide may show before a source pixel passes MAX_UPSCALE. */
export function narrowestView(slotWidth: number, sourceScale: number): number {
  return (slotWidth * Math.max(1, sourceScale)) / MAX_UPSCALE;
}

/**
 * A view pushed in toward its subject by `zoom` (≥ 1), kept inside the coverage and never
 * narrower than `minWidth` (where a source pixel would pass MAX_UPSCALE); a `keepBottom` line
 * the view showed stays in it.
 */
export function pushIn(
  view: Rect,
  subject: Rect,
  coverage: Rect,
  requestedZoom: number,
  minWidth: number,
  keepBottom: number | null = null,
): Rect {
  const zoom = Math.min(requestedZoom, view.width / minWidth);
  if (zoom <= 1) return view;
  const width = view.width / zoom;
  const height = view.height / zoom;
  const focus = centreOf(subject);
  // Move toward the subject only as much as the zoom frees up, so the push never pans; a chin
  // the view showed stays in it.
  const x = view.x + (focus.x - view.x) * (1 - 1 / zoom);
  const toward = view.y + (focus.y - view.y) * (1 - 1 / zoom);
  const chin = keepBottom !== null && keepBottom <= view.y + view.height ? keepBottom : -Infinity;
  const y = Math.max(toward, chin - height);
  return {
    x: clampInto(x, coverage.x, coverage.x + coverage.width - width),
    y: clampInto(y, coverage.y, coverage.y + coverage.height - height),
    width,
    height,
  };
}

/** Interpolates two views (a camera move between framings). */
export function lerpRect(from: Rect, to: Rect, amount: number): Rect {
  const mix = (a: number, b: number) => a + (b - a) * amount;
  return {
    x: mix(from.x, to.x),
    y: mix(from.y, to.y),
    width: mix(from.width, to.width),
    height: mix(from.height, to.height),
  };
}

/** Room kept under the chin, as a share of the face box's height. */
const CHIN_ROOM = 0.08;

/** The line under the chin every face framing keeps in view (see `keepBottom`). */
export function chinLine(face: Rect | null): number | null {
  return face ? face.y + face.height * (1 + CHIN_ROOM) : null;
}

/**
 * The subject of a panel in canonical pixels: the face with room for forehead, hair and
 * chin; else the treated area; else the middle of the coverage.
 */
export function subjectOf(face: Rect | null, treatedArea: Rect | null, coverage: Rect): Rect {
  if (face) {
    // Detector boxes run brow to chin: add headroom above and a little below and aside.
    return {
      x: face.x - face.width * 0.12,
      y: face.y - face.height * 0.3,
      width: face.width * 1.24,
      height: face.height * 1.45,
    };
  }
  if (treatedArea) return treatedArea;
  return {
    x: coverage.x + coverage.width * 0.2,
    y: coverage.y + coverage.height * 0.15,
    width: coverage.width * 0.6,
    height: coverage.height * 0.6,
  };
}
