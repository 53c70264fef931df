import type { Canvas2D } from './canvas.ts';
import type { Rect } from '../geometry.ts';

export function clipToRect<T>(ctx: Canvas2D<T>, rect: Rect): void {
  ctx.beginPath();
  ctx.rect(rect.x, rect.y, rect.width, rect.height);
  ctx.clip();
}

export function roundedRectPath<T>(ctx: Canvas2D<T>, rect: Rect, radius: number): void {
  const r = Math.min(radius, rect.width / 2, rect.height / 2);
  const right = rect.x + rect.width;
  const bottom = rect.y + rect.height;
  ctx.beginPath();
  ctx.moveTo(rect.x + r, rect.y);
  ctx.arcTo(right, rect.y, right, bottom, r);
  ctx.arcTo(right, bottom, rect.x, bottom, r);
  ctx.arcTo(rect.x, bottom, rect.x, rect.y, r);
  ctx.arcTo(rect.x, rect.y, right, rect.y, r);
  ctx.closePath();
}

export function resetTransform<T>(ctx: Canvas2D<T>): void {
  ctx.setTransform(1, 0, 0, 1, 0, 0);
}
