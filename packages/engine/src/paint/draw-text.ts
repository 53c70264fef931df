import type { Typeface } from '@glowreel/contracts';
import { fontSpec, type Canvas2D } from './canvas.ts';
import { resetTransform, roundedRectPath } from './draw-shapes.ts';
import type { FrameState, LabelState, TextState } from '../plan/timeline.ts';
import { BAND_PAD_EM } from '../plan/fitted-texts.ts';
import { DEFAULT_LINE_HEIGHT } from '../text/fit-text.ts';

/** `typeface` is the brand kit's (Scene.branding.typeface); omitted = the default, Inter. */
export function drawLabel<T>(ctx: Canvas2D<T>, label: LabelState, typeface?: Typeface): void {
  if (label.opacity <= 0) return;
  const { box, fontSize } = label;
  ctx.save();
  resetTransform(ctx);
  ctx.globalAlpha = label.opacity;
  roundedRectPath(ctx, box, box.height / 2);
  ctx.fillStyle = 'rgba(15, 23, 42, 0.72)';
  ctx.fill();
  ctx.font = fontSpec(700, fontSize, typeface);
  ctx.fillStyle = '#ffffff';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const padX = fontSize * 0.55;
  ctx.fillText(label.text, box.x + box.width / 2, box.y + box.height / 2, box.width - padX * 2);
  ctx.restore();
}

const BACKING_FILL = { band: 'rgba(2, 6, 23, 0.62)', plate: 'rgba(2, 6, 23, 0.9)' } as const;

/**
 * A block of centred lines inside its box, on what the plan put behind it (a tinted band over
 * a photo, an opaque plate where it could not keep off a face). The lines were fitted to the
 * box with the bundled fonts' metrics; `maxWidth` only guards the last fraction of a pixel.
 */
export function drawTextBlock<T>(
  ctx: Canvas2D<T>,
  text: TextState,
  color: string,
  typeface?: Typeface,
): void {
  if (text.opacity <= 0) return;
  const { box, fontSize } = text;
  ctx.save();
  resetTransform(ctx);
  ctx.globalAlpha = text.opacity;
  if (text.backing !== 'none') {
    roundedRectPath(ctx, box, fontSize * 0.3);
    ctx.fillStyle = BACKING_FILL[text.backing];
    ctx.fill();
  }
  ctx.font = fontSpec(text.weight, fontSize, typeface);
  ctx.fillStyle = color;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const lineHeight = fontSize * DEFAULT_LINE_HEIGHT;
  const maxWidth = Math.max(1, box.width - fontSize * BAND_PAD_EM * 2);
  text.lines.forEach((line, index) => {
    const y = box.y + fontSize * 0.25 + lineHeight * (index + 0.5);
    ctx.fillText(line, box.x + box.width / 2, y, maxWidth);
  });
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
