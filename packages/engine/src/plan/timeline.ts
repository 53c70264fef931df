import type { Rect } from '../geometry.ts';
import { frameCount } from './build-scene.ts';
import { phasesFor, type FrameState } from './frame-state.ts';
import type { Scene } from './scene.ts';
import { TEMPLATE_PLANS } from './templates/index.ts';

export {
  phasesFor,
  type FrameState,
  type LabelState,
  type PanelState,
  type Phases,
  type TextRole,
  type TextState,
} from './frame-state.ts';

/** Two frames with equal keys have equal timeline states, so they paint the same pixels. */
export function frameStateKey(state: FrameState): string {
  return JSON.stringify(state);
}

/**
 * The state of the video at time t (seconds): a pure function of the scene, computable for
 * any frame on its own, so the preview and the render agree frame for frame.
 */
export function evaluate(scene: Scene, t: number): FrameState {
  return TEMPLATE_PLANS[scene.template](scene, t);
}

const statesByScene = new WeakMap<Scene, readonly FrameState[]>();

/**
 * The state of every frame of the video (frame i at i / fps), evaluated once per scene object
 * and shared by whoever walks the frames in one thread (the runs, the photos' shrinking, the
 * painting): a state costs ~0.3–0.6 ms, the texts and badges being placed clear of the faces
 * anew at every moment. The states are shared, so they must not be changed.
 */
export function frameStates(scene: Scene): readonly FrameState[] {
  const known = statesByScene.get(scene);
  if (known) return known;
  const states = Object.freeze(
    Array.from({ length: frameCount(scene) }, (_unused, frame) =>
      evaluate(scene, frame / scene.fps),
    ),
  );
  statesByScene.set(scene, states);
  return states;
}

/**
 * The largest on-screen size of one canonical pixel over the whole video, per panel (for
 * shrinking the photos once to what the frames need). Every frame's state is looked at: exact
 * for any template, and the states are the ones the painting uses.
 */
export function largestPanelScales(scene: Scene): { before: number; after: number } {
  const largest = { before: 0, after: 0 };
  for (const state of frameStates(scene)) {
    for (const panel of state.panels) {
      largest[panel.which] = Math.max(largest[panel.which], scaleOf(panel));
    }
  }
  return largest;
}

function scaleOf(panel: { rect: Rect; view: Rect }): number {
  return panel.rect.width / panel.view.width;
}

/**
 * The cover (poster) moment: the latest moment of the comparison, no later than the proof's
 * own (0.8 s before the end card), that shows both photos with both badges in full, no hook
 * and no wipe under way. A face-filled stacked pair shows its badges and the handle in turns
 * at the seam, so its cover is the badges' last moment rather than the handle's. Without
 * badges (photos whose burned-in labels are kept) it is the proof's moment.
 */
export function coverSeconds(scene: Scene): number {
  const latest = phasesFor(scene).endCardStart - 0.8;
  for (let frame = Math.floor(latest * scene.fps); frame >= 0; frame -= 1) {
    const t = frame / scene.fps;
    if (showsBothWithBadges(evaluate(scene, t))) return t;
  }
  return latest;
}

function showsBothWithBadges(state: FrameState): boolean {
  const full = (text: 'BEFORE' | 'AFTER') =>
    state.labels.some((label) => label.text === text && label.opacity >= 1);
  return (
    state.endCard === null &&
    state.divider === null &&
    state.panels.some((panel) => panel.which === 'before') &&
    state.panels.some((panel) => panel.which === 'after') &&
    !state.texts.some((text) => text.role === 'hook') &&
    full('BEFORE') &&
    full('AFTER')
  );
}
