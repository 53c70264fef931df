// The URLs Vite gives the very font files the server render registers
// (packages/engine/src/text/typefaces.ts lists them; a test checks the two lists agree).
// Static imports, because Vite only bundles files it can see at build time.
import interLatin400 from '@fontsource/inter/files/inter-latin-400-normal.woff2?url';
import interLatin700 from '@fontsource/inter/files/inter-latin-700-normal.woff2?url';
import interLatinExt400 from '@fontsource/inter/files/inter-latin-ext-400-normal.woff2?url';
import interLatinExt700 from '@fontsource/inter/files/inter-latin-ext-700-normal.woff2?url';
import playfairLatin400 from '@fontsource/playfair-display/files/playfair-display-latin-400-normal.woff2?url';
import playfairLatin700 from '@fontsource/playfair-display/files/playfair-display-latin-700-normal.woff2?url';
import playfairLatinExt400 from '@fontsource/playfair-display/files/playfair-display-latin-ext-400-normal.woff2?url';
import playfairLatinExt700 from '@fontsource/playfair-display/files/playfair-display-latin-ext-700-normal.woff2?url';
import montserratLatin400 from '@fontsource/montserrat/files/montserrat-latin-400-normal.woff2?url';
import montserratLatin700 from '@fontsource/montserrat/files/montserrat-latin-700-normal.woff2?url';
import montserratLatinExt400 from '@fontsource/montserrat/files/montserrat-latin-ext-400-normal.woff2?url';
import montserratLatinExt700 from '@fontsource/montserrat/files/montserrat-latin-ext-700-normal.woff2?url';

/** Each bundled font file's URL, by the engine's module specifier for it. */
export const ENGINE_FONT_URLS: Readonly<Record<string, string>> = {
  '@fontsource/inter/files/inter-latin-400-normal.woff2': interLatin400,
  '@fontsource/inter/files/inter-latin-700-normal.woff2': interLatin700,
  '@fontsource/inter/files/inter-latin-ext-400-normal.woff2': interLatinExt400,
  '@fontsource/inter/files/inter-latin-ext-700-normal.woff2': interLatinExt700,
  '@fontsource/playfair-display/files/playfair-display-latin-400-normal.woff2': playfairLatin400,
  '@fontsource/playfair-display/files/playfair-display-latin-700-normal.woff2': playfairLatin700,
  '@fontsource/playfair-display/files/playfair-display-latin-ext-400-normal.woff2':
    playfairLatinExt400,
  '@fontsource/playfair-display/files/playfair-display-latin-ext-700-normal.woff2':
    playfairLatinExt700,
  '@fontsource/montserrat/files/montserrat-latin-400-normal.woff2': montserratLatin400,
  '@fontsource/montserrat/files/montserrat-latin-700-normal.woff2': montserratLatin700,
  '@fontsource/montserrat/files/montserrat-latin-ext-400-normal.woff2': montserratLatinExt400,
  '@fontsource/montserrat/files/montserrat-latin-ext-700-normal.woff2': montserratLatinExt700,
};
