// Each template says when its faces move: a panel's face motion runs only while that photo is
// whole on screen (an after smile never starts before the after photo appears) and is done
// before the end card.
import {
  ASPECTS,
  MOTION_SPEEDS,
  PRIMARY_ANIMATIONS,
  TEMPLATES,
  outputSizeFor,
  type Aspect,
  type MotionSpeed,
  type PrimaryAnimation,
  type Template,
} from '@glowreel/contracts';
import { describe, expect, it } from 'vitest';
import { makeMeshFace } from '../../faces/face-landmarks.factory.ts';
import { buildScene } from '../build-scene.ts';
import type { PanelState } from '../frame-state.ts';
import { makeSceneInput } from '../scene-input.factory.ts';
import { evaluate, phasesFor } from '../timeline.ts';
import { motionSpans } from './beats.ts';

function sceneFor(
  template: Template,
  aspect: Aspect,
  primaryAnimation: PrimaryAnimation,
  motionSpeed: MotionSpeed = 'normal',
) {
  const face = makeMeshFace(450, 470, 150);
  return buildScene(
    makeSceneInput({
      size: outputSizeFor('pro', aspect),
      beforeSize: { width: 900, height: 1125 },
      afterSize: { width: 900, height: 1125 },
      faces: { before: face, after: face },
      options: { template, aspect, primaryAnimation, motionSpeed, emphasisEffect: 'none' },
    }),
  );
}

/** The panel's face is on screen, unclipped: the whole photo slot is painted. */
function wholeOnScreen(panels: PanelState[], which: 'before' | 'after'): boolean {
  const shown = panels.find((panel) => panel.which === which);
  return shown !== undefined && shown.clip.width >= shown.rect.width - 0.5;
}

const FPS = 30;

describe.each(TEMPLATES)('face motion in the %s template', (template) => {
  it.each(ASPECTS)('moves a face only while its photo is whole on screen (%s)', (aspect) => {
    for (const animation of PRIMARY_ANIMATIONS) {
      for (const speed of MOTION_SPEEDS) {
        const scene = sceneFor(template, aspect, animation, speed);
        const which = animation === 'animate_before_head_turn' ? 'before' : 'after';
        expect(scene.faceMotion[which], `${animation}`).not.toBeNull();
        // A face may only change between two consecutive frames that both show it whole: a
        // motion that ran while the photo was hidden shows as a jump when it returns.
        let moving = 0;
        let lastSeen: { frame: number; face: string; whole: boolean } | null = null;
        for (let frame = 0; frame < scene.durationSeconds * FPS; frame += 1) {
          const t = frame / FPS;
          const state = evaluate(scene, t);
          const shown = state.panels.find((panel) => panel.which === which);
          if (!shown) continue;
          const face = JSON.stringify(shown.face);
          const whole = wholeOnScreen(state.panels, which);
          if (lastSeen && face !== lastSeen.face) {
            moving += 1;
            const at = `${animation} ${speed} at frame ${frame}`;
            expect(lastSeen.frame, at).toBe(frame - 1);
            expect(whole && lastSeen.whole, at).toBe(true);
            expect(t, at).toBeLessThanOrEqual(phasesFor(scene).endCardStart);
          }
          lastSeen = { frame, face, whole };
        }
        // The plan's span itself lies where the photo is whole on screen.
        const span = motionSpans(template, phasesFor(scene))[which];
        for (let t = span.start; t < span.end; t += 1 / FPS) {
          expect(wholeOnScreen(evaluate(scene, t).panels, which), `${speed} span at ${t}`).toBe(
            true,
          );
        }
        expect(moving, `${animation} ${speed}`).toBeGreaterThan(10);
      }
    }
  });

  it('starts the after photo still, and moves it only from its own span on', () => {
    const scene = sceneFor(template, '9:16', 'animate_after_smile');
    const span = motionSpans(template, phasesFor(scene)).after;
    const smileAt = (t: number) =>
      evaluate(scene, t).panels.find((panel) => panel.which === 'after')?.face?.smile ?? 0;
    expect(smileAt(Math.max(0, span.start - 0.05))).toBe(0);
    expect(smileAt(span.end)).toBe(1);
    for (let t = 0; t < span.start; t += 1 / FPS) expect(smileAt(t)).toBe(0);
  });
});

describe('the Story template', () => {
  it('plays the after smile only once the after photo is on screen', () => {
    const scene = sceneFor('story', '9:16', 'animate_after_smile');
    for (let frame = 0; frame < 8 * FPS; frame += 1) {
      const state = evaluate(scene, frame / FPS);
      const after = state.panels.find((panel) => panel.which === 'after');
      if (!after) continue;
      const firstShown = frame;
      // The first frame the after photo is on screen shows its face as photographed.
      expect(after.face?.smile, `frame ${firstShown}`).toBe(0);
      return;
    }
    throw new Error('the after photo never showed');
  });
});

describe('the Split template', () => {
  it.each(MOTION_SPEEDS)(
    'keeps its panels still while an expression eases in, then pushes in (%s)',
    (speed) => {
      for (const animation of ['animate_after_smile', 'animate_after_surprise'] as const) {
        const scene = sceneFor('split', '16:9', animation, speed);
        const viewAt = (t: number) => JSON.stringify(evaluate(scene, t).panels.map((p) => p.view));
        const amountAt = (t: number) => {
          const face = evaluate(scene, t).panels.find((panel) => panel.which === 'after')?.face;
          return animation === 'animate_after_smile' ? (face?.smile ?? 0) : (face?.surprise ?? 0);
        };
        const still = viewAt(0);
        let easing = 0;
        for (let frame = 0; frame < scene.durationSeconds * FPS; frame += 1) {
          const t = frame / FPS;
          const amount = amountAt(t);
          if (amount > 0 && amount < 1) {
            easing += 1;
            expect(viewAt(t), `${animation} ${speed} at frame ${frame}`).toBe(still);
          }
        }
        expect(easing, `${animation} ${speed}`).toBeGreaterThan(10);
        // The push-in still happens, and is done by the end card.
        expect(viewAt(phasesFor(scene).endCardStart)).not.toBe(still);
      }
    },
  );
});
