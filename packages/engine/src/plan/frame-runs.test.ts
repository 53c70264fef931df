import { describe, expect, it } from 'vitest';
import { buildScene, frameCount } from './build-scene.ts';
import { frameRuns } from './frame-runs.ts';
import { makeSceneInput } from './scene-input.factory.ts';
import { evaluate, frameStateKey, phasesFor } from './timeline.ts';

const input = makeSceneInput({ faceCenter: { x: 400, y: 420 } });

describe('frameRuns', () => {
  const scene = buildScene(input);
  const runs = frameRuns(scene);

  it('covers every frame exactly once, in order', () => {
    let next = 0;
    for (const run of runs) {
      expect(run.firstFrame).toBe(next);
      expect(run.length).toBeGreaterThan(0);
      next += run.length;
    }
    expect(next).toBe(frameCount(scene));
  });

  it('groups only frames whose timeline states are equal', () => {
    for (const run of runs) {
      const key = frameStateKey(evaluate(scene, run.firstFrame / scene.fps));
      for (let frame = run.firstFrame + 1; frame < run.firstFrame + run.length; frame += 1)
        expect(frameStateKey(evaluate(scene, frame / scene.fps))).toBe(key);
    }
    for (const [index, run] of runs.entries()) {
      const next = runs[index + 1];
      if (!next) continue;
      const lastOfRun = run.firstFrame + run.length - 1;
      expect(frameStateKey(evaluate(scene, next.firstFrame / scene.fps))).not.toBe(
        frameStateKey(evaluate(scene, lastOfRun / scene.fps)),
      );
    }
  });

  it('paints the end card once while it holds', () => {
    const endCardHold = Math.ceil((phasesFor(scene).endCardStart + 1) * scene.fps);
    const run = runs.find(
      (candidate) =>
        candidate.firstFrame <= endCardHold &&
        endCardHold < candidate.firstFrame + candidate.length,
    );
    expect(run?.length).toBeGreaterThan(10);
    expect(runs.length).toBeLessThan(frameCount(scene));
  });
});
