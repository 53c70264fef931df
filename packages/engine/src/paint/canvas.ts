import { DEFAULT_TYPEFACE, type Typeface } from '@glowreel/contracts';
import { INTER_FAMILY, TYPEFACE_DEFINITIONS, type FontWeight } from '../text/typefaces.ts';

// The part of the Canvas 2D interface the timeline draws with. Both the browser's
// CanvasRenderingContext2D and @napi-rs/canvas's context satisfy it, which is what lets
// the preview and the server render share one drawing function.
export interface TextMetricsLike {
  width: number;
}

export interface CanvasGradientLike {
  addColorStop(offset: number, color: string): void;
}

export interface Canvas2D<TImage> {
  globalAlpha: number;
  fillStyle: string | object;
  strokeStyle: string | object;
  lineWidth: number;
  font: string;
  textAlign: 'left' | 'right' | 'center' | 'start' | 'end';
  textBaseline: 'top' | 'hanging' | 'middle' | 'alphabetic' | 'ideographic' | 'bottom';
  shadowBlur: number;
  shadowColor: string;
  imageSmoothingEnabled: boolean;
  save(): void;
  restore(): void;
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void;
  beginPath(): void;
  closePath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  arcTo(x1: number, y1: number, x2: number, y2: number, radius: number): void;
  rect(x: number, y: number, width: number, height: number): void;
  arc(x: number, y: number, radius: number, startAngle: number, endAngle: number): void;
  ellipse(
    x: number,
    y: number,
    radiusX: number,
    radiusY: number,
    rotation: number,
    startAngle: number,
    endAngle: number,
  ): void;
  clip(): void;
  fill(): void;
  stroke(): void;
  fillRect(x: number, y: number, width: number, height: number): void;
  clearRect(x: number, y: number, width: number, height: number): void;
  fillText(text: string, x: number, y: number, maxWidth?: number): void;
  measureText(text: string): TextMetricsLike;
  createLinearGradient(x0: number, y0: number, x1: number, y1: number): CanvasGradientLike;
  /** A fill style that paints `image` in user space (face motion texture-maps with it). */
  createPattern(image: TImage, repetition: 'no-repeat'): object | null;
  drawImage(image: TImage, dx: number, dy: number): void;
  drawImage(image: TImage, dx: number, dy: number, dw: number, dh: number): void;
}

/** The family name both sides register the default typeface (Inter) under. */
export const ENGINE_FONT_FAMILY = INTER_FAMILY;

/**
 * The CSS font shorthand the painters and fitText measure with: the bundled family first,
 * its generic fallback after. Sizes are whole pixels so fitted sizes paint as measured.
 */
export function fontSpec(
  weight: FontWeight,
  sizePx: number,
  typeface: Typeface = DEFAULT_TYPEFACE,
): string {
  const { family, fallback } = TYPEFACE_DEFINITIONS[typeface];
  return `${weight} ${Math.round(sizePx)}px "${family}", ${fallback}`;
}
