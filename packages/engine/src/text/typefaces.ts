import type { Typeface } from '@glowreel/contracts';

// The three bundled typefaces as data: the family name both sides register them under,
// the @fontsource files they come from, and the metrics the legibility rule needs. The
// server (node/fonts.ts) and the browser preview (apps/web .../engine-font.ts) load these
// very files, so text measures and wraps the same in the preview as in the MP4.

export type FontWeight = 400 | 700;
export const FONT_WEIGHTS: readonly FontWeight[] = [400, 700];

/** Subsets of each typeface we ship: latin, plus latin-ext for names like "Łódź" or "Şişli". */
export const FONT_SUBSETS = ['latin', 'latin-ext'] as const;
export type FontSubset = (typeof FONT_SUBSETS)[number];

// The ranges @fontsource's own CSS gives each subset; the browser needs them so that it
// picks the subset that holds a character (the server's font collection does this by itself).
export const SUBSET_UNICODE_RANGES: Record<FontSubset, string> = {
  latin:
    'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,' +
    'U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
  'latin-ext':
    'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,' +
    'U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,' +
    'U+A720-A7FF',
};

export const INTER_FAMILY = 'Glowreel Inter';
export const PLAYFAIR_DISPLAY_FAMILY = 'Glowreel Playfair Display';
export const MONTSERRAT_FAMILY = 'Glowreel Montserrat';

export interface TypefaceDefinition {
  /** The family name registered on the server and added to document.fonts in the browser. */
  family: string;
  /** The generic family drawn if the bundled one were missing (kept close in style). */
  fallback: 'sans-serif' | 'serif';
  /** The npm package the files come from, and their name stem inside its files/ folder. */
  packageName: string;
  fileStem: string;
  /**
   * Read once from the font files (head.unitsPerEm, OS/2.sCapHeight; the same in every
   * weight and subset); text/typeface-metrics test reads the files and confirms them.
   */
  unitsPerEm: number;
  capHeight: number;
}

export const TYPEFACE_DEFINITIONS: Record<Typeface, TypefaceDefinition> = {
  inter: {
    family: INTER_FAMILY,
    fallback: 'sans-serif',
    packageName: '@fontsource/inter',
    fileStem: 'inter',
    unitsPerEm: 2048,
    capHeight: 1490,
  },
  playfair_display: {
    family: PLAYFAIR_DISPLAY_FAMILY,
    fallback: 'serif',
    packageName: '@fontsource/playfair-display',
    fileStem: 'playfair-display',
    unitsPerEm: 1000,
    capHeight: 708,
  },
  montserrat: {
    family: MONTSERRAT_FAMILY,
    fallback: 'sans-serif',
    packageName: '@fontsource/montserrat',
    fileStem: 'montserrat',
    unitsPerEm: 1000,
    capHeight: 700,
  },
};

export interface FontFile {
  typeface: Typeface;
  family: string;
  weight: FontWeight;
  subset: FontSubset;
  unicodeRange: string;
  /** The module specifier of the .woff2 file, e.g. "@fontsource/inter/files/inter-latin-400-normal.woff2". */
  specifier: string;
}

function listBundledFontFiles(): FontFile[] {
  const files: FontFile[] = [];
  for (const typeface of Object.keys(TYPEFACE_DEFINITIONS) as Typeface[]) {
    const { family, packageName, fileStem } = TYPEFACE_DEFINITIONS[typeface];
    for (const weight of FONT_WEIGHTS) {
      for (const subset of FONT_SUBSETS) {
        files.push({
          typeface,
          family,
          weight,
          subset,
          unicodeRange: SUBSET_UNICODE_RANGES[subset],
          specifier: `${packageName}/files/${fileStem}-${subset}-${weight}-normal.woff2`,
        });
      }
    }
  }
  return files;
}

/** Every file the engine draws with: each typeface × weight × subset. */
export const BUNDLED_FONT_FILES: readonly FontFile[] = listBundledFontFiles();
