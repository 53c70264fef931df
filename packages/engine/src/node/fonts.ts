import { createRequire } from 'node:module';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { BUNDLED_FONT_FILES, TYPEFACE_DEFINITIONS, type FontFile } from '../text/typefaces.ts';
import { canvasMeasure, type MeasureText } from '../text/measure-text.ts';
import { findUnappliedFont } from '../text/verify-typeface.ts';

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

/**
 * Throws unless the family really draws (findUnappliedFont). A fresh canvas for every
 * measurement, because @napi-rs/canvas keeps a font it looked up before the registration.
 */
export function verifyFontFamily(family: string, fallback: string): void {
  const problem = findUnappliedFont({ family, fallback }, (text, font) => {
    const context = createCanvas(8, 8).getContext('2d');
    context.font = font;
    return context.measureText(text).width;
  });
  if (problem) throw new Error(problem);
}

/** Registers font files under their family names; throws on the first one that fails. */
export function registerFontFiles(files: readonly { family: string; path: string }[]): void {
  for (const file of files) {
    // registerFromPath answers null rather than throwing for a missing or unreadable file.
    if (!GlobalFonts.registerFromPath(file.path, file.family)) {
      throw new Error(`could not register the engine font "${file.family}" from ${file.path}`);
    }
  }
}

/**
 * @napi-rs/canvas ships no fonts: without this every label silently draws nothing. Call
 * before the first measurement or drawing; fails loudly when a font is missing or ignored.
 */
export function registerEngineFonts(): void {
  if (registered) return;
  // Within a family, the file registered last is the one text is shaped with; the others
  // only fill in missing glyphs, unkerned. Registering latin last keeps its kerning, as in
  // the browser (measured: "AV Wa To" in Inter bold is 4 px wider the other way round).
  const files = engineFontFiles();
  registerFontFiles([
    ...files.filter((file) => file.subset !== 'latin'),
    ...files.filter((file) => file.subset === 'latin'),
  ]);
  for (const { family, fallback } of Object.values(TYPEFACE_DEFINITIONS)) {
    verifyFontFamily(family, fallback);
  }
  registered = true;
}

/**
 * A MeasureText for fitText on the server, over the fonts the render paints with: registers
 * them first, so nothing is measured with a font looked up too early.
 */
export function createNodeTextMeasure(): MeasureText {
  registerEngineFonts();
  return canvasMeasure(createCanvas(8, 8).getContext('2d'));
}
