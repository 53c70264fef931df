import { describe, expect, it } from 'vitest';
import { buildScene, frameCount } from './build-scene.ts';
import { makeSceneInput } from './scene-input.factory.ts';
import { coverSeconds, evaluate, frameStates, largestPanelScales, phasesFor } from './timeline.ts';

const baseInput = makeSceneInput({
  faceCenter: { x: 400, y: 420 },
  treatedArea: { x: 300, y: 500, width: 200, height: 150 },
  options: { emphasisEffect: 'none', template: 'reveal' },
});

describe('timeline', () => {
  it('runs 8 s at 30 fps', () => {
    expect(frameCount(buildScene(baseInput))).toBe(240);
  });

  it('opens on the before photo and ends the reveal on the after photo', () => {
    const scene = buildScene(baseInput);
    const afterOnFirst = evaluate(scene, 0).panels.find((panel) => panel.which === 'after');
    expect(afterOnFirst?.clip.width).toBe(0);
    const beforeLater = evaluate(scene, 3).panels.find((panel) => panel.which === 'before');
    expect(beforeLater?.clip.width).toBeCloseTo(0, 5);
  });

  it('picks the format’s default template when none is given', () => {
    const input = makeSceneInput({ options: { aspect: '9:16', template: undefined } });
    expect(buildScene(input).template).toBe('reveal');
    expect(buildScene(makeSceneInput({ options: { aspect: '1:1' } })).template).toBe('split');
  });

  it('pushes in further with the subtle zoom', () => {
    // Photos with pixels to spare, so the push is not held back by the 2× limit.
    const large = {
      ...baseInput,
      beforeSize: { width: 4000, height: 3000 },
      afterSize: { width: 4000, height: 3000 },
      treatedArea: null,
    };
    const at = (emphasisEffect: 'none' | 'subtle_zoom') => {
      const scene = buildScene({ ...large, options: { ...baseInput.options, emphasisEffect } });
      return evaluate(scene, phasesFor(scene).endCardStart - 1.6).panels[0]!.view.width;
    };
    const start = evaluate(buildScene(large), 0).panels[0]!.view.width;
    expect(at('none')).toBeLessThan(start);
    expect(at('subtle_zoom')).toBeLessThan(at('none'));
  });

  it('highlights the treated area only with hand_gesture, once the after photo shows', () => {
    const scene = buildScene({
      ...baseInput,
      options: { ...baseInput.options, emphasisEffect: 'hand_gesture' },
    });
    expect(evaluate(scene, 0.5).highlight).toBeNull();
    expect(evaluate(scene, 3.5).highlight?.opacity).toBeGreaterThan(0.9);
    expect(evaluate(buildScene(baseInput), 3.5).highlight).toBeNull();
  });

  it('stretches the transitions when slow and tightens them when fast', () => {
    const wipeDoneAt = (motionSpeed: 'slow' | 'normal' | 'fast') => {
      const scene = buildScene({ ...baseInput, options: { ...baseInput.options, motionSpeed } });
      const moments = Array.from({ length: 80 }, (_unused, index) => index / 10);
      const started = moments.find((moment) => evaluate(scene, moment).divider !== null)!;
      return (
        moments.find((moment) => moment > started && evaluate(scene, moment).divider === null) ??
        Infinity
      );
    };
    expect(wipeDoneAt('slow')).toBeGreaterThan(wipeDoneAt('normal'));
    expect(wipeDoneAt('fast')).toBeLessThan(wipeDoneAt('normal'));
  });

  it('fades in the end card for the last 1.6 s, after the comparison text has gone', () => {
    const scene = buildScene(baseInput);
    expect(evaluate(scene, 6.3).endCard).toBeNull();
    expect(evaluate(scene, 7.9).endCard?.opacity).toBe(1);
    // Nothing of the comparison's caption is left once the card starts, so it never shows twice.
    expect(evaluate(scene, phasesFor(scene).endCardStart + 0.1).texts).toEqual([]);
  });

  it('takes the cover from the proof: both photos with their badges', () => {
    const scene = buildScene(baseInput);
    const cover = evaluate(scene, coverSeconds(scene));
    expect(cover.endCard).toBeNull();
    expect(cover.labels.map((label) => label.text)).toEqual(['BEFORE', 'AFTER']);
  });

  it('knows the largest size each panel is shown at', () => {
    const scales = largestPanelScales(buildScene(baseInput));
    expect(scales.before).toBeGreaterThan(0);
    expect(scales.before).toBeLessThanOrEqual(2);
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

describe('frameStates', () => {
  it('is every frame evaluated at its own moment, once per scene, and cannot be changed', () => {
    const scene = buildScene(
      makeSceneInput({ faceCenter: { x: 400, y: 420 }, options: { template: 'split' } }),
    );
    const states = frameStates(scene);
    expect(states).toHaveLength(frameCount(scene));
    for (const [frame, state] of states.entries())
      expect(state).toEqual(evaluate(scene, frame / scene.fps));
    expect(frameStates(scene)).toBe(states);
    expect(Object.isFrozen(states)).toBe(true);
    // Another scene object, even an equal one, gets its own states.
    expect(frameStates({ ...scene })).not.toBe(states);
  });
});
