export interface VideoWarning {
  code: string;
  message: string;
}

/** One warning per kind: a second "small photo" note adds nothing to the first. */
export function mergeWarnings(first: VideoWarning[], second: VideoWarning[]): VideoWarning[] {
  const seen = new Set(first.map((warning) => warning.code));
  return [...first, ...second.filter((warning) => !seen.has(warning.code))];
}
