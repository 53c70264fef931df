import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { TYPEFACES, type Typeface } from '@glowreel/contracts';
import { fitText, type FitTextOptions } from '../text/fit-text.ts';
import { createNodeTextMeasure } from './fonts.ts';

// fitText with the real measure: the very fonts the render paints with, on @napi-rs/canvas.

// Registers the fonts before anything is measured, as the render's planning step will.
const measure = createNodeTextMeasure();

function fitWithCanvas(typeface: Typeface, overrides: Partial<FitTextOptions>) {
  const options: FitTextOptions = {
    measure,
    text: 'Lip filler · 2 weeks',
    slot: { width: 300, height: 200 },
    designSize: 96,
    minSize: 18,
    maxLines: 2,
    weight: 700,
    typeface,
    ...overrides,
  };
  return { options, fitted: fitText(options) };
}

/** An independent measurement of a line, on a canvas fitText never saw. */
function widthOf(font: string, text: string): number {
  const context = createCanvas(8, 8).getContext('2d');
  context.font = font;
  return context.measureText(text).width;
}

describe.each(TYPEFACES)('fitText measured with %s', (typeface) => {
  it('fits the hook at the largest size whose lines stay within the slot', () => {
    const { options, fitted } = fitWithCanvas(typeface, {});
    expect(fitted.isTruncated).toBe(false);
    expect(fitted.fontSize).toBeLessThan(96);
    expect(fitted.lines.length).toBeLessThanOrEqual(2);
    expect(fitted.lines.join(' ')).toBe('Lip filler · 2 weeks');
    for (const line of fitted.lines) expect(widthOf(fitted.font, line)).toBeLessThanOrEqual(300);
    // One pixel larger does not fit: only the minimum would be left, and it is cut.
    const larger = fitText({
      ...options,
      designSize: fitted.fontSize + 1,
      minSize: fitted.fontSize + 1,
    });
    expect(larger.isTruncated).toBe(true);
  });

  it('shrinks a long unbreakable word until it fits its line', () => {
    const { fitted } = fitWithCanvas(typeface, {
      text: 'Microneedling',
      slot: { width: 220, height: 400 },
      maxLines: 3,
    });
    expect(fitted).toMatchObject({ lines: ['Microneedling'], isTruncated: false });
    expect(widthOf(fitted.font, 'Microneedling')).toBeLessThanOrEqual(220);
    expect(
      widthOf(fitted.font.replace(/\d+px/, `${fitted.fontSize + 1}px`), 'Microneedling'),
    ).toBeGreaterThan(220);
  });

  it('cuts text that does not fit at the minimum size, within the slot', () => {
    const { fitted } = fitWithCanvas(typeface, {
      text: 'Book your consultation at lumen-aesthetics.example or call 555-0100 today',
      slot: { width: 200, height: 200 },
      designSize: 40,
      minSize: 24,
    });
    expect(fitted).toMatchObject({ fontSize: 24, isTruncated: true });
    expect(fitted.lines).toHaveLength(2);
    expect(fitted.lines[1]?.endsWith('…')).toBe(true);
    for (const line of fitted.lines) expect(widthOf(fitted.font, line)).toBeLessThanOrEqual(200);
  });
});

it('fits each typeface to its own widths', () => {
  const sizes = TYPEFACES.map(
    (typeface) => fitWithCanvas(typeface, { text: 'Microneedling', maxLines: 1 }).fitted.fontSize,
  );
  expect(new Set(sizes).size).toBe(TYPEFACES.length);
});
