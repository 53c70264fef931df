import { describe, expect, it } from 'vitest';
import { buildScene, frameCount } from './build-scene.ts';
import { evaluate, phasesFor } from './timeline.ts';

const baseInput = {
  size: { width: 1280, height: 720 },
  options: {
    primaryAnimation: 'animate_before_head_turn',
    emphasisEffect: 'none',
    motionSpeed: 'normal',
    aspect: '16:9',
  },
  beforeSize: { width: 800, height: 1000 },
  afterSize: { width: 800, height: 1000 },
  alignment: null,
  faceCenter: { x: 400, y: 420 },
  treatedArea: { x: 300, y: 500, width: 200, height: 150 },
  branding: { clinicName: 'Lumen Aesthetics' },
} as const;

describe('timeline', () => {
  it('runs 8 s at 30 fps', () => {
    expect(frameCount(buildScene(baseInput))).toBe(240);
  });

  it('opens on the before photo and ends the reveal on the after photo', () => {
    const scene = buildScene(baseInput);
    const phases = phasesFor(scene);
    const first = evaluate(scene, 0);
    const afterOnFirst = first.panels.find((panel) => panel.which === 'after');
    expect(afterOnFirst?.clip.width).toBe(0);
    const wipeDone = evaluate(scene, phases.wipeEnd + 0.01);
    const beforeAtWipeEnd = wipeDone.panels.find((panel) => panel.which === 'before');
    expect(beforeAtWipeEnd?.clip.width).toBeCloseTo(0, 5);
  });

  it('places both labelled panels side by side after the reveal, and stacks them for 9:16', () => {
    const wide = buildScene(baseInput);
    const state = evaluate(wide, phasesFor(wide).splitEnd + 0.1);
    const [before, after] = state.panels;
    expect(before && after && before.rect.x + before.rect.width <= after.rect.x).toBe(true);
    expect(state.labels.map((label) => label.text)).toEqual(['BEFORE', 'AFTER']);

    const tall = buildScene({
      ...baseInput,
      size: { width: 720, height: 1280 },
      options: { ...baseInput.options, aspect: '9:16' },
    });
    const tallState = evaluate(tall, phasesFor(tall).splitEnd + 0.1);
    const [top, bottom] = tallState.panels;
    expect(top && bottom && top.rect.y + top.rect.height <= bottom.rect.y).toBe(true);
    // Everything stays inside the vertical safe zone.
    for (const panel of tallState.panels) {
      expect(panel.rect.y).toBeGreaterThanOrEqual(1280 * 0.12 - 0.5);
      expect(panel.rect.y + panel.rect.height).toBeLessThanOrEqual(1280 * 0.78 + 0.5);
    }
  });

  it('pushes in by 5% with subtle_zoom and not otherwise', () => {
    const zoomed = buildScene({
      ...baseInput,
      options: { ...baseInput.options, emphasisEffect: 'subtle_zoom' },
    });
    const plain = buildScene(baseInput);
    const t = phasesFor(zoomed).endCardStart;
    expect(evaluate(zoomed, 0).panels[0]?.zoom).toBe(1);
    expect(evaluate(zoomed, t).panels[0]?.zoom).toBeCloseTo(1.05, 5);
    expect(evaluate(plain, t).panels[0]?.zoom).toBe(1);
  });

  it('highlights the treated area only with hand_gesture, after the panels settle', () => {
    const scene = buildScene({
      ...baseInput,
      options: { ...baseInput.options, emphasisEffect: 'hand_gesture' },
    });
    const phases = phasesFor(scene);
    expect(evaluate(scene, 0.5).highlight).toBeNull();
    const lit = evaluate(scene, phases.splitEnd + 0.5).highlight;
    expect(lit?.opacity).toBeGreaterThan(0.9);
    expect(evaluate(buildScene(baseInput), phases.splitEnd + 0.5).highlight).toBeNull();
  });

  it('stretches the reveal when slow and tightens it when fast', () => {
    const phasesAt = (motionSpeed: 'slow' | 'normal' | 'fast') =>
      phasesFor(buildScene({ ...baseInput, options: { ...baseInput.options, motionSpeed } }));
    expect(phasesAt('slow').wipeEnd).toBeGreaterThan(phasesAt('normal').wipeEnd);
    expect(phasesAt('fast').wipeEnd).toBeLessThan(phasesAt('normal').wipeEnd);
    expect(phasesAt('slow').endCardStart).toBe(phasesAt('fast').endCardStart);
  });

  it('fades in the end card for the last 1.6 s', () => {
    const scene = buildScene(baseInput);
    expect(evaluate(scene, 6.3).endCard).toBeNull();
    expect(evaluate(scene, 7.9).endCard?.opacity).toBe(1);
  });

  it('uses the default disclosure unless the clinic edits it', () => {
    expect(buildScene(baseInput).branding.disclosure).toBe('Individual results may vary');
    expect(
      buildScene({
        ...baseInput,
        branding: { clinicName: 'A', disclosure: 'Results from 2 sessions' },
      }).branding.disclosure,
    ).toBe('Results from 2 sessions');
  });
});
