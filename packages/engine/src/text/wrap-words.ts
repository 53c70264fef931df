// Greedy word wrap and ellipsis truncation at one font: the steps fitText repeats per size.

export const ELLIPSIS = '…';

/** Width of a string at the font being tried. */
export type Width = (text: string) => number;

/**
 * Words into lines, each line as many words as fit within `maxWidth`; every paragraph
 * starts a new line. A word wider than `maxWidth` cannot wrap: it sits alone on its line,
 * wider than allowed, for the caller to notice.
 */
export function wrapWords(paragraphs: string[][], maxWidth: number, width: Width): string[] {
  const lines: string[] = [];
  for (const words of paragraphs) {
    let line = '';
    for (const word of words) {
      const candidate = line ? `${line} ${word}` : word;
      if (!line || width(candidate) <= maxWidth) {
        line = candidate;
        continue;
      }
      lines.push(line);
      line = word;
    }
    if (line) lines.push(line);
  }
  return lines;
}

/** `text` followed by an ellipsis, shortened from its end until that fits within `maxWidth`. */
export function withEllipsis(text: string, maxWidth: number, width: Width): string {
  const characters = Array.from(text.trimEnd());
  for (let count = characters.length; count > 0; count -= 1) {
    const candidate = `${characters.slice(0, count).join('').trimEnd()}${ELLIPSIS}`;
    if (width(candidate) <= maxWidth) return candidate;
  }
  return ELLIPSIS;
}

/**
 * Wrapped lines cut to what fits: at most `lineLimit` lines, none wider than `maxWidth`.
 * The first line that is too wide (an unbreakable word) or the last allowed line when more
 * text follows ends with an ellipsis, and nothing after it is shown.
 */
export function truncateLines(
  lines: string[],
  options: { maxWidth: number; lineLimit: number },
  width: Width,
): string[] {
  const { maxWidth, lineLimit } = options;
  const kept: string[] = [];
  for (const [index, line] of lines.entries()) {
    const isTooWide = width(line) > maxWidth;
    const isCutShort = index === lineLimit - 1 && index < lines.length - 1;
    if (isTooWide || isCutShort) {
      kept.push(withEllipsis(line, maxWidth, width));
      return kept;
    }
    kept.push(line);
  }
  return kept;
}
