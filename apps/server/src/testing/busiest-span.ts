/** The most accepted calls found in any span of `windowMs` (each accepted call opens one). */
export function busiestSpan(accepted: readonly number[], windowMs = 60_000): number {
  return Math.max(
    0,
    ...accepted.map(
      (start) => accepted.filter((at) => at >= start && at < start + windowMs).length,
    ),
  );
}
