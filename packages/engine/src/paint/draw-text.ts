import type { Typeface } from '@glowreel/contracts';
import { fontSpec, type Canvas2D } from './canvas.ts';
import { clipToRect, resetTransform, roundedRectPath } from './draw-shapes.ts';
import type { FrameState, LabelState } from '../plan/timeline.ts';

/** `typeface` is the brand kit's (Scene.branding.typeface); omitted = the default, Inter. */
export function drawLabel<T>(ctx: Canvas2D<T>, label: LabelState, typeface?: Typeface): void {
  if (label.clip.width <= 0 || label.opacity <= 0) return;
  ctx.save();
  resetTransform(ctx);
  clipToRect(ctx, label.clip);
  ctx.globalAlpha = label.opacity;
  ctx.font = fontSpec(700, label.fontSize, typeface);
  const padX = label.fontSize * 0.55;
  const padY = label.fontSize * 0.32;
  const textWidth = ctx.measureText(label.text).width;
  const boxWidth = textWidth + padX * 2;
  const boxHeight = label.fontSize + padY * 2;
  const boxX = label.align === 'left' ? label.x : label.x - boxWidth;
  roundedRectPath(ctx, { x: boxX, y: label.y, width: boxWidth, height: boxHeight }, boxHeight / 2);
  ctx.fillStyle = 'rgba(15, 23, 42, 0.72)';
  ctx.fill();
  ctx.fillStyle = '#ffffff';
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.fillText(label.text, boxX + padX, label.y + boxHeight / 2);
  ctx.restore();
}

export function drawCaption<T>(
  ctx: Canvas2D<T>,
  caption: NonNullable<FrameState['caption']>,
  color: string,
  typeface?: Typeface,
): void {
  ctx.save();
  resetTransform(ctx);
  ctx.globalAlpha = caption.opacity;
  ctx.font = fontSpec(400, caption.fontSize, typeface);
  ctx.fillStyle = color;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'bottom';
  ctx.fillText(caption.text, caption.x, caption.y);
  ctx.restore();
}

export function drawDivider<T>(
  ctx: Canvas2D<T>,
  divider: NonNullable<FrameState['divider']>,
  accent: string,
  fontSize: number,
): void {
  ctx.save();
  resetTransform(ctx);
  ctx.globalAlpha = divider.opacity;
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = Math.max(2, fontSize * 0.1);
  ctx.beginPath();
  ctx.moveTo(divider.x, divider.top);
  ctx.lineTo(divider.x, divider.bottom);
  ctx.stroke();
  const handleRadius = fontSize * 0.7;
  ctx.beginPath();
  ctx.arc(divider.x, (divider.top + divider.bottom) / 2, handleRadius, 0, Math.PI * 2);
  ctx.fillStyle = accent;
  ctx.fill();
  ctx.stroke();
  ctx.restore();
}

export function drawHighlight<T>(
  ctx: Canvas2D<T>,
  highlight: NonNullable<FrameState['highlight']>,
  accent: string,
): void {
  if (highlight.opacity <= 0) return;
  ctx.save();
  resetTransform(ctx);
  ctx.globalAlpha = highlight.opacity;
  ctx.strokeStyle = accent;
  ctx.lineWidth = highlight.lineWidth;
  ctx.shadowColor = accent;
  ctx.shadowBlur = highlight.lineWidth * 4;
  ctx.beginPath();
  ctx.ellipse(
    highlight.center.x,
    highlight.center.y,
    highlight.radiusX,
    highlight.radiusY,
    0,
    0,
    Math.PI * 2,
  );
  ctx.stroke();
  ctx.restore();
}
