import { type ParallelPainter } from './parallel-painter.ts';
export declare function acquirePainter(threads: number): ParallelPainter;
/**
 * Returns a painter after a render, emptied so an idle server does not hold the last
 * video's frames and photos; a broken one is stopped instead of kept.
 */
export declare function releasePainter(threads: number, painter: ParallelPainter): Promise<void>;
