import { writeFile } from 'node:fs/promises';
import { createCanvas } from '@napi-rs/canvas';
import {
  DEFAULT_TYPEFACE,
  GENERATED_MOTION_LABEL,
  type Aspect,
  type Typeface,
} from '@glowreel/contracts';
import type { Rect } from '../geometry.ts';
import { fontSpec } from '../paint/canvas.ts';
import { safeArea } from '../plan/layout.ts';
import { minLegibleFontSize } from '../text/cap-height.ts';
import { registerEngineFonts } from './fonts.ts';

export interface GeneratedMotionOverlay {
  /** The "After" label, the "AI-generated motion" label and the disclosure, in frame pixels. */
  afterLabel: Rect;
  generatedLabel: Rect;
  disclosure: Rect | null;
}

/**
 * The still drawn over every generated frame (issue #20): the template's "After" label and the
 * permanent "AI-generated motion" label under it, both in the format's safe area (clear of the
 * Reels/TikTok buttons in 9:16), on tinted pills so they read over any picture.
 */
export async function writeGeneratedMotionOverlay(options: {
  width: number;
  height: number;
  aspect: Aspect;
  outputPath: string;
  typeface?: Typeface | null;
  /** The disclosure caption the template shows under the photos; null: none. */
  disclosure?: string | null;
}): Promise<GeneratedMotionOverlay> {
  registerEngineFonts();
  const { width, height } = options;
  const typeface = options.typeface ?? DEFAULT_TYPEFACE;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const safe = safeArea({ width, height }, options.aspect);
  // The generated label is never smaller than legible text, however narrow the frame.
  const size = Math.max(
    minLegibleFontSize(height, typeface),
    Math.round(Math.min(width, height) * 0.04),
  );
  const padX = Math.round(size * 0.6);
  const padY = Math.round(size * 0.35);
  const gap = Math.round(size * 0.4);
  const pill = (text: string, weight: 400 | 700, x: number | 'centre', y: number): Rect => {
    ctx.font = fontSpec(weight, size, typeface);
    const textWidth = Math.min(ctx.measureText(text).width, safe.width - 2 * padX);
    const width = Math.ceil(textWidth + 2 * padX);
    const rect = {
      x: x === 'centre' ? Math.round(safe.x + (safe.width - width) / 2) : x,
      y,
      width,
      height: Math.ceil(size * 1.2 + 2 * padY),
    };
    ctx.fillStyle = 'rgba(12, 12, 16, 0.72)';
    ctx.beginPath();
    ctx.roundRect(rect.x, rect.y, rect.width, rect.height, Math.round(rect.height / 2));
    ctx.fill();
    ctx.fillStyle = '#ffffff';
    ctx.textBaseline = 'middle';
    ctx.fillText(text, rect.x + padX, rect.y + rect.height / 2, textWidth);
    return rect;
  };
  // Worded as the template's own label over the after photo.
  const afterLabel = pill('AFTER', 700, Math.round(safe.x), Math.round(safe.y));
  const generatedLabel = pill(
    GENERATED_MOTION_LABEL,
    700,
    Math.round(safe.x),
    afterLabel.y + afterLabel.height + gap,
  );
  // The disclosure stays on screen over the generated seconds too, at the safe area's foot.
  const pillHeight = afterLabel.height;
  const disclosure = options.disclosure
    ? pill(options.disclosure, 400, 'centre', Math.round(safe.y + safe.height - pillHeight))
    : null;
  await writeFile(options.outputPath, await canvas.encode('png'));
  return { afterLabel, generatedLabel, disclosure };
}
