import { describe, expect, it } from 'vitest';
import { fitText, type FitTextOptions } from './fit-text.ts';
import type { MeasureText } from './measure-text.ts';
import { ELLIPSIS } from './wrap-words.ts';

/** Every character half the font size wide: sizes that fit can be worked out by hand. */
const halfEmMeasure: MeasureText = (text, font) => {
  const size = Number(/(\d+)px/.exec(font)?.[1]);
  return Array.from(text).length * size * 0.5;
};

function fit(overrides: Partial<FitTextOptions>) {
  return fitText({
    measure: halfEmMeasure,
    text: 'Lip filler',
    slot: { width: 400, height: 400 },
    designSize: 40,
    minSize: 10,
    maxLines: 2,
    weight: 700,
    typeface: 'inter',
    ...overrides,
  });
}

describe('fitText', () => {
  it('keeps the design size when the text fits', () => {
    const fitted = fit({ text: 'Lip filler · 2 weeks' });
    expect(fitted).toMatchObject({
      lines: ['Lip filler · 2 weeks'],
      fontSize: 40,
      lineHeight: 48,
      isTruncated: false,
    });
    expect(fitted.lineWidths).toEqual([400]);
  });

  it('never grows short text past its design size', () => {
    expect(fit({ text: 'Botox', designSize: 24 }).fontSize).toBe(24);
  });

  it('shrinks to the largest whole size at which the words wrap into maxLines', () => {
    // Two lines of 9 characters fit while 4.5 × size ≤ 200: 44 px, not 45.
    const fitted = fit({
      text: 'aaaa bbbb cccc dddd',
      slot: { width: 200, height: 400 },
      designSize: 60,
    });
    expect(fitted).toMatchObject({ lines: ['aaaa bbbb', 'cccc dddd'], fontSize: 44 });
    expect(Math.max(...fitted.lineWidths)).toBeLessThanOrEqual(200);
  });

  it('shrinks until a long unbreakable word fits on one line', () => {
    // 12 characters at half an em: 6 × size ≤ 120 → 20 px.
    const fitted = fit({ text: 'Rejuvenation', slot: { width: 120, height: 400 }, maxLines: 3 });
    expect(fitted).toMatchObject({ lines: ['Rejuvenation'], fontSize: 20, isTruncated: false });
  });

  it('shrinks until the lines fit the slot height, not only maxLines', () => {
    // One 24 px line (1.2 × 20) fits a 30 px slot, two do not: one line of 14 characters.
    const fitted = fit({
      text: 'aaaa bbbb cccc',
      slot: { width: 100, height: 30 },
      designSize: 20,
      maxLines: 3,
    });
    expect(fitted).toMatchObject({ lines: ['aaaa bbbb cccc'], fontSize: 14 });
  });

  it('honours a line height of its own', () => {
    const fitted = fit({ text: 'aaaa bbbb', slot: { width: 50, height: 60 }, lineHeight: 1.5 });
    // 2 lines × 1.5 × size ≤ 60 → 20 px; 4 characters × 10 = 40 ≤ 50.
    expect(fitted).toMatchObject({ lines: ['aaaa', 'bbbb'], fontSize: 20, lineHeight: 30 });
  });

  it('never grows past a fractional design size, even above a fractional minimum', () => {
    const fitted = fit({ text: 'A much longer treatment title', designSize: 10.5, minSize: 10.2 });
    expect(fitted.fontSize).toBe(10);
  });

  it('starts a new line at every line break of the text', () => {
    expect(fit({ text: 'Lip\nfiller' }).lines).toEqual(['Lip', 'filler']);
  });

  it('cuts the text with an ellipsis at the minimum size when nothing fits, and says so', () => {
    // At 20 px ten characters fit a line; the text needs four lines, two are allowed.
    const fitted = fit({
      text: 'one two three four five six seven',
      slot: { width: 100, height: 400 },
      minSize: 20,
    });
    expect(fitted).toMatchObject({
      lines: ['one two', `three fou${ELLIPSIS}`],
      fontSize: 20,
      isTruncated: true,
    });
    expect(Math.max(...fitted.lineWidths)).toBeLessThanOrEqual(100);
  });

  it('cuts a word too long for a line even at the minimum size', () => {
    const fitted = fit({
      text: 'Supercalifragilistic treatment',
      slot: { width: 100, height: 400 },
      designSize: 30,
      minSize: 20,
    });
    expect(fitted).toMatchObject({ lines: [`Supercali${ELLIPSIS}`], isTruncated: true });
  });

  it('shows one cut line when the slot is too short for any line', () => {
    const fitted = fit({ text: 'Lip filler', slot: { width: 400, height: 5 }, minSize: 20 });
    expect(fitted).toMatchObject({ lines: ['Lip filler'], fontSize: 20, isTruncated: true });
  });

  it('measures with the font that paints: weight, whole-pixel size and typeface', () => {
    const fonts = new Set<string>();
    // 20 characters in one 300 px line: 30 px; the design size rounds down, never up.
    const fitted = fit({
      text: 'Lip filler · 2 weeks',
      slot: { width: 300, height: 400 },
      designSize: 40.7,
      maxLines: 1,
      weight: 400,
      typeface: 'playfair_display',
      measure: (text, font) => {
        fonts.add(font);
        return halfEmMeasure(text, font);
      },
    });
    expect([...fonts].slice(0, 2)).toEqual([
      '400 40px "Glowreel Playfair Display", serif',
      '400 39px "Glowreel Playfair Display", serif',
    ]);
    expect(fitted).toMatchObject({
      fontSize: 30,
      font: '400 30px "Glowreel Playfair Display", serif',
    });
  });

  it('gives the same lines and size every time', () => {
    const options = {
      text: 'Book at lumen-aesthetics.example today',
      slot: { width: 180, height: 90 },
    };
    expect(fit(options)).toEqual(fit(options));
  });

  it('returns no lines for empty text', () => {
    expect(fit({ text: '  \n ' })).toMatchObject({ lines: [], fontSize: 40, isTruncated: false });
  });

  it('refuses a slot, sizes or line count that make no sense, saying which', () => {
    expect(() => fit({ slot: { width: 0, height: 10 } })).toThrow(/slot must have a positive size/);
    expect(() => fit({ designSize: 8, minSize: 12 })).toThrow(
      /designSize \(8\) must not be smaller/,
    );
    expect(() => fit({ maxLines: 0 })).toThrow(/maxLines must be a whole number/);
  });
});
