// Pure checks of every template in every format at many moments: text inside the safe area
// and legible, badges inside it, views inside the photos and never enlarged past 2×, faces
// large in the close-ups, and the same state for a moment whenever it is asked for.
import { ASPECTS, TEMPLATES, outputSizeFor, type Aspect, type Template } from '@glowreel/contracts';
import { describe, expect, it } from 'vitest';
import { makeMeshFace } from '../../faces/face-landmarks.factory.ts';
import type { Rect } from '../../geometry.ts';
import { buildScene } from '../build-scene.ts';
import { fontSpec } from '../../paint/canvas.ts';
import { bundledTextMeasure } from '../../text/bundled-measure.ts';
import { capHeightRatio, MIN_CAP_HEIGHT_RATIO } from '../../text/cap-height.ts';
import { BAND_PAD_EM } from '../fitted-texts.ts';
import { safeArea } from '../layout.ts';
import { makeSceneInput } from '../scene-input.factory.ts';
import { evaluate, frameStateKey } from '../timeline.ts';

const EPSILON = 0.5;
const measure = bundledTextMeasure();
const moments = Array.from({ length: 80 }, (_unused, index) => index * 0.1);

function inside(inner: Rect, outer: Rect): boolean {
  return (
    inner.x >= outer.x - EPSILON &&
    inner.y >= outer.y - EPSILON &&
    inner.x + inner.width <= outer.x + outer.width + EPSILON &&
    inner.y + inner.height <= outer.y + outer.height + EPSILON
  );
}

/** A clinic's portrait pair: 900 × 1125 photos with a face in the upper middle. */
function portraitScene(
  template: Template,
  aspect: Aspect,
  plan: 'free' | 'pro' = 'pro',
  treatedArea: Rect | null = null,
) {
  const face = makeMeshFace(450, 470, 150);
  return buildScene(
    makeSceneInput({
      treatedArea,
      size: outputSizeFor(plan, aspect),
      beforeSize: { width: 900, height: 1125 },
      afterSize: { width: 900, height: 1125 },
      faces: { before: face, after: face },
      branding: {
        clinicName: 'Lumen Aesthetics',
        contact: 'lumenclinic.com',
        treatmentTitle: 'Lip filler · 2 weeks, a long title that has to wrap somewhere',
        disclosure: 'Individual results may vary. Photos unretouched, taken 14 days apart.',
      },
      options: { template, aspect, primaryAnimation: 'animate_after_smile' },
    }),
  );
}

describe.each(TEMPLATES)('the %s template', (template) => {
  it.each(ASPECTS)('keeps every text box and badge inside the %s safe area, legible', (aspect) => {
    const scene = portraitScene(template, aspect);
    const safe = safeArea(scene, aspect);
    if (aspect === '9:16') {
      // Reels and TikTok: nothing in the top 14 %, the bottom 20 % or the right 12 %.
      expect(safe.y).toBeCloseTo(scene.height * 0.14);
      expect(safe.y + safe.height).toBeCloseTo(scene.height * 0.8);
      expect(safe.x + safe.width).toBeCloseTo(scene.width * 0.88);
    }
    let textsSeen = 0;
    for (const t of moments) {
      const state = evaluate(scene, t);
      // The fitted boxes: the comparison's texts and the end card's lines alike.
      for (const text of [...state.texts, ...(state.endCard?.texts ?? [])]) {
        textsSeen += 1;
        expect(inside(text.box, safe), `${text.role} at ${t}s`).toBe(true);
        expect(capHeightRatio(text.fontSize, 'inter', scene.height)).toBeGreaterThanOrEqual(
          MIN_CAP_HEIGHT_RATIO,
        );
        expect(text.lines.length).toBeGreaterThan(0);
        const font = fontSpec(text.weight, text.fontSize, 'inter');
        for (const line of text.lines)
          expect(measure(line, font), `${text.role}: ${line}`).toBeLessThanOrEqual(
            text.box.width - text.fontSize * BAND_PAD_EM * 2 + EPSILON,
          );
      }
      for (const label of state.labels) {
        expect(inside(label.box, safe), `${label.text} at ${t}s`).toBe(true);
        expect(capHeightRatio(label.fontSize, 'inter', scene.height)).toBeGreaterThanOrEqual(
          MIN_CAP_HEIGHT_RATIO,
        );
        expect(measure(label.text, fontSpec(700, label.fontSize, 'inter'))).toBeLessThanOrEqual(
          label.box.width - label.fontSize * 1.1 + EPSILON,
        );
      }
    }
    expect(textsSeen).toBeGreaterThan(0);
  });

  it.each(ASPECTS)(
    'never shows a pixel outside the photos nor enlarges one past 2× (%s)',
    (aspect) => {
      const scene = portraitScene(template, aspect);
      for (const t of moments) {
        for (const panel of evaluate(scene, t).panels) {
          expect(inside(panel.view, scene.coverage)).toBe(true);
          expect(panel.rect.width / panel.view.width).toBeLessThanOrEqual(2 + 1e-9);
          // The view has its rect's shape: nothing is stretched.
          expect(panel.view.width / panel.view.height).toBeCloseTo(
            panel.rect.width / panel.rect.height,
            6,
          );
        }
      }
    },
  );

  it.each(ASPECTS)('shows the face large in its close-ups at 720p (%s)', (aspect) => {
    const scene = portraitScene(template, aspect, 'free');
    const eyes = 150;
    const largest = Math.max(
      ...moments.flatMap((t) =>
        evaluate(scene, t).panels.map((panel) => (eyes * panel.rect.width) / panel.view.width),
      ),
    );
    expect(largest / Math.min(scene.width, scene.height)).toBeGreaterThanOrEqual(0.14);
    // So face motion is applied at 720p, not skipped.
    expect(scene.faceMotion.after?.kind).toBe('smile');
  });

  it('gives the same state for a moment however the frames are visited', () => {
    const scene = portraitScene(template, '9:16');
    const forward = moments.map((t) => frameStateKey(evaluate(scene, t)));
    const backward = [...moments].reverse().map((t) => frameStateKey(evaluate(scene, t)));
    expect(backward.reverse()).toEqual(forward);
  });

  it('ends on the end card and shows both photos together just before it', () => {
    const scene = portraitScene(template, '1:1');
    expect(evaluate(scene, 7.9).endCard?.opacity).toBe(1);
    const proof = evaluate(scene, 5.6);
    expect(proof.panels.map((panel) => panel.which).sort()).toEqual(['after', 'before']);
    expect(proof.labels.map((label) => label.text).sort()).toEqual(['AFTER', 'BEFORE']);
  });
});

