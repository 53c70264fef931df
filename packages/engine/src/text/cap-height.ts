import type { Typeface } from '@glowreel/contracts';
import { TYPEFACE_DEFINITIONS } from './typefaces.ts';

/**
 * Issue #16 §3: text stays legible at phone size when its capital letters are at least
 * 2.5 % of the frame's height tall.
 */
export const MIN_CAP_HEIGHT_RATIO = 0.025;

/** How tall a capital letter is, in pixels, at this font size (the font's own cap height). */
export function capHeightPx(fontSize: number, typeface: Typeface): number {
  const { capHeight, unitsPerEm } = TYPEFACE_DEFINITIONS[typeface];
  return (fontSize * capHeight) / unitsPerEm;
}

/** A capital letter's height as a share of the frame's height (compare with MIN_CAP_HEIGHT_RATIO). */
export function capHeightRatio(fontSize: number, typeface: Typeface, frameHeight: number): number {
  if (!(frameHeight > 0)) throw new RangeError(`frame height must be positive, got ${frameHeight}`);
  return capHeightPx(fontSize, typeface) / frameHeight;
}

/**
 * The smallest whole-pixel font size that is legible in a frame this tall: what templates
 * pass to fitText as its minimum size.
 */
export function minLegibleFontSize(frameHeight: number, typeface: Typeface): number {
  const { capHeight, unitsPerEm } = TYPEFACE_DEFINITIONS[typeface];
  return Math.ceil((MIN_CAP_HEIGHT_RATIO * frameHeight * unitsPerEm) / capHeight - 1e-9);
}
