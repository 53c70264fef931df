import type { Typeface } from '@glowreel/contracts';
import { fontSpec } from '../paint/canvas.ts';
import type { MeasureText } from './measure-text.ts';
import type { FontWeight } from './typefaces.ts';
import { truncateLines, wrapWords, type Width } from './wrap-words.ts';

/** Line advance as a multiple of the font size, unless the caller gives its own. */
export const DEFAULT_LINE_HEIGHT = 1.2;

export interface FitTextOptions {
  /** Measures with the very font that paints (canvasMeasure), or a fake in unit tests. */
  measure: MeasureText;
  text: string;
  /** The box the text must stay inside, in frame pixels. */
  slot: { width: number; height: number };
  /** The size the template designed for: the largest the text is ever drawn at. */
  designSize: number;
  /** The smallest size allowed (minLegibleFontSize for the frame); below it text is cut. */
  minSize: number;
  maxLines: number;
  weight: FontWeight;
  typeface: Typeface;
  /** Line advance as a multiple of the font size; null = DEFAULT_LINE_HEIGHT. */
  lineHeight?: number | null;
}

export interface FittedText {
  lines: string[];
  /** Whole pixels: fontSpec rounds, so the text paints exactly as it was measured. */
  fontSize: number;
  /** The CSS font shorthand the lines were measured with; paint with the same. */
  font: string;
  /** Distance between baselines, in pixels. */
  lineHeight: number;
  /** Each line's measured width. */
  lineWidths: number[];
  /** True when even the minimum size did not fit and the text was cut with an ellipsis. */
  isTruncated: boolean;
}

function checkOptions(options: FitTextOptions): void {
  const { slot, designSize, minSize, maxLines } = options;
  const problems: string[] = [];
  if (!(slot.width > 0) || !(slot.height > 0))
    problems.push(`slot must have a positive size, got ${slot.width}×${slot.height}`);
  if (!(minSize >= 1)) problems.push(`minSize must be at least 1 px, got ${minSize}`);
  if (!(designSize >= minSize))
    problems.push(`designSize (${designSize}) must not be smaller than minSize (${minSize})`);
  if (!Number.isInteger(maxLines) || maxLines < 1)
    problems.push(`maxLines must be a whole number of at least 1, got ${maxLines}`);
  if (problems.length > 0) throw new RangeError(`fitText: ${problems.join('; ')}`);
}

/** Paragraphs (split at line breaks) of words (split at runs of white space). */
function splitWords(text: string): string[][] {
  return text
    .split(/\r?\n/)
    .map((paragraph) => paragraph.split(/\s+/).filter(Boolean))
    .filter((words) => words.length > 0);
}

/**
 * CREATIVE.md point 7 (Remotion's fitTextOnNLines): the design size when the text fits its
 * slot in `maxLines` lines, else the largest whole-pixel size below it that does; text never
 * grows. A word too long for a line shrinks the size too. When not even `minSize` fits, the
 * text is cut with an ellipsis at `minSize` and `isTruncated` says so. Pure and
 * deterministic: the same measure gives the same result in the preview and the render.
 */
export function fitText(options: FitTextOptions): FittedText {
  checkOptions(options);
  const { measure, slot, weight, typeface } = options;
  const lineHeightRatio = options.lineHeight ?? DEFAULT_LINE_HEIGHT;
  const paragraphs = splitWords(options.text);
  const largest = Math.floor(options.designSize);
  // Whole pixels inside [minSize, designSize]; when none lies between (10.2 and 10.5), the
  // design size rounded down wins: text never grows past its design.
  const smallest = Math.min(Math.ceil(options.minSize), largest);

  const atSize = (fontSize: number) => {
    const font = fontSpec(weight, fontSize, typeface);
    const widths = new Map<string, number>();
    const width: Width = (text) => {
      let measured = widths.get(text);
      if (measured === undefined) {
        measured = measure(text, font);
        widths.set(text, measured);
      }
      return measured;
    };
    const lineHeight = fontSize * lineHeightRatio;
    const lineLimit = Math.min(options.maxLines, Math.floor(slot.height / lineHeight + 1e-9));
    return { font, width, lineHeight, lineLimit };
  };
  const result = (
    fontSize: number,
    { font, width, lineHeight }: ReturnType<typeof atSize>,
    lines: string[],
    isTruncated: boolean,
  ): FittedText => ({
    lines,
    fontSize,
    font,
    lineHeight,
    lineWidths: lines.map(width),
    isTruncated,
  });

  for (let fontSize = largest; fontSize >= smallest; fontSize -= 1) {
    const size = atSize(fontSize);
    const lines = wrapWords(paragraphs, slot.width, size.width);
    const fits =
      lines.length <= size.lineLimit && lines.every((line) => size.width(line) <= slot.width);
    if (fits) return result(fontSize, size, lines, false);
  }
  const size = atSize(smallest);
  const lines = truncateLines(
    wrapWords(paragraphs, slot.width, size.width),
    // Even when not one line fits the slot's height, the text shows one cut line.
    { maxWidth: slot.width, lineLimit: Math.max(1, size.lineLimit) },
    size.width,
  );
  return result(smallest, size, lines, true);
}
