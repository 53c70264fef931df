import type { Canvas2D } from '../paint/canvas.ts';

/** Width in pixels of `text` drawn with the CSS font shorthand `font` (from fontSpec). */
export type MeasureText = (text: string, font: string) => number;

/**
 * A MeasureText over a real canvas (the browser's or @napi-rs/canvas's), so text is fitted
 * with the very font that paints it. The fonts must be registered (server) or loaded
 * (browser) before the first call: both canvases keep a font they looked up too early.
 */
export function canvasMeasure<T>(ctx: Pick<Canvas2D<T>, 'font' | 'measureText'>): MeasureText {
  // Browsers normalise ctx.font when read back, so remember what we set instead.
  let currentFont: string | null = null;
  return (text, font) => {
    if (currentFont !== font) {
      ctx.font = font;
      currentFont = font;
    }
    return ctx.measureText(text).width;
  };
}
