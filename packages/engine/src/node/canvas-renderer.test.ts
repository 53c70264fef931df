import { describe, expect, it } from 'vitest';
import { buildScene, frameCount } from '../plan/build-scene.ts';
import type { Rect } from '../geometry.ts';
import { computeLayout } from '../plan/layout.ts';
import { createRaster, type Raster } from '../raster.ts';
import { DEFAULT_COLORS } from '../plan/scene.ts';
import { evaluate, phasesFor } from '../plan/timeline.ts';
import { createFrameRenderer } from './canvas-renderer.ts';

function solidPanel(width: number, height: number, rgb: [number, number, number]): Raster {
  const raster = createRaster(width, height);
  for (let i = 0; i < raster.data.length; i += 4) {
    raster.data[i] = rgb[0];
    raster.data[i + 1] = rgb[1];
    raster.data[i + 2] = rgb[2];
    raster.data[i + 3] = 255;
  }
  return raster;
}

function meanColor(frame: Raster, rect: Rect): [number, number, number] {
  const sums = [0, 0, 0];
  let count = 0;
  for (let y = Math.ceil(rect.y); y < Math.floor(rect.y + rect.height); y += 2) {
    for (let x = Math.ceil(rect.x); x < Math.floor(rect.x + rect.width); x += 2) {
      const i = (y * frame.width + x) * 4;
      for (let c = 0; c < 3; c += 1) sums[c] = (sums[c] ?? 0) + (frame.data[i + c] ?? 0);
      count += 1;
    }
  }
  return sums.map((sum) => sum / count) as [number, number, number];
}

/** Pixels of `rect` that are not the plain panel colour (a badge's plate or lettering). */
function inkPixels(frame: Raster, rect: Rect, panel: [number, number, number]): number {
  let count = 0;
  for (let y = Math.ceil(rect.y); y < Math.floor(rect.y + rect.height); y += 1) {
    for (let x = Math.ceil(rect.x); x < Math.floor(rect.x + rect.width); x += 1) {
      const i = (y * frame.width + x) * 4;
      if (panel.some((value, c) => Math.abs((frame.data[i + c] ?? 0) - value) > 40)) count += 1;
    }
  }
  return count;
}

function inset(rect: Rect, share: number): Rect {
  return {
    x: rect.x + rect.width * share,
    y: rect.y + rect.height * share,
    width: rect.width * (1 - 2 * share),
    height: rect.height * (1 - 2 * share),
  };
}

const BEFORE_RGB: [number, number, number] = [200, 60, 50];
const AFTER_RGB: [number, number, number] = [40, 90, 210];

