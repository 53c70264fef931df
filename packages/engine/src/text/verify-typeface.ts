import type { MeasureText } from './measure-text.ts';
import { FONT_WEIGHTS } from './typefaces.ts';

// Capitals, lower case and figures, wide and narrow glyphs: any other font measures otherwise.
const PROBE_TEXT = 'Glowreel Lip Filler 2 weeks MWil';
const PROBE_SIZE = 40;
const MISSING_FAMILY = 'Glowreel Font That Is Not Registered';

/**
 * CREATIVE.md point 8: a font counts as applied only when text measures unlike the fallback
 * a missing font silently draws with, and its bold unlike its regular. Returns what is wrong,
 * or null. The server and the browser preview run the same check with their own canvas.
 */
export function findUnappliedFont(
  font: { family: string; fallback: string },
  measure: MeasureText,
): string | null {
  const widths: number[] = [];
  for (const weight of FONT_WEIGHTS) {
    const width = measure(
      PROBE_TEXT,
      `${weight} ${PROBE_SIZE}px "${font.family}", ${font.fallback}`,
    );
    const fallbackWidth = measure(
      PROBE_TEXT,
      `${weight} ${PROBE_SIZE}px "${MISSING_FAMILY}", ${font.fallback}`,
    );
    if (!(width > 0) || width === fallbackWidth) {
      return (
        `the engine font "${font.family}" ${weight} did not apply: "${PROBE_TEXT}" measures ` +
        `${width} px, as wide as with the fallback font`
      );
    }
    widths.push(width);
  }
  if (new Set(widths).size !== widths.length) {
    return `the engine font "${font.family}" draws its bold as wide as its regular`;
  }
  return null;
}
