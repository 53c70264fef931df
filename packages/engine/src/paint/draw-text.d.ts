import { type Canvas2D } from './canvas.ts';
import type { FrameState, LabelState, TextState } from '../plan/timeline.ts';
export declare function drawLabel<T>(ctx: Canvas2D<T>, label: LabelState): void;
/** A block of centred lines inside its box, on a tinted band when it sits over a photo. */
export declare function drawTextBlock<T>(ctx: Canvas2D<T>, text: TextState, color: string): void;
export declare function drawDivider<T>(
  ctx: Canvas2D<T>,
  divider: NonNullable<FrameState['divider']>,
  accent: string,
  fontSize: number,
): void;
export declare function drawHighlight<T>(
  ctx: Canvas2D<T>,
  highlight: NonNullable<FrameState['highlight']>,
  accent: string,
): void;
