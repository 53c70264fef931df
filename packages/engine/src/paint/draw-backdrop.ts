import type { Canvas2D } from './canvas.ts';
import type { Rect } from '../geometry.ts';
import type { Scene } from '../plan/scene.ts';
import { uncoveredRects } from './occlusion.ts';

/** What the backdrop depends on: the frame's size and the scene's colours. */
export type BackdropFrame = Pick<Scene, 'width' | 'height' | 'colors'>;

/** Mixes two #rrggbb colours; amount 0 gives `from`. */
export function mixColors(from: string, to: string, amount: number): string {
  const channel = (hex: string, index: number) =>
    parseInt(hex.slice(1 + index * 2, 3 + index * 2), 16);
  const parts = [0, 1, 2].map((index) =>
    Math.round(channel(from, index) + (channel(to, index) - channel(from, index)) * amount),
  );
  return `rgb(${parts.join(', ')})`;
}

/**
 * Behind the photos (only seen where a photo is too small to fill its slot, and in the
 * hairline between a pair): a diagonal wash from the background into the clinic's accent,
 * never one flat colour, so a margin reads as designed rather than unfinished. Whole-pixel
 * rectangles in `covered` are left out (a photo paints over them); the gradient is anchored to
 * the frame, so every pixel that is painted gets the colour the full fill would give it.
 */
export function drawBackdrop<T>(
  ctx: Canvas2D<T>,
  scene: BackdropFrame,
  covered: Rect[] = [],
): void {
  const gradient = ctx.createLinearGradient(0, 0, scene.width * 0.4, scene.height);
  gradient.addColorStop(0, scene.colors.background);
  gradient.addColorStop(1, mixColors(scene.colors.background, scene.colors.accent, 0.38));
  ctx.fillStyle = gradient;
  const frame = { x: 0, y: 0, width: scene.width, height: scene.height };
  for (const rect of uncoveredRects(frame, covered)) {
    ctx.fillRect(rect.x, rect.y, rect.width, rect.height);
  }
}
