// Easing and interpolation helpers for the timeline; all pure.
export function clamp01(value: number): number {
  return value < 0 ? 0 : value > 1 ? 1 : value;
}

/** Progress of t through [start, end], clamped to 0–1. */
export function progress(t: number, start: number, end: number): number {
  return end <= start ? (t >= end ? 1 : 0) : clamp01((t - start) / (end - start));
}

export function easeInOutCubic(x: number): number {
  const p = clamp01(x);
  return p < 0.5 ? 4 * p * p * p : 1 - (-2 * p + 2) ** 3 / 2;
}

export function easeOutCubic(x: number): number {
  return 1 - (1 - clamp01(x)) ** 3;
}

export function lerp(from: number, to: number, amount: number): number {
  return from + (to - from) * amount;
}