describe('the templates', () => {
  it('crop labels burned into the photos off, and keep their own badges', () => {
    const labels = {
      before: { x: 30, y: 30, width: 300, height: 90 },
      after: { x: 30, y: 30, width: 260, height: 90 },
    };
    for (const template of TEMPLATES) {
      const scene = buildScene({
        ...makeSceneInput({ options: { template } }),
        burnedInLabels: labels,
      });
      expect(scene.hideLabels).toBe(false);
      expect(scene.coverage.y).toBeGreaterThanOrEqual(120);
      for (const t of moments) {
        for (const panel of evaluate(scene, t).panels)
          expect(panel.view.y).toBeGreaterThanOrEqual(120);
      }
      expect(moments.flatMap((t) => evaluate(scene, t).labels).length).toBeGreaterThan(0);
    }
  });

  it('leave out our badges when cropping the burned-in labels would cost too much photo', () => {
    const big = { x: 0, y: 300, width: 800, height: 400 };
    for (const template of TEMPLATES) {
      const scene = buildScene({
        ...makeSceneInput({ options: { template } }),
        burnedInLabels: { before: big, after: big },
      });
      expect(scene.hideLabels).toBe(true);
      expect(moments.flatMap((t) => evaluate(scene, t).labels)).toEqual([]);
    }
  });

  it('differ from one another', () => {
    const keys = TEMPLATES.map((template) =>
      frameStateKey(evaluate(portraitScene(template, '16:9'), 1.0)),
    );
    expect(new Set(keys).size).toBe(TEMPLATES.length);
  });
});

// What the picker and the API documentation say each template does (TEMPLATE_DESCRIPTIONS).
describe('each template does what its description says', () => {
  const shownAt = (scene: ReturnType<typeof portraitScene>, t: number) =>
    evaluate(scene, t).panels.filter((panel) => panel.clip.width > 0 && panel.clip.height > 0);
  const whichAt = (scene: ReturnType<typeof portraitScene>, t: number) =>
    [...new Set(shownAt(scene, t).map((panel) => panel.which))].sort();

  it('reveal: the before photo, then a wipe reveals the after (9:16, full frame)', () => {
    const scene = portraitScene('reveal', '9:16');
    expect(whichAt(scene, 0.5)).toEqual(['before']);
    expect(evaluate(scene, 1.9).divider).not.toBeNull();
    expect(whichAt(scene, 1.9)).toEqual(['after', 'before']);
    expect(whichAt(scene, 3.5)).toEqual(['after']);
  });

  it('split: before and after together, then a slow push-in where the faces leave room', () => {
    const scene = portraitScene('split', '9:16');
    const viewAt = (t: number) => shownAt(scene, t).find((panel) => panel.which === 'after')!.view;
    expect(whichAt(scene, 0.5)).toEqual(['after', 'before']);
    expect(whichAt(scene, 5)).toEqual(['after', 'before']);
    expect(viewAt(6.3).width).toBeLessThan(viewAt(1).width);
  });

  it('detail: close-ups of the treated area, before and after in turn (9:16, full frame)', () => {
    // The lips, under the eyes.
    const scene = portraitScene('detail', '9:16', 'pro', {
      x: 380,
      y: 550,
      width: 140,
      height: 70,
    });
    const split = portraitScene('split', '9:16');
    const seen = moments
      .filter((t) => t < 6)
      .map((t) => whichAt(scene, t))
      .filter((which) => which.length === 1)
      .map((which) => which[0]);
    const turns = seen.filter((which, index) => index > 0 && which !== seen[index - 1]).length;
    expect(turns).toBeGreaterThanOrEqual(3);
    // Photo pixels per frame pixel: the close-up enlarges the photo more than the split does.
    const density = (panel: { view: Rect; rect: Rect }) => panel.view.height / panel.rect.height;
    expect(density(shownAt(scene, 0.5)[0]!)).toBeLessThan(density(shownAt(split, 0.5)[0]!));
  });

  it('story: a title card, the before and the after, then the end card', () => {
    const scene = portraitScene('story', '9:16');
    const opening = evaluate(scene, 0.3);
    expect(opening.texts.some((text) => text.role === 'hook' && text.opacity > 0)).toBe(true);
    const shown = new Set(moments.filter((t) => t < 6.5).flatMap((t) => whichAt(scene, t)));
    expect(shown).toEqual(new Set(['before', 'after']));
    expect(evaluate(scene, 7.9).endCard).not.toBeNull();
  });
});
