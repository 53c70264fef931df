// Everything drawOverlays paints must lie inside overlayBoxes: the compositor reads and lays over
// only those parts of the overlay layer, so paint outside them would be lost. Checked on every
// distinct overlay state of every template in every format, with a logo on the end card, with
// the end card's backdrop painted and left to the compositor.
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { TEMPLATES } from '@glowreel/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Canvas2D } from '../../paint/canvas.ts';
import { drawOverlays } from '../../paint/draw.ts';
import { frameStates } from '../../plan/timeline.ts';
import { rasterToCanvas } from '../canvas-renderer.ts';
import { createRaster } from '../../raster.ts';
import { registerEngineFonts } from '../fonts.ts';
import { loadSampleFace, sampleScene, type SampleFace } from './compositor.testing.ts';
import { overlayBoxes } from './overlay-boxes.ts';

let sample: SampleFace;

beforeAll(async () => {
  registerEngineFonts();
  sample = await loadSampleFace();
});

/** A dark logo with a transparent border, as clinics upload them. */
function logoCanvas(): Canvas {
  const logo = createRaster(120, 60);
  for (let y = 10; y < 50; y += 1) {
    for (let x = 10; x < 110; x += 1) logo.data.set([20, 30, 40, 255], (y * 120 + x) * 4);
  }
  return rasterToCanvas(logo);
}

describe('overlay boxes', () => {
  const cases = TEMPLATES.flatMap((template) =>
    (['16:9', '9:16', '1:1'] as const).map((aspect) => [template, aspect] as const),
  );

  it.each(cases)('hold every pixel the overlays of %s in %s paint', (template, aspect) => {
    const scene = sampleScene(sample, template, aspect, 'animate_after_smile', { hasLogo: true });
    const canvas = createCanvas(scene.width, scene.height);
    const context = canvas.getContext('2d') as unknown as Canvas2D<Canvas>;
    const logo = logoCanvas();
    const assets = { before: logo, after: logo, logo, scale: { before: 1, after: 1 } };
    const seen = new Set<string>();
    let checked = 0;
    for (const state of frameStates(scene)) {
      for (const endCardBackdrop of [true, false]) {
        const key = JSON.stringify([
          state.highlight,
          state.divider,
          state.labels,
          state.texts,
          state.endCard,
          endCardBackdrop,
        ]);
        if (seen.has(key)) continue;
        seen.add(key);
        context.setTransform(1, 0, 0, 1, 0, 0);
        context.clearRect(0, 0, scene.width, scene.height);
        drawOverlays(context, scene, state, assets, {
          logoSize: { width: 120, height: 60 },
          endCardBackdrop,
        });
        const boxes = overlayBoxes(scene, state, endCardBackdrop);
        const { data } = canvas.getContext('2d').getImageData(0, 0, scene.width, scene.height);
        let outside = 0;
        let painted = 0;
        for (let y = 0; y < scene.height; y += 1) {
          for (let x = 0; x < scene.width; x += 1) {
            if ((data[(y * scene.width + x) * 4 + 3] ?? 0) === 0) continue;
            painted += 1;
            const held = boxes.some(
              (box) => x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height,
            );
            if (!held) outside += 1;
          }
        }
        expect(outside).toBe(0);
        if (painted > 0) checked += 1;
      }
    }
    // Badges, texts and the end card all drew something in the states checked.
    expect(checked).toBeGreaterThan(5);
  });

  it('are disjoint whole-pixel rectangles inside the frame', () => {
    const scene = sampleScene(sample, 'reveal', '9:16', 'animate_after_smile', { hasLogo: true });
    for (const state of frameStates(scene)) {
      const boxes = overlayBoxes(scene, state, false);
      for (const [i, box] of boxes.entries()) {
        expect(Number.isInteger(box.x) && Number.isInteger(box.width)).toBe(true);
        expect(box.x >= 0 && box.y >= 0).toBe(true);
        expect(box.x + box.width <= scene.width && box.y + box.height <= scene.height).toBe(true);
        for (const other of boxes.slice(i + 1)) {
          const apart =
            box.x + box.width <= other.x ||
            other.x + other.width <= box.x ||
            box.y + box.height <= other.y ||
            other.y + other.height <= box.y;
          expect(apart).toBe(true);
        }
      }
    }
  });
});
