// What the contact sheets showed wrong on the shared fixtures, as plan checks over every
// template and moment: portrait strips in 16:9 (and landscape photos in 9:16) fill the frame
// with photos, not a wash; a stacked pair keeps the chin; the hook reads at phone size in
// 9:16; badges never cover the eyes or mouth, nor the eyes-to-chin core of a face that fills
// a stacked slot, and keep clear of the whole face where the slot leaves room; the handle
// shows, inside the safe area, whenever a template shows it; no photo is on screen twice at
// once; the hook sits above a close-up's face rather than over the collar, and keeps off the
// treated area.
import { ASPECTS, TEMPLATES, outputSizeFor, type Aspect, type Template } from '@glowreel/contracts';
import { describe, expect, it } from 'vitest';
import { makeMeshFace } from '../../faces/face-landmarks.factory.ts';
import type { Rect } from '../../geometry.ts';
import { capHeightRatio } from '../../text/cap-height.ts';
import { buildScene } from '../build-scene.ts';
import { safeArea } from '../layout.ts';
import { makeSceneInput } from '../scene-input.factory.ts';
import { coverSeconds, evaluate, phasesFor } from '../timeline.ts';
import { facesOnFrame, type FaceOnFrame } from './place-text.ts';
import { PROOF_BADGE_TURN, detailCuts, proofStartOf, storyBeats } from './beats.ts';
import { repeatedViews } from './repeated-views.testing.ts';

/** Photos shaped like the fixtures', each face where the fixture's face is. */
const PHOTOS = {
  // sbs-portrait.jpg: 640 × 1600 strips, the face nearly as wide as the photo.
  portraitStrip: { photo: { width: 640, height: 1600 }, cx: 365, cy: 492, eyes: 215 },
  // stacked.jpg: 1080 × 860 landscape halves.
  landscapeHalf: { photo: { width: 1080, height: 860 }, cx: 581, cy: 415, eyes: 175 },
  // pair-01: 1280 × 1284, a large face.
  squarePair: { photo: { width: 1280, height: 1284 }, cx: 600, cy: 550, eyes: 200 },
  // A clinic's ordinary portrait photo.
  portrait: { photo: { width: 900, height: 1125 }, cx: 450, cy: 470, eyes: 150 },
};
type PhotoName = keyof typeof PHOTOS;

function sceneFor(
  template: Template,
  aspect: Aspect,
  name: PhotoName,
  plan: 'free' | 'pro' = 'pro',
  treatmentTitle = 'Lip filler · 2 weeks',
) {
  const { photo, cx, cy, eyes } = PHOTOS[name];
  const face = makeMeshFace(cx, cy, eyes);
  return buildScene(
    makeSceneInput({
      size: outputSizeFor(plan, aspect),
      beforeSize: photo,
      afterSize: photo,
      faces: { before: face, after: face },
      branding: {
        clinicName: 'Lumen Aesthetics',
        contact: 'lumenclinic.com',
        treatmentTitle,
      },
      options: { template, aspect, primaryAnimation: 'animate_after_smile' },
    }),
  );
}

function intersection(a: Rect, b: Rect): Rect | null {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const width = Math.min(a.x + a.width, b.x + b.width) - x;
  const height = Math.min(a.y + a.height, b.y + b.height) - y;
  return width > 0 && height > 0 ? { x, y, width, height } : null;
}

function area(rect: Rect | null): number {
  return rect ? rect.width * rect.height : 0;
}

function inside(inner: Rect, outer: Rect): boolean {
  return (
    inner.x >= outer.x - 0.5 &&
    inner.y >= outer.y - 0.5 &&
    inner.x + inner.width <= outer.x + outer.width + 0.5 &&
    inner.y + inner.height <= outer.y + outer.height + 0.5
  );
}

/** Moments of the comparison, every 1/15 s up to the end card. */
function comparisonMoments(scene: ReturnType<typeof sceneFor>): number[] {
  const end = phasesFor(scene).endCardStart;
  return Array.from({ length: Math.floor(end * 15) }, (_unused, index) => index / 15);
}

