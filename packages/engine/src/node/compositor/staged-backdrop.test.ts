import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import type { Canvas2D } from '../../paint/canvas.ts';
import { drawBackdrop } from '../../paint/draw-backdrop.ts';
import { DEFAULT_COLORS } from '../../plan/scene.ts';
import { backdropFor, stageBackdrop } from './staged-backdrop.ts';

const frame = { width: 96, height: 54, colors: DEFAULT_COLORS };

describe('the staged backdrop', () => {
  it('holds the backdrop Canvas 2D draws for the frame', () => {
    const canvas = createCanvas(frame.width, frame.height);
    drawBackdrop(canvas.getContext('2d') as unknown as Canvas2D<Canvas>, frame);
    expect(Buffer.compare(Buffer.from(stageBackdrop(frame).pixels), canvas.data())).toBe(0);
  });

  it('is used for the frame it was drawn for, and another is drawn for any other frame', () => {
    const staged = stageBackdrop(frame);
    expect(backdropFor({ ...frame }, staged)).toBe(staged);
    const accent = { ...frame, colors: { ...DEFAULT_COLORS, accent: '#00ff00' } };
    const redrawn = backdropFor(accent, staged);
    expect(redrawn).not.toBe(staged);
    expect(
      Buffer.compare(Buffer.from(redrawn.pixels), Buffer.from(stageBackdrop(accent).pixels)),
    ).toBe(0);
    expect(Buffer.compare(Buffer.from(redrawn.pixels), Buffer.from(staged.pixels))).not.toBe(0);
    expect(backdropFor({ ...frame, width: 98 }, staged).pixels.length).toBe(98 * 54 * 4);
  });
});
