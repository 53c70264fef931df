import { startParallelPainter, type ParallelPainter } from './parallel-painter.ts';

/**
 * Painters kept between renders, so a server starts its paint workers once rather than
 * for every video. One painter serves one render at a time; renders that overlap in the
 * same thread get one each.
 */
const idle = new Map<number, ParallelPainter[]>();

export function acquirePainter(threads: number): ParallelPainter {
  const spare = idle.get(threads)?.pop();
  return spare && !spare.isBroken ? spare : startParallelPainter(threads);
}

/**
 * Returns a painter after a render, emptied so an idle server does not hold the last
 * video's frames and photos; a broken one is stopped instead of kept.
 */
export async function releasePainter(threads: number, painter: ParallelPainter): Promise<void> {
  // A render that failed may leave paints in flight; unload is queued behind them.
  await painter.unload().catch(() => undefined);
  if (painter.isBroken) {
    await painter.close();
    return;
  }
  const list = idle.get(threads) ?? [];
  list.push(painter);
  idle.set(threads, list);
}
