import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { TYPEFACES } from '@glowreel/contracts';
import { fontSpec } from '../paint/canvas.ts';
import { TYPEFACE_DEFINITIONS } from '../text/typefaces.ts';
import { readAdvanceWidths, readCapHeightMetrics } from './font-file-tables.testing.ts';
import {
  engineFontFiles,
  registerEngineFonts,
  registerFontFiles,
  verifyFontFamily,
} from './fonts.ts';

const SIZE = 100;

function measure(font: string, text: string): number {
  const context = createCanvas(8, 8).getContext('2d');
  context.font = font;
  return context.measureText(text).width;
}

describe('engine fonts', () => {
  it('bundles every typeface in regular and bold, latin and latin-ext', () => {
    const files = engineFontFiles();
    expect(files).toHaveLength(TYPEFACES.length * 2 * 2);
    for (const typeface of TYPEFACES) {
      const names = files.filter((file) => file.typeface === typeface).map((file) => file.path);
      expect(names.map((name) => name.replace(/^.*\/files\//, '')).sort()).toEqual(
        [
          'latin-400-normal.woff2',
          'latin-700-normal.woff2',
          'latin-ext-400-normal.woff2',
          'latin-ext-700-normal.woff2',
        ].map((tail) => `${TYPEFACE_DEFINITIONS[typeface].fileStem}-${tail}`),
      );
    }
  });

  it.each(engineFontFiles())(
    'has the cap height and units per em of $typeface written in its file ($subset $weight)',
    (file) => {
      const { unitsPerEm, capHeight } = TYPEFACE_DEFINITIONS[file.typeface];
      expect(readCapHeightMetrics(file.path)).toEqual({ unitsPerEm, capHeight });
    },
  );

  it.each(TYPEFACES)('draws %s with the glyphs of its own files once registered', (typeface) => {
    registerEngineFonts();
    const { unitsPerEm } = TYPEFACE_DEFINITIONS[typeface];
    for (const file of engineFontFiles().filter((font) => font.typeface === typeface)) {
      // One glyph at a time: its width is its advance, untouched by kerning.
      const characters = file.subset === 'latin' ? 'HWio7' : 'ŁŞő';
      for (const [character, advance] of readAdvanceWidths(file.path, characters)) {
        const expected = (advance * SIZE) / unitsPerEm;
        const width = measure(fontSpec(file.weight, SIZE, typeface), character);
        expect(width, `${file.subset} ${file.weight} "${character}"`).toBeCloseTo(expected, 1);
      }
    }
  });

  it.each(TYPEFACES)(
    'kerns %s as the browser does, with latin-ext letters drawn too',
    (typeface) => {
      registerEngineFonts();
      const font = fontSpec(700, SIZE, typeface);
      // Each of these pairs is kerned tighter in all three fonts (Chromium measures it so).
      for (const pair of ['AV', 'Wa', 'To']) {
        const apart = measure(font, pair[0] ?? '') + measure(font, pair[1] ?? '');
        expect(measure(font, pair), `${typeface} "${pair}"`).toBeLessThan(apart - 0.5);
      }
      const fallback = `700 ${SIZE}px "Glowreel Never Registered", sans-serif`;
      expect(measure(font, 'Łódź')).not.toBe(measure(fallback, 'Łódź'));
    },
  );

  it('fails loudly when a font file cannot be registered', () => {
    expect(() =>
      registerFontFiles([{ family: 'Glowreel Missing', path: '/nonexistent/font.woff2' }]),
    ).toThrow(/could not register the engine font "Glowreel Missing" from \/nonexistent/);
  });

  it('fails loudly when a family draws with the fallback font', () => {
    expect(() => verifyFontFamily('Glowreel Never Registered', 'sans-serif')).toThrow(
      /did not apply/,
    );
  });

  it('accepts each registered family: it measures unlike the fallback', () => {
    registerEngineFonts();
    for (const { family, fallback } of Object.values(TYPEFACE_DEFINITIONS)) {
      expect(() => verifyFontFamily(family, fallback)).not.toThrow();
    }
  });
});
