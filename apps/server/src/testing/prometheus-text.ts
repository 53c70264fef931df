/**
 * The value of one series in a Prometheus text exposition, matched on its exact label set
 * (order ignored), or 0 when the series is absent: counters and histograms start at nothing.
 */
export function seriesValue(text: string, name: string, labels: Record<string, string>): number {
  const wanted = labelKey(labels);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    if (labelKey(parseLabels(match[2] ?? '')) === wanted) return Number(match[3]);
  }
  return 0;
}

/** Every label set a metric has series for in the exposition. */
export function seriesLabels(text: string, name: string): Record<string, string>[] {
  return text
    .split('\n')
    .map((line) => new RegExp(`^${name}\\{(.*)\\}\\s+\\S+$`).exec(line))
    .filter((match) => match !== null)
    .map((match) => parseLabels(match[1] ?? ''));
}

function parseLabels(text: string): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const match of text.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
    labels[match[1]!] = match[2]!.replace(/\\(.)/g, '$1');
  return labels;
}

function labelKey(labels: Record<string, string>): string {
  return JSON.stringify(Object.entries(labels).sort(([a], [b]) => a.localeCompare(b)));
}
