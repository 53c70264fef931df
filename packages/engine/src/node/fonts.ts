import { createRequire } from 'node:module';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { fontSpec } from '../paint/canvas.ts';
import {
  BUNDLED_FONT_FILES,
  FONT_WEIGHTS,
  TYPEFACE_DEFINITIONS,
  type FontFile,
} from '../text/typefaces.ts';
import type { Typeface } from '@glowreel/contracts';

const require = createRequire(import.meta.url);
let registered = false;

/** A bundled font file and where it lies on disk (the e2e harness hands it to Chromium). */
export interface EngineFontFile extends FontFile {
  path: string;
}

/** The font files, for the browser preview (and its tests) to load the very same glyphs. */
export function engineFontFiles(): EngineFontFile[] {
  return BUNDLED_FONT_FILES.map((file) => ({ ...file, path: require.resolve(file.specifier) }));
}

// Capitals, lower case and figures: wide and narrow glyphs, so any other font measures otherwise.
const PROBE_TEXT = 'Glowreel Lip Filler 2 weeks MWil';
const PROBE_SIZE = 40;
const MISSING_FAMILY = 'Glowreel Font That Is Not Registered';

/**
 * Throws unless the typeface really draws: measured against the fallback a missing font
 * would silently use, and its bold against its regular. A fresh canvas each time, because
 * @napi-rs/canvas keeps a font it looked up before the registration.
 */
function verifyTypeface(typeface: Typeface): void {
  const { family, fallback } = TYPEFACE_DEFINITIONS[typeface];
  const measure = (font: string) => {
    const context = createCanvas(8, 8).getContext('2d');
    context.font = font;
    return context.measureText(PROBE_TEXT).width;
  };
  const widths = FONT_WEIGHTS.map((weight) => {
    const width = measure(fontSpec(weight, PROBE_SIZE, typeface));
    const fallbackWidth = measure(`${weight} ${PROBE_SIZE}px "${MISSING_FAMILY}", ${fallback}`);
    if (!(width > 0) || width === fallbackWidth) {
      throw new Error(
        `the engine font "${family}" ${weight} did not apply: it measures ${width} px, ` +
          `the same as the fallback font`,
      );
    }
    return width;
  });
  if (new Set(widths).size !== widths.length) {
    throw new Error(`the engine font "${family}" draws its bold as wide as its regular`);
  }
}

/**
 * @napi-rs/canvas ships no fonts: without this every label silently draws nothing. Call
 * before the first measurement or drawing; fails loudly when a font is missing or ignored.
 */
export function registerEngineFonts(): void {
  if (registered) return;
  for (const file of engineFontFiles()) {
    if (!GlobalFonts.registerFromPath(file.path, file.family)) {
      throw new Error(`could not register the engine font ${file.path}`);
    }
  }
  for (const typeface of Object.keys(TYPEFACE_DEFINITIONS) as Typeface[]) verifyTypeface(typeface);
  registered = true;
}
