import type { Typeface } from '@glowreel/contracts';
import type { MeasureText } from './measure-text.ts';
import { TYPEFACE_DEFINITIONS, type FontWeight } from './typefaces.ts';

// CREATIVE.md points 7–9: text is fitted while the plan is built, synchronously, with numbers
// taken from the bundled font files themselves, so the browser preview and the server render
// fit every text to the same lines at the same size whatever canvas they run on. The table
// (font-metrics.data.ts) is written by `npm run fonts:metrics` from the very files both sides
// paint with; node/font-metrics-table.test.ts checks it still matches them.

/** One typeface in one weight: advances and kerning in thousandths of an em. */
export interface FaceMetrics {
  /** Every character the face draws, in the order of `advances`. */
  characters: string;
  advances: number[];
  /** Kerning between two characters (the pair as a two-character string), when not zero. */
  kerning: Record<string, number>;
}

export type FontMetricsTable = Record<string, FaceMetrics>;

/**
 * The table as stored in the source: one string per field, so the file stays a few lines.
 * `advances` are comma-separated; `kerning` is "|"-separated entries, each the two characters
 * of the pair followed by its value (the pair is read by length, so any character may kern).
 */
export interface PackedFaceMetrics {
  characters: string;
  advances: string;
  kerning: string;
}

export function packFaceMetrics(face: FaceMetrics): PackedFaceMetrics {
  return {
    characters: face.characters,
    advances: face.advances.join(','),
    kerning: Object.entries(face.kerning)
      .map(([pair, value]) => `${pair}${value}`)
      .join('|'),
  };
}

export function unpackFaceMetrics(packed: PackedFaceMetrics): FaceMetrics {
  const kerning: Record<string, number> = {};
  let index = 0;
  while (index < packed.kerning.length) {
    const end = packed.kerning.indexOf('|', index + 2);
    const stop = end === -1 ? packed.kerning.length : end;
    kerning[packed.kerning.slice(index, index + 2)] = Number(packed.kerning.slice(index + 2, stop));
    index = stop + 1;
  }
  return {
    characters: packed.characters,
    advances: packed.advances.split(',').map(Number),
    kerning,
  };
}

export function faceKey(typeface: Typeface, weight: FontWeight): string {
  return `${typeface}-${weight}`;
}

interface ParsedFont {
  size: number;
  advance: Map<string, number>;
  kerning: Record<string, number>;
  /** Characters the table does not know are taken as wide as "M" (fitting errs on the safe side). */
  unknown: number;
}

const FONT_PATTERN = /^(\d+) (\d+(?:\.\d+)?)px "([^"]+)"/;

function parseFont(font: string, table: FontMetricsTable): ParsedFont {
  const match = FONT_PATTERN.exec(font);
  const typeface = (Object.keys(TYPEFACE_DEFINITIONS) as Typeface[]).find(
    (name) => TYPEFACE_DEFINITIONS[name].family === match?.[3],
  );
  const metrics = match && typeface ? table[`${typeface}-${match[1]}`] : undefined;
  if (!match || !metrics) throw new Error(`no bundled font metrics for the font "${font}"`);
  const advance = new Map<string, number>();
  Array.from(metrics.characters).forEach((character, index) => {
    advance.set(character, metrics.advances[index] ?? 0);
  });
  return {
    size: Number(match[2]),
    advance,
    kerning: metrics.kerning,
    unknown: advance.get('M') ?? 1000,
  };
}

/**
 * A MeasureText over a metrics table: the sum of each character's advance plus the kerning
 * of each pair, scaled to the font size. Pure: the same answer on every machine.
 */
export function metricsMeasure(table: FontMetricsTable): MeasureText {
  const parsed = new Map<string, ParsedFont>();
  return (text, font) => {
    let face = parsed.get(font);
    if (!face) {
      face = parseFont(font, table);
      parsed.set(font, face);
    }
    let total = 0;
    let previous = '';
    for (const character of text) {
      total += face.advance.get(character) ?? face.unknown;
      if (previous) total += face.kerning[previous + character] ?? 0;
      previous = character;
    }
    return (total * face.size) / 1000;
  };
}
