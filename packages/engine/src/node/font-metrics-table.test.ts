import { createCanvas } from '@napi-rs/canvas';
import { TYPEFACES } from '@glowreel/contracts';
import { describe, expect, it } from 'vitest';
import { fontSpec } from '../paint/canvas.ts';
import { bundledTextMeasure } from '../text/bundled-measure.ts';
import { PACKED_FONT_METRICS } from '../text/font-metrics.data.ts';
import { faceKey, packFaceMetrics, unpackFaceMetrics } from '../text/font-metrics.ts';
import { FONT_WEIGHTS } from '../text/typefaces.ts';
import { measureFontMetricsTable } from './font-metrics-table.ts';

// The table text is fitted with is the fonts' own: re-measured here from the registered files
// (the render's canvas), it must equal the committed one, and measure whole lines as the
// canvas that paints them does.

const fresh = measureFontMetricsTable();
const measure = bundledTextMeasure();

function paintedWidth(font: string, text: string): number {
  const context = createCanvas(8, 8).getContext('2d');
  context.font = font;
  return context.measureText(text).width;
}

const LINES = [
  'Lip filler · 2 weeks',
  'Book at lumen-aesthetics.example',
  'Individual results may vary',
  'AV Wa To Ty Yo',
  '@glowclinic.beauty',
  'BEFORE',
  'AFTER',
  'Klinika Łódź · Şişli Güzellik',
];

describe('the bundled font metrics', () => {
  it('equal what the font files measure today (run `npm run fonts:metrics` when not)', () => {
    for (const [key, face] of Object.entries(fresh)) {
      expect(PACKED_FONT_METRICS[key], key).toEqual(packFaceMetrics(face));
    }
    expect(Object.keys(PACKED_FONT_METRICS).sort()).toEqual(Object.keys(fresh).sort());
  });

  it('pack and unpack without loss, pairs of any character included', () => {
    const face = { characters: 'a|', advances: [500, 250.5], kerning: { '||': -3, 'a|': 1.25 } };
    expect(unpackFaceMetrics(packFaceMetrics(face))).toEqual(face);
  });

  it.each(TYPEFACES)('measure lines of %s within 0.3 % of the painting canvas', (typeface) => {
    for (const weight of FONT_WEIGHTS) {
      expect(fresh[faceKey(typeface, weight)]).toBeDefined();
      for (const size of [23, 40, 97]) {
        const font = fontSpec(weight, size, typeface);
        for (const line of LINES) {
          const painted = paintedWidth(font, line);
          expect(Math.abs(measure(line, font) - painted), `${font} ${line}`).toBeLessThanOrEqual(
            painted * 0.003 + 0.05,
          );
        }
      }
    }
  });

  it('refuses a font it has no metrics for, loudly', () => {
    expect(() => measure('x', '400 20px "Comic Sans", sans-serif')).toThrow(/no bundled font/);
  });
});