describe('frames drawn by the server renderer', () => {
  const before = solidPanel(600, 800, BEFORE_RGB);
  const after = solidPanel(600, 800, AFTER_RGB);
  const scene = buildScene({
    size: { width: 1280, height: 720 },
    options: {
      primaryAnimation: 'animate_before_head_turn',
      emphasisEffect: 'none',
      motionSpeed: 'normal',
      aspect: '16:9',
      template: 'reveal',
    },
    beforeSize: before,
    afterSize: after,
    alignment: null,
    faceCenter: null,
    treatedArea: null,
    branding: { clinicName: 'Lumen Aesthetics', contact: '555-0100', treatmentTitle: 'Lip Refill' },
  });
  const renderer = createFrameRenderer(scene, { before, after, logo: null });
  const layout = computeLayout(scene, scene.aspect);
  const stageAt = (t: number) => evaluate(scene, t).panels[0]!.rect;
  // The middle of the stage, clear of the labels, the texts and the wipe handle.
  const stageCore = inset(stageAt(0), 0.3);

  const distance = (a: number[], b: number[]) =>
    Math.max(...a.map((value, i) => Math.abs(value - (b[i] ?? 0))));

  it('opens on the before photo', () => {
    expect(distance(meanColor(renderer.frameRaster(0), stageCore), BEFORE_RGB)).toBeLessThan(3);
  });

  it('shows the after photo once the reveal has finished', () => {
    const frame = Math.ceil(3.2 * scene.fps);
    // Portrait photos in 16:9 reveal the after in the second of two slots.
    const after = evaluate(scene, frame / scene.fps).panels.find(
      (panel) => panel.which === 'after',
    );
    expect(
      distance(meanColor(renderer.frameRaster(frame), inset(after!.rect, 0.3)), AFTER_RGB),
    ).toBeLessThan(3);
  });

  it('places before and after side by side, each in its own slot, before the end card', () => {
    const t = phasesFor(scene).endCardStart - 0.5;
    const frame = renderer.frameRaster(Math.round(t * scene.fps));
    const [beforeSlot, afterSlot] = evaluate(scene, t).panels.map((panel) => panel.rect);
    expect(beforeSlot!.x + beforeSlot!.width).toBeLessThanOrEqual(afterSlot!.x);
    expect(distance(meanColor(frame, inset(beforeSlot!, 0.3)), BEFORE_RGB)).toBeLessThan(3);
    expect(distance(meanColor(frame, inset(afterSlot!, 0.3)), AFTER_RGB)).toBeLessThan(3);
  });

  it('leaves its own badges out when the photos carry burned-in labels', () => {
    const at = Math.round((phasesFor(scene).endCardStart - 0.5) * scene.fps);
    const label = evaluate(scene, at / scene.fps).labels.find((shown) => shown.text === 'BEFORE');
    expect(label).toBeDefined();
    if (!label) return;
    const underBadge = label.box;
    const hidden = createFrameRenderer(
      { ...scene, hideLabels: true },
      { before, after, logo: null },
    );
    expect(inkPixels(renderer.frameRaster(at), underBadge, BEFORE_RGB)).toBeGreaterThan(200);
    expect(inkPixels(hidden.frameRaster(at), underBadge, BEFORE_RGB)).toBe(0);
  });

  it('reads a frame into a buffer in stripes with the same bytes as one read-out', () => {
    const target = new Uint8Array(scene.width * scene.height * 4);
    for (const frame of [0, 50, frameCount(scene) - 1]) {
      target.fill(7);
      renderer.renderFrameInto(frame, target);
      expect(Buffer.compare(Buffer.from(target), renderer.renderFrame(frame))).toBe(0);
    }
    expect(() => renderer.renderFrameInto(0, new Uint8Array(16))).toThrow(/expected/);
  });

  it('draws the end card text (ink inside the safe box on the plain card)', () => {
    const frame = renderer.frameRaster(frameCount(scene) - 1);
    const background = [15, 23, 42]; // DEFAULT_COLORS.background
    expect(DEFAULT_COLORS.background).toBe('#0f172a');
    let ink = 0;
    const safe = layout.safe;
    for (let y = Math.floor(safe.y); y < safe.y + safe.height; y += 1) {
      for (let x = Math.floor(safe.x); x < safe.x + safe.width; x += 1) {
        const i = (y * frame.width + x) * 4;
        if (Math.abs((frame.data[i] ?? 0) - (background[0] ?? 0)) > 60) ink += 1;
      }
    }
    expect(ink).toBeGreaterThan(2000);
    // And nothing of the photos remains on the card.
    const core = inset(layout.pair.before, 0.45);
    expect(distance(meanColor(frame, core), BEFORE_RGB)).toBeGreaterThan(60);
    expect(distance(meanColor(frame, inset(layout.pair.after, 0.45)), AFTER_RGB)).toBeGreaterThan(
      60,
    );
  });
});

describe('the clinic logo on the end card', () => {
  const LOGO_RGB: [number, number, number] = [250, 200, 20];
  const before = solidPanel(600, 800, BEFORE_RGB);
  const after = solidPanel(600, 800, AFTER_RGB);
  const sceneFor = (hasLogo: boolean) =>
    buildScene({
      size: { width: 1280, height: 720 },
      options: {
        primaryAnimation: 'animate_before_head_turn',
        emphasisEffect: 'none',
        motionSpeed: 'normal',
        aspect: '16:9',
      },
      beforeSize: before,
      afterSize: after,
      alignment: null,
      faceCenter: null,
      treatedArea: null,
      branding: { clinicName: 'Lumen Aesthetics', contact: null, treatmentTitle: null, hasLogo },
    });

  /** Pixels of the logo's colour in the upper part of the card's safe box. */
  function logoPixels(frame: Raster, safe: Rect): number {
    let count = 0;
    for (let y = Math.floor(safe.y); y < safe.y + safe.height * 0.3; y += 1) {
      for (let x = Math.floor(safe.x); x < safe.x + safe.width; x += 1) {
        const i = (y * frame.width + x) * 4;
        const close = [0, 1, 2].every(
          (c) => Math.abs((frame.data[i + c] ?? 0) - (LOGO_RGB[c] ?? 0)) < 12,
        );
        if (close) count += 1;
      }
    }
    return count;
  }

  it('draws a large logo shrunk into the top of the card, keeping its proportions', () => {
    const scene = sceneFor(true);
    const logo = solidPanel(3000, 1000, LOGO_RGB);
    const frame = createFrameRenderer(scene, { before, after, logo }).frameRaster(
      frameCount(scene) - 1,
    );
    const safe = computeLayout(scene, scene.aspect).safe;
    const drawn = logoPixels(frame, safe);
    // A 3:1 logo in a box 20% of the safe height tall: it fills the box's height.
    const boxHeight = safe.height * 0.2;
    const expected = boxHeight * boxHeight * 3;
    expect(drawn).toBeGreaterThan(expected * 0.9);
    expect(drawn).toBeLessThan(expected * 1.1);
  });

  it('draws no logo when the clinic has none', () => {
    const scene = sceneFor(false);
    const frame = createFrameRenderer(scene, { before, after, logo: null }).frameRaster(
      frameCount(scene) - 1,
    );
    expect(logoPixels(frame, computeLayout(scene, scene.aspect).safe)).toBe(0);
  });
});
