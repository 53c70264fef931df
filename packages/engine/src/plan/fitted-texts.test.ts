// Long clinic names, titles and handles: the width estimate the templates wrapped by before
// (0.56 em a character in bold) thinks they fit, the fonts say they do not. Fitted with the
// bundled metrics they shrink to fit their slot or end in "…" — measured here on the render's
// own canvas, never wider than their box, never outside the safe area, never below a cap
// height of 2.5 % of the frame.
import {
  ASPECTS,
  TEMPLATES,
  TYPEFACES,
  outputSizeFor,
  type Aspect,
  type Template,
  type Typeface,
} from '@glowreel/contracts';
import { describe, expect, it } from 'vitest';
import { makeMeshFace } from '../faces/face-landmarks.factory.ts';
import type { Rect } from '../geometry.ts';
import { createNodeTextMeasure } from '../node/fonts.ts';
import { fontSpec } from '../paint/canvas.ts';
import { capHeightRatio, MIN_CAP_HEIGHT_RATIO } from '../text/cap-height.ts';
import { ELLIPSIS } from '../text/wrap-words.ts';
import { buildScene } from './build-scene.ts';
import { BAND_PAD_EM } from './fitted-texts.ts';
import type { TextState } from './frame-state.ts';
import { computeLayout, safeArea } from './layout.ts';
import { makeSceneInput } from './scene-input.factory.ts';
import { evaluate } from './timeline.ts';

const painted = createNodeTextMeasure();

const LONG = {
  clinicName: 'WILLOWMERE MEDICAL AESTHETICS & WELLNESS',
  contact: 'WWW.MAXWELLMEDSPA.COM',
  treatmentTitle: 'MICRONEEDLING WITH PRP · 12 WEEKS · SECOND SESSION',
};

/** The estimate the templates wrapped by before they measured (bold). */
const estimate = (text: string, size: number) => text.length * size * 0.56;

function longScene(template: Template, aspect: Aspect, typeface: Typeface) {
  const face = makeMeshFace(450, 470, 150);
  return buildScene(
    makeSceneInput({
      size: outputSizeFor('pro', aspect),
      beforeSize: { width: 900, height: 1125 },
      afterSize: { width: 900, height: 1125 },
      faces: { before: face, after: face },
      branding: { ...LONG, typeface },
      options: { template, aspect, primaryAnimation: 'animate_after_smile' },
    }),
  );
}

function inside(inner: Rect, outer: Rect): boolean {
  return (
    inner.x >= outer.x - 0.5 &&
    inner.y >= outer.y - 0.5 &&
    inner.x + inner.width <= outer.x + outer.width + 0.5 &&
    inner.y + inner.height <= outer.y + outer.height + 0.5
  );
}

function everyText(scene: ReturnType<typeof longScene>): TextState[] {
  const texts: TextState[] = [];
  for (let t = 0; t < scene.durationSeconds; t += 0.1) {
    const state = evaluate(scene, t);
    texts.push(...state.texts, ...(state.endCard?.texts ?? []));
  }
  return texts;
}

