import { createRequire } from 'node:module';
import { GlobalFonts } from '@napi-rs/canvas';
import { ENGINE_FONT_FAMILY } from '../paint/canvas.ts';

const require = createRequire(import.meta.url);
let registered = false;

/** @napi-rs/canvas ships no fonts: without this every label silently draws nothing. */
export function registerEngineFonts(): void {
  if (registered) return;
  for (const weight of [400, 700]) {
    const file = require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff2`);
    if (!GlobalFonts.registerFromPath(file, ENGINE_FONT_FAMILY)) {
      throw new Error(`could not register the engine font ${file}`);
    }
  }
  registered = true;
}

/** The font files, for the browser preview to load the very same glyphs. */
export function engineFontFiles(): string[] {
  return [400, 700].map((weight) =>
    require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff2`),
  );
}