describe.each(TEMPLATES)('the %s template on the fixtures’ photo shapes', (template) => {
  it.each([
    ['16:9', 'portraitStrip'],
    ['9:16', 'landscapeHalf'],
  ] as const)('fills a %s frame with photos at every moment (%s)', (aspect, photo) => {
    for (const plan of ['free', 'pro'] as const) {
      const scene = sceneFor(template, aspect, photo, plan);
      const frame = { x: 0, y: 0, width: scene.width, height: scene.height };
      for (const t of comparisonMoments(scene)) {
        const painted = evaluate(scene, t).panels.reduce(
          (sum, panel) =>
            sum + area(intersection(intersection(panel.clip, panel.rect) ?? frame, frame)),
          0,
        );
        expect(painted / area(frame), `${plan} at ${t.toFixed(2)} s`).toBeGreaterThanOrEqual(0.98);
      }
    }
  });

  it.each(ASPECTS)('keeps every chin whole, with room under it (%s)', (aspect) => {
    for (const photo of Object.keys(PHOTOS) as PhotoName[]) {
      const scene = sceneFor(template, aspect, photo);
      const chin = scene.faceBox!.y + scene.faceBox!.height;
      for (const t of comparisonMoments(scene)) {
        for (const panel of evaluate(scene, t).panels) {
          // Detail frames the treated area, not the face.
          if (template === 'detail' && t < phasesFor(scene).endCardStart - 1.5) continue;
          expect(panel.view.y + panel.view.height, `${photo} at ${t.toFixed(2)} s`).toBeGreaterThan(
            chin + scene.faceBox!.height * 0.04,
          );
        }
      }
    }
  });

  it('shows the hook large in 9:16: capitals at least 3.5 % of the frame’s height', () => {
    for (const photo of Object.keys(PHOTOS) as PhotoName[]) {
      const scene = sceneFor(template, '9:16', photo);
      let seen = 0;
      for (const t of comparisonMoments(scene)) {
        const state = evaluate(scene, t);
        // Over a close-up; a stacked pair's seam holds one line between the faces.
        const closeUp = state.panels.length === 1 || state.panels[0]!.rect.height === scene.height;
        for (const text of state.texts) {
          if (text.role !== 'hook' || text.opacity <= 0) continue;
          seen += 1;
          expect(
            capHeightRatio(text.fontSize, 'inter', scene.height),
            `${photo} at ${t.toFixed(2)} s`,
          ).toBeGreaterThanOrEqual(closeUp ? 0.035 : 0.03);
        }
      }
      expect(seen, photo).toBeGreaterThan(0);
    }
  });

  it.each(ASPECTS)('takes its cover with both faces whole and both badges (%s)', (aspect) => {
    for (const photo of Object.keys(PHOTOS) as PhotoName[]) {
      const scene = sceneFor(template, aspect, photo);
      const cover = evaluate(scene, coverSeconds(scene));
      expect(cover.endCard, photo).toBeNull();
      expect(
        cover.labels.map((label) => [label.text, label.opacity]),
        photo,
      ).toEqual([
        ['BEFORE', 1],
        ['AFTER', 1],
      ]);
      expect(cover.panels.map((panel) => panel.which).sort(), photo).toEqual(['after', 'before']);
      // Whole: all of the face but the top of a forehead that a stacked 9:16 slot cannot hold
      // (a portrait strip's face is taller than its half of the frame is wide).
      const face = scene.faceBox!;
      const forehead = aspect === '9:16' && photo === 'portraitStrip' ? face.height * 0.15 : 0;
      const whole = { ...face, y: face.y + forehead, height: face.height - forehead };
      for (const panel of cover.panels) {
        expect(inside(whole, panel.view), `${photo}: ${panel.which}`).toBe(true);
      }
    }
  });

  it.each(ASPECTS)('never brings a badge back once it has left the proof (%s)', (aspect) => {
    for (const photo of Object.keys(PHOTOS) as PhotoName[]) {
      const scene = sceneFor(template, aspect, photo);
      const { endCardFadeEnd } = phasesFor(scene);
      const gone = new Set<'BEFORE' | 'AFTER'>();
      for (let frame = 0; frame / scene.fps < endCardFadeEnd; frame += 1) {
        const t = frame / scene.fps;
        if (t < proofStartOf(phasesFor(scene))) continue;
        const shown = new Set(evaluate(scene, t).labels.map((label) => label.text));
        for (const text of ['BEFORE', 'AFTER'] as const) {
          if (!shown.has(text)) gone.add(text);
          else expect(gone.has(text), `${photo}: ${text} back at ${t.toFixed(2)} s`).toBe(false);
        }
      }
    }
  });

  it.each(ASPECTS)('never puts a badge on the eyes or the mouth (%s)', (aspect) => {
    for (const photo of Object.keys(PHOTOS) as PhotoName[]) {
      const scene = sceneFor(template, aspect, photo);
      expect(scene.faceFeatures).toHaveLength(2);
      let badges = 0;
      for (const t of comparisonMoments(scene)) {
        const state = evaluate(scene, t);
        const features = facesOnFrame(scene, state.panels).flatMap((face) => face.features);
        for (const badge of state.labels) {
          badges += 1;
          for (const feature of features) {
            expect(
              area(intersection(badge.box, feature)),
              `${photo}: ${badge.text} at ${t.toFixed(2)} s`,
            ).toBe(0);
          }
        }
      }
      expect(badges, photo).toBeGreaterThan(0);
    }
  });

  it.each(ASPECTS)('shows the handle inside the safe area whenever it shows it (%s)', (aspect) => {
    for (const photo of Object.keys(PHOTOS) as PhotoName[]) {
      const scene = sceneFor(template, aspect, photo);
      const safe = safeArea(scene, aspect);
      const moments = comparisonMoments(scene);
      const handleAt = (t: number) =>
        evaluate(scene, t).texts.find((text) => text.role === 'handle' && text.opacity > 0);
      const first = moments.find((t) => handleAt(t)?.opacity === 1);
      expect(first, `${photo}: the handle never shows`).toBeDefined();
      // From then on to the end card's fade, without a gap (the end card repeats it), but for
      // the badges' turn at the start of the proof where a face-filled stacked pair leaves
      // them and the handle one place, the seam.
      const proofAt = proofStartOf(phasesFor(scene));
      const badgesTurn = (t: number) =>
        aspect === '9:16' &&
        photo === 'portraitStrip' &&
        t >= proofAt &&
        t < proofAt + PROOF_BADGE_TURN + 0.25;
      for (const t of moments.filter(
        (moment) =>
          moment >= first! && moment < phasesFor(scene).endCardStart - 0.25 && !badgesTurn(moment),
      )) {
        const handle = handleAt(t);
        expect(handle, `${photo}: no handle at ${t.toFixed(2)} s`).toBeDefined();
        expect(inside(handle!.box, safe), `${photo} at ${t.toFixed(2)} s`).toBe(true);
      }
    }
  });
  it.each(ASPECTS)('never shows the same view of a photo in two places at once (%s)', (aspect) => {
    for (const photo of Object.keys(PHOTOS) as PhotoName[]) {
      const scene = sceneFor(template, aspect, photo);
      for (const t of comparisonMoments(scene)) {
        const shown = evaluate(scene, t).panels.filter(
          (panel) => area(intersection(panel.clip, panel.rect)) > 0,
        );
        expect(repeatedViews(shown), `${photo} at ${t.toFixed(2)} s`).toEqual([]);
      }
    }
  });

  it.each(ASPECTS)(
    'never puts a badge on the eyes-to-chin part of a face where its slot has room off it (%s)',
    (aspect) => {
      for (const photo of Object.keys(PHOTOS) as PhotoName[]) {
        const scene = sceneFor(template, aspect, photo);
        const safe = safeArea(scene, aspect);
        for (const t of comparisonMoments(scene)) {
          const state = evaluate(scene, t);
          const cores = facesOnFrame(scene, state.panels).map((face) => face.core);
          for (const badge of state.labels) {
            const covered = cores.reduce(
              (sum, core) => sum + area(intersection(badge.box, core)),
              0,
            );
            if (covered === 0) continue;
            // Only a face filling the whole safe part of the badge's slot excuses it.
            const slot = state.panels.find((panel) => inside(badge.box, panel.rect))!.rect;
            expect(
              roomOffCores(badge.box, intersection(slot, safe)!, cores),
              `${photo}: ${badge.text} at ${t.toFixed(2)} s`,
            ).toBe(false);
          }
        }
      }
    },
  );

  it.each(ASPECTS)(
    'keeps badges clear of the whole face where its slot leaves room (%s)',
    (aspect) => {
      // The shapes whose faces leave a corner or a side of their slots' safe part free: not
      // the portrait strip's, wider than half a 16:9 frame and taller than a stacked slot, nor
      // the large faces of the square pair and the landscape half in 9:16.
      const roomy: PhotoName[] =
        aspect === '9:16' ? ['portrait'] : ['landscapeHalf', 'squarePair', 'portrait'];
      for (const photo of roomy) {
        const scene = sceneFor(template, aspect, photo);
        for (const t of comparisonMoments(scene)) {
          const state = evaluate(scene, t);
          const outlines = facesOnFrame(scene, state.panels).map((face) => face.outline);
          for (const badge of state.labels) {
            for (const outline of outlines) {
              expect(
                area(intersection(badge.box, outline)),
                `${photo}: ${badge.text} at ${t.toFixed(2)} s`,
              ).toBe(0);
            }
          }
        }
      }
    },
  );

  it.each(['1:1'] as const)(
    'puts the hook above the face of a close-up, not over the collar (%s)',
    (aspect) => {
      for (const photo of ['squarePair', 'portrait'] as const) {
        // A title that takes two lines at the hook's design size.
        const scene = sceneFor(template, aspect, photo, 'pro', 'Skin renewal · 4 weeks');
        for (const t of comparisonMoments(scene)) {
          const state = evaluate(scene, t);
          const hook = state.texts.find((text) => text.role === 'hook' && text.opacity > 0);
          if (!hook || state.panels.length !== 1) continue;
          for (const face of facesOnFrame(scene, state.panels)) {
            expect(
              hook.box.y + hook.box.height,
              `${photo} at ${t.toFixed(2)} s: the hook's bottom against the face's top`,
            ).toBeLessThanOrEqual(face.outline.y);
          }
        }
      }
    },
  );

  // Not in 9:16, whose close-ups of large faces leave text no room off the face's upper part,
  // nor on the portrait strip, whose face fills the safe area: there text keeps off the
  // eyes-to-chin core only.
  it.each(['16:9', '1:1'] as const)('keeps every text off the treated area (%s)', (aspect) => {
    for (const photo of ['landscapeHalf', 'squarePair', 'portrait'] as const) {
      const built = sceneFor(template, aspect, photo);
      // Brows and forehead: above the eyes, where a hook on a plate may otherwise sit.
      const face = built.faceBox!;
      const forehead = { x: face.x, y: face.y, width: face.width, height: face.height * 0.25 };
      const scene = { ...built, treatedArea: forehead };
      for (const t of comparisonMoments(scene)) {
        const state = evaluate(scene, t);
        const areas = treatedAreaOnFrame(forehead, state.panels);
        for (const text of state.texts.filter((shown) => shown.opacity > 0)) {
          for (const shownArea of areas) {
            expect(
              area(intersection(text.box, shownArea)),
              `${photo}: ${text.role} at ${t.toFixed(2)} s`,
            ).toBe(0);
          }
        }
      }
    }
  });
});

