import { PACKED_FONT_METRICS } from './font-metrics.data.ts';
import { metricsMeasure, unpackFaceMetrics, type FontMetricsTable } from './font-metrics.ts';
import type { MeasureText } from './measure-text.ts';

let measure: MeasureText | null = null;

/**
 * The measure every template fits its text with: the bundled fonts' own advances and kerning,
 * so the preview and the render get the same lines and sizes, synchronously, before frame 0.
 */
export function bundledTextMeasure(): MeasureText {
  if (!measure) {
    const table: FontMetricsTable = {};
    for (const [key, packed] of Object.entries(PACKED_FONT_METRICS))
      table[key] = unpackFaceMetrics(packed);
    measure = metricsMeasure(table);
  }
  return measure;
}
