// Test factory: a plausible upright face whose eyes and box can be overridden.
import type { FaceLandmarks } from './face-types.ts';

export function makeFace(overrides: Partial<FaceLandmarks> = {}): FaceLandmarks {
  return {
    box: { x: 200, y: 150, width: 300, height: 300 },
    leftEye: { x: 290, y: 260 },
    rightEye: { x: 410, y: 260 },
    score: 0.95,
    mesh: [],
    ...overrides,
  };
}
