// Text keeps off the faces: in every template and format, at every moment, no text box or
// badge covers the eyes-to-chin part of a face on screen, for faces as large and as placed as
// the fixture photos' (and tighter). Where the safe area leaves no room clear of a whole face,
// the text sits on an opaque plate rather than a see-through band. Nor does text cover a badge.
import { ASPECTS, TEMPLATES, outputSizeFor, type Aspect, type Template } from '@glowreel/contracts';
import { describe, expect, it } from 'vitest';
import { makeMeshFace } from '../../faces/face-landmarks.factory.ts';
import type { Rect } from '../../geometry.ts';
import { buildScene } from '../build-scene.ts';
import { computeLayout } from '../layout.ts';
import { makeSceneInput } from '../scene-input.factory.ts';
import { evaluate } from '../timeline.ts';
import { label } from './badges.ts';
import { templateContext } from './parts.ts';
import { facesOnFrame, placeBlock } from './place-text.ts';

/** Portrait photos with the face where clinics' photos have it: centred, high, low, large. */
const FACES = [
  { name: 'centred', photo: { width: 900, height: 1125 }, cx: 450, cy: 470, eyes: 150 },
  {
    name: 'high and large',
    photo: { width: 900, height: 1125 },
    cx: 450,
    cy: 380,
    eyes: 230,
    fillsPhoto: true,
  },
  { name: 'low', photo: { width: 900, height: 1125 }, cx: 430, cy: 640, eyes: 140 },
  { name: 'landscape', photo: { width: 1200, height: 800 }, cx: 600, cy: 380, eyes: 150 },
  {
    name: 'square, filling it',
    photo: { width: 1000, height: 1000 },
    cx: 500,
    cy: 500,
    eyes: 260,
    fillsPhoto: true,
  },
];

function overlap(a: Rect, b: Rect): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}

function sceneFor(template: Template, aspect: Aspect, face: (typeof FACES)[number]) {
  const landmarks = makeMeshFace(face.cx, face.cy, face.eyes);
  return buildScene(
    makeSceneInput({
      size: outputSizeFor('pro', aspect),
      beforeSize: face.photo,
      afterSize: face.photo,
      faces: { before: landmarks, after: landmarks },
      branding: {
        clinicName: 'Lumen Aesthetics',
        contact: 'lumenclinic.com',
        treatmentTitle: 'Lip filler · 2 weeks',
      },
      options: { template, aspect, primaryAnimation: 'animate_after_smile' },
    }),
  );
}

describe.each(TEMPLATES)('text in the %s template', (template) => {
  it.each(ASPECTS)('never covers the eyes, nose or mouth (%s)', (aspect) => {
    for (const face of FACES) {
      const scene = sceneFor(template, aspect, face);
      expect(scene.faceCore).not.toBeNull();
      for (let t = 0; t < scene.durationSeconds; t += 1 / 15) {
        const state = evaluate(scene, t);
        const cores = facesOnFrame(scene, state.panels).map((shown) => shown.core);
        // A face filling its whole photo, in the half-height slots of a stacked pair, leaves
        // no corner for a badge clear of it: there the badges keep to their opaque pills.
        const badgesHaveRoom = !(face.fillsPhoto && aspect === '9:16' && state.panels.length === 2);
        const boxes = [
          ...state.texts
            .filter((text) => text.opacity > 0)
            .map((text) => ({ name: text.role, box: text.box })),
          ...(badgesHaveRoom ? state.labels : []).map((badge) => ({
            name: badge.text,
            box: badge.box,
          })),
        ];
        for (const text of state.texts.filter((shown) => shown.opacity > 0)) {
          for (const badge of state.labels) {
            expect(
              overlap(text.box, badge.box),
              `${face.name}: ${text.role} on the ${badge.text} badge at ${t.toFixed(2)} s`,
            ).toBe(0);
          }
        }
        for (const { name, box } of boxes) {
          for (const core of cores) {
            expect(overlap(box, core), `${face.name}: ${name} at ${t.toFixed(2)} s`).toBe(0);
          }
        }
      }
    }
  });
});

describe('placing a text block', () => {
  const layout = computeLayout({ width: 1080, height: 1920 }, '9:16');
  const block = { width: 600, height: 200 };

  it('keeps the preferred anchor when no face is there', () => {
    expect(placeBlock(layout, block, [], ['top'])).toEqual({
      y: layout.safe.y,
      plate: false,
      coversFace: false,
    });
  });

  it('moves to the nearest row clear of the face', () => {
    const face = { x: 300, y: 250, width: 500, height: 500 };
    const placed = placeBlock(
      layout,
      block,
      [{ outline: face, core: face, features: [] }],
      ['top'],
    );
    expect(placed.plate).toBe(false);
    expect(placed.y).toBeGreaterThanOrEqual(750);
  });

  it('falls back to a plate clear of the eyes-to-chin core when the whole face leaves no room', () => {
    const outline = { x: 0, y: 0, width: 1080, height: 1920 };
    const core = { x: 200, y: 700, width: 680, height: 700 };
    const placed = placeBlock(layout, block, [{ outline, core, features: [] }], ['top']);
    expect(placed).toEqual({ y: layout.safe.y, plate: true, coversFace: false });
  });

  it('answers for each block and anchor of its own, though the frames of a video ask again', () => {
    const face = { x: 300, y: 250, width: 500, height: 500 };
    const faces = [{ outline: face, core: face, features: [] }];
    const top = placeBlock(layout, block, faces, ['top']);
    expect(placeBlock(layout, block, faces, ['top'])).toEqual(top);
    const bottom = placeBlock(layout, block, faces, ['bottom']);
    expect(bottom.y).toBe(layout.safe.y + layout.safe.height - block.height);
    const taller = placeBlock(layout, { width: 600, height: 400 }, faces, ['bottom']);
    expect(taller.y).toBe(layout.safe.y + layout.safe.height - 400);
  });

  it('puts the block on a plate over the least of the face when nothing is clear', () => {
    const whole = { x: 0, y: 0, width: 1080, height: 1920 };
    expect(
      placeBlock(layout, block, [{ outline: whole, core: whole, features: [] }], ['top']),
    ).toMatchObject({
      plate: true,
      coversFace: true,
    });
  });
});

describe('placing a badge', () => {
  const scene = sceneFor('split', '16:9', FACES[0]!);
  const context = templateContext(scene);
  const slot = context.layout.pair.before;

  it('gives equal slots the same place, at the opacity asked for', () => {
    const first = label(context, 'BEFORE', slot, 'left', 1);
    expect(first).not.toBeNull();
    expect(label(context, 'BEFORE', { ...slot }, 'left', 0.5)).toEqual({ ...first, opacity: 0.5 });
  });

  it('places it anew when its slot moves, a box is taken or a face is to be avoided', () => {
    const first = label(context, 'BEFORE', slot, 'left', 1)!;
    // Moved past the safe area's edge, which holds a badge in from the frame's.
    const moved = label(context, 'BEFORE', { ...slot, x: slot.x + 300 }, 'left', 1)!;
    expect(moved.box.x).toBeGreaterThan(first.box.x + 100);
    const around = label(context, 'BEFORE', slot, 'left', 1, [], 'top', [first.box])!;
    expect(around.box).not.toEqual(first.box);
    const state = evaluate(scene, 2);
    const clearOfFace = label(context, 'BEFORE', slot, 'left', 1, state.panels)!;
    const faces = facesOnFrame(scene, state.panels).map((shown) => shown.outline);
    for (const outline of faces) expect(overlap(clearOfFace.box, outline)).toBe(0);
  });
});