/** The treated area as each panel shows it on the frame. */
function treatedAreaOnFrame(
  treated: Rect,
  panels: ReturnType<typeof evaluate>['panels'],
): FaceOnFrame['features'] {
  return panels
    .map((panel) => {
      const scale = panel.rect.width / panel.view.width;
      const onFrame = {
        x: panel.rect.x + (treated.x - panel.view.x) * scale,
        y: panel.rect.y + (treated.y - panel.view.y) * scale,
        width: treated.width * scale,
        height: treated.height * scale,
      };
      return intersection(onFrame, panel.clip);
    })
    .filter((shown): shown is Rect => shown !== null);
}

/** Whether a box of this size fits somewhere in `region` off every core (4 px steps). */
function roomOffCores(box: Rect, region: Rect, cores: Rect[]): boolean {
  for (let y = region.y; y + box.height <= region.y + region.height; y += 4) {
    for (let x = region.x; x + box.width <= region.x + region.width; x += 4) {
      const place = { x, y, width: box.width, height: box.height };
      if (cores.every((core) => area(intersection(place, core)) === 0)) return true;
    }
  }
  return false;
}

describe('Photos too small to fill the frame alone', () => {
  // A portrait photo in 16:9 and a landscape one in 9:16 fill the pair's two slots instead.
  const cases = [
    { aspect: '16:9', photo: 'squarePair' },
    { aspect: '9:16', photo: 'landscapeHalf' },
  ] as const;

  function narrowScene(template: Template, aspect: Aspect, name: PhotoName, treated: boolean) {
    const { photo, cx, cy, eyes } = PHOTOS[name];
    const face = makeMeshFace(cx, cy, eyes);
    // The lips, under the eyes' centre.
    const lips = { x: cx - eyes * 0.6, y: cy + eyes * 0.55, width: eyes * 1.2, height: eyes * 0.6 };
    return buildScene(
      makeSceneInput({
        size: outputSizeFor('pro', aspect),
        beforeSize: photo,
        afterSize: photo,
        faces: { before: face, after: face },
        treatedArea: treated ? lips : null,
        branding: { clinicName: 'Lumen Aesthetics', treatmentTitle: 'Lip filler · 2 weeks' },
        options: { template, aspect, primaryAnimation: 'animate_before_head_turn' },
      }),
    );
  }

  function shownAt(scene: ReturnType<typeof narrowScene>, t: number) {
    return evaluate(scene, t).panels.filter(
      (panel) => area(intersection(panel.clip, panel.rect)) > 0,
    );
  }

  it.each(cases)(
    'Reveal still wipes in $aspect: the face and the treated area close up, before, then after',
    ({ aspect, photo }) => {
      const scene = narrowScene('reveal', aspect, photo, true);
      const before = shownAt(scene, 0.5);
      expect(before.map((panel) => panel.which)).toEqual(['before', 'before']);
      expect(repeatedViews(before)).toEqual([]);
      const midWipe = evaluate(scene, 1.9);
      expect(midWipe.divider).not.toBeNull();
      expect(new Set(shownAt(scene, 1.9).map((panel) => panel.which))).toEqual(
        new Set(['before', 'after']),
      );
      expect(shownAt(scene, 3).map((panel) => panel.which)).toEqual(['after', 'after']);
    },
  );

  /** Each moment's photo in both slots, never one view twice, and its badge after the hook. */
  function expectOnePhotoAtATime(
    shots: (readonly [ReturnType<typeof narrowScene>, number, 'before' | 'after', boolean])[],
  ) {
    for (const [scene, t, which, hook] of shots) {
      const shown = shownAt(scene, t);
      const name = `${scene.template} at ${t.toFixed(2)} s`;
      expect(
        shown.map((panel) => panel.which),
        name,
      ).toEqual([which, which]);
      expect(repeatedViews(shown), name).toEqual([]);
      expect(
        evaluate(scene, t).labels.map((label) => label.text),
        name,
      ).toEqual(hook ? [] : [which.toUpperCase()]);
    }
  }

  it.each(cases)(
    'Story still cuts in $aspect: the face and the treated area close up, before, then after',
    ({ aspect, photo }) => {
      const story = narrowScene('story', aspect, photo, true);
      const { afterStart } = storyBeats(phasesFor(story));
      expectOnePhotoAtATime([
        [story, 0.5, 'before', true],
        [story, afterStart + 0.3, 'after', false],
      ]);
    },
  );

  it('Detail still cuts back and forth in 9:16: the face and the treated area close up', () => {
    // A landscape photo is too small for the treated area to fill a 9:16 frame alone.
    const detail = narrowScene('detail', '9:16', 'landscapeHalf', true);
    const [first, second, third] = detailCuts(phasesFor(detail));
    expectOnePhotoAtATime([
      [detail, first / 2, 'before', true],
      [detail, (first + second) / 2, 'after', false],
      [detail, (second + third) / 2, 'before', false],
      [detail, third + 0.3, 'after', false],
    ]);
  });

  it.each(cases)(
    'shows before beside after in $aspect where no close-up is tighter than the face',
    ({ aspect, photo }) => {
      for (const template of ['reveal', 'story'] as const) {
        const scene = narrowScene(template, aspect, photo, false);
        for (const t of [0.5, 1.9, 3])
          expect(
            shownAt(scene, t).map((panel) => panel.which),
            template,
          ).toEqual(['before', 'after']);
      }
    },
  );
});
