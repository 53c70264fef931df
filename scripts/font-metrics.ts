// npm run fonts:metrics — measures every bundled typeface (advances and kerning) with the
// fonts registered as the render registers them, and writes the table the engine fits text
// with (packages/engine/src/text/font-metrics.data.ts). Run after changing a font package.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { measureFontMetricsTable, packFaceMetrics } from '@glowreel/engine/node';

const target = path.resolve(
  import.meta.dirname,
  '../packages/engine/src/text/font-metrics.data.ts',
);
const packed = Object.fromEntries(
  Object.entries(measureFontMetricsTable()).map(([key, face]) => [key, packFaceMetrics(face)]),
);
writeFileSync(
  target,
  [
    '// Written by `npm run fonts:metrics` from the bundled font files: do not edit by hand.',
    "import type { PackedFaceMetrics } from './font-metrics.ts';",
    '',
    `export const PACKED_FONT_METRICS: Record<string, PackedFaceMetrics> = ${JSON.stringify(packed, null, 2)};`,
    '',
  ].join('\n'),
);
console.log(`Font metrics written to ${target}`);
