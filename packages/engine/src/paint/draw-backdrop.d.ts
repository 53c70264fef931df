import type { Canvas2D } from './canvas.ts';
import type { Scene } from '../plan/scene.ts';
/** Mixes two #rrggbb colours; amount 0 gives `from`. */
export declare function mixColors(from: string, to: string, amount: number): string;
/**
 * Behind the photos (only seen where a photo is too small to fill its slot, and in the
 * hairline between a pair): a diagonal wash from the background into the clinic's accent,
 * never one flat colour, so a margin reads as designed rather than unfinished.
 */
export declare function drawBackdrop<T>(ctx: Canvas2D<T>, scene: Scene): void;
