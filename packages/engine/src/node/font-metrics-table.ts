import { createCanvas } from '@napi-rs/canvas';
import type { Typeface } from '@glowreel/contracts';
import { fontSpec } from '../paint/canvas.ts';
import { faceKey, type FaceMetrics, type FontMetricsTable } from '../text/font-metrics.ts';
import {
  FONT_SUBSETS,
  FONT_WEIGHTS,
  SUBSET_UNICODE_RANGES,
  TYPEFACE_DEFINITIONS,
  type FontWeight,
} from '../text/typefaces.ts';
import { registerEngineFonts } from './fonts.ts';

// Reads the advances and kerning of every bundled face off @napi-rs/canvas with the fonts
// registered: the numbers text/font-metrics.ts fits text with (a table in the source, so the
// browser needs no font parsing before frame 0).

/** Measured at 1000 px, so one unit is a thousandth of an em. */
const SIZE = 1000;
/** Pairs kerned: the characters clinic names, titles and handles are mostly made of. */
const KERNED = Array.from({ length: 0x7f - 0x20 }, (_unused, index) =>
  String.fromCodePoint(0x20 + index),
).concat(['·', '…']);

function codePointsOf(ranges: string): number[] {
  const points: number[] = [];
  for (const range of ranges.split(',')) {
    const [from, to] = range.replace(/U\+/g, '').split('-');
    const start = Number.parseInt(from!, 16);
    const end = to ? Number.parseInt(to, 16) : start;
    for (let point = start; point <= end; point += 1) {
      // Control characters never reach a text box.
      if (point < 0x20 || (point >= 0x7f && point < 0xa0)) continue;
      points.push(point);
    }
  }
  return points;
}

const round = (value: number) => Math.round(value * 100) / 100;

function measureFace(typeface: Typeface, weight: FontWeight): FaceMetrics {
  const context = createCanvas(8, 8).getContext('2d');
  context.font = fontSpec(weight, SIZE, typeface);
  const width = (text: string) => context.measureText(text).width;
  const points = [
    ...new Set(FONT_SUBSETS.flatMap((subset) => codePointsOf(SUBSET_UNICODE_RANGES[subset]))),
  ].sort((a, b) => a - b);
  const characters = points.map((point) => String.fromCodePoint(point));
  const advances = characters.map((character) => round(width(character)));
  const advance = new Map(characters.map((character, index) => [character, advances[index]!]));
  const kerning: Record<string, number> = {};
  for (const first of KERNED) {
    for (const second of KERNED) {
      const pair = first + second;
      const kern = round(width(pair) - (advance.get(first) ?? 0) - (advance.get(second) ?? 0));
      if (Math.abs(kern) >= 0.5) kerning[pair] = kern;
    }
  }
  return { characters: characters.join(''), advances, kerning };
}

/** The whole table, every typeface in every weight. */
export function measureFontMetricsTable(): FontMetricsTable {
  registerEngineFonts();
  const table: FontMetricsTable = {};
  for (const typeface of Object.keys(TYPEFACE_DEFINITIONS) as Typeface[]) {
    for (const weight of FONT_WEIGHTS)
      table[faceKey(typeface, weight)] = measureFace(typeface, weight);
  }
  return table;
}
