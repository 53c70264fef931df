// Test factory: a scene input for a 720p side-by-side video of two 800×1000 photos, head turn
// with a subtle zoom, no alignment, no faces; override what a test is about.
import type { SceneInput } from './build-scene.ts';

export function makeSceneInput(
  overrides: Partial<Omit<SceneInput, 'options'>> & {
    options?: Partial<SceneInput['options']>;
  } = {},
): SceneInput {
  const { options, ...rest } = overrides;
  return {
    size: { width: 1280, height: 720 },
    beforeSize: { width: 800, height: 1000 },
    afterSize: { width: 800, height: 1000 },
    alignment: null,
    faceCenter: null,
    treatedArea: null,
    branding: { clinicName: 'Lumen Aesthetics' },
    ...rest,
    options: {
      primaryAnimation: 'animate_before_head_turn',
      emphasisEffect: 'subtle_zoom',
      motionSpeed: 'normal',
      aspect: '16:9',
      ...options,
    },
  };
}