describe('text fitted with the fonts that paint it', () => {
  it('is needed: the old estimate takes these texts for fitting when they do not', () => {
    const { width, height } = outputSizeFor('pro', '9:16');
    const layout = computeLayout({ width, height }, '9:16');
    const size = layout.type.body;
    const fits = layout.safe.width - size * BAND_PAD_EM * 2;
    expect(estimate(LONG.contact, size)).toBeLessThanOrEqual(fits);
    expect(painted(LONG.contact, fontSpec(700, size, 'inter'))).toBeGreaterThan(fits);
  });

  describe.each(TYPEFACES)('in %s', (typeface) => {
    it.each(ASPECTS)(
      'stays within its box, inside the safe area and legible in every template (%s)',
      (aspect) => {
        const roles = new Set<string>();
        for (const template of TEMPLATES) {
          const scene = longScene(template, aspect, typeface);
          const safe = safeArea(scene, aspect);
          const texts = everyText(scene);
          for (const text of texts) roles.add(text.role);
          for (const text of texts) {
            const where = `${template} ${text.role} "${text.lines.join(' / ')}"`;
            expect(inside(text.box, safe), where).toBe(true);
            expect(
              capHeightRatio(text.fontSize, typeface, scene.height),
              where,
            ).toBeGreaterThanOrEqual(MIN_CAP_HEIGHT_RATIO);
            const font = fontSpec(text.weight, text.fontSize, typeface);
            const room = text.box.width - text.fontSize * BAND_PAD_EM * 2;
            for (const line of text.lines) {
              // The render's canvas, not the table the plan fitted with.
              expect(painted(line, font), `${where}: ${line}`).toBeLessThanOrEqual(room * 1.003);
            }
            expect(text.box.height).toBeGreaterThanOrEqual(text.lines.length * text.fontSize * 1.2);
          }
        }
        expect(roles).toEqual(
          new Set(['hook', 'handle', 'caption', 'clinic', 'title', 'call_to_action']),
        );
      },
    );
  });

  it('shrinks a long title onto its lines, or cuts it with an ellipsis, and says nothing else', () => {
    const scene = longScene('story', '9:16', 'inter');
    const hook = evaluate(scene, 0.5).texts.find((text) => text.role === 'hook')!;
    expect(hook.lines.length).toBeLessThanOrEqual(2);
    const shown = hook.lines.join(' ');
    const whole = LONG.treatmentTitle.replace(/\s+/g, ' ');
    if (shown.endsWith(ELLIPSIS)) expect(whole.startsWith(shown.slice(0, -1).trim())).toBe(true);
    else expect(shown.replace(/\s+/g, ' ')).toBe(whole.replace(/ · /g, ' · '));
  });

  it('cuts a handle too long for one line even at the smallest legible size', () => {
    const scene = longScene('reveal', '9:16', 'inter');
    const handle = evaluate(scene, 3).texts.find((text) => text.role === 'handle')!;
    expect(handle.lines).toHaveLength(1);
    expect(handle.lines[0]!.endsWith(ELLIPSIS)).toBe(true);
    expect(LONG.contact.startsWith(handle.lines[0]!.slice(0, -1))).toBe(true);
  });

  it('keeps a name on one line when that costs only a little size', () => {
    const scene = buildScene(
      makeSceneInput({
        size: outputSizeFor('pro', '9:16'),
        branding: { clinicName: 'Lumen Aesthetics' },
        options: { template: 'story', aspect: '9:16' },
      }),
    );
    const clinic = evaluate(scene, 7.9).endCard!.texts.find((text) => text.role === 'clinic')!;
    expect(clinic.lines).toEqual(['Lumen Aesthetics']);
    expect(clinic.fontSize).toBeGreaterThanOrEqual(computeLayout(scene, '9:16').type.hook * 0.75);
  });

  it('gives the end card the clinic, the treatment, "Book at …" and the disclosure', () => {
    const scene = longScene('split', '1:1', 'montserrat');
    const card = evaluate(scene, 7.9).endCard!;
    const byRole = Object.fromEntries(card.texts.map((text) => [text.role, text.lines]));
    expect(byRole.call_to_action?.join(' ')).toMatch(/^Book at /);
    expect(byRole.caption?.join(' ')).toBe('Individual results may vary');
    expect(byRole.clinic?.join(' ')).toBe(LONG.clinicName);
    // Stacked top to bottom without overlapping.
    const boxes = card.texts.map((text) => text.box);
    for (let index = 1; index < boxes.length; index += 1) {
      expect(boxes[index]!.y).toBeGreaterThanOrEqual(
        boxes[index - 1]!.y + boxes[index - 1]!.height - 0.5,
      );
    }
  });
});
