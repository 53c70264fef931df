// Extended tier (runs where ../shared/fixtures exists): what the contact sheets showed on the
// fixture photos, checked on the faces detected in them, in every template and format at
// every moment before the end card: no BEFORE/AFTER badge on a face's eyes-to-chin part where
// its slot has room off it (a portrait strip stacked in 9:16 had its AFTER badge on the cheek,
// with the slot's top free of the eyes), no photo on screen twice
// at once (two-slot layouts opened on the before in both slots), and on the square pairs in
// 1:1 the hook above a close-up's face, not over the collar.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ASPECTS, TEMPLATES } from '@glowreel/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import type { Rect } from '../geometry.ts';
import { safeArea } from '../plan/layout.ts';
import { facesOnFrame } from '../plan/templates/place-text.ts';
import { evaluate, phasesFor } from '../plan/timeline.ts';
import {
  FACE_FIXTURES,
  SHARED_FIXTURES,
  faceFixtureRequest,
  overlapArea,
} from './fixture-render.testing.ts';
import { repeatedViews } from '../plan/templates/repeated-views.testing.ts';
import { prepareRender } from './render-video.ts';

const work = mkdtempSync(path.join(tmpdir(), 'sheet-flaws-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function intersect(a: Rect, b: Rect): Rect {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  return {
    x,
    y,
    width: Math.min(a.x + a.width, b.x + b.width) - x,
    height: Math.min(a.y + a.height, b.y + b.height) - y,
  };
}

function inside(inner: Rect, outer: Rect): boolean {
  return (
    inner.x >= outer.x - 0.5 &&
    inner.y >= outer.y - 0.5 &&
    inner.x + inner.width <= outer.x + outer.width + 0.5 &&
    inner.y + inner.height <= outer.y + outer.height + 0.5
  );
}

/** Whether a box of this size fits somewhere in `region` off every core (4 px steps). */
function roomOffCores(box: Rect, region: Rect, cores: Rect[]): boolean {
  for (let y = region.y; y + box.height <= region.y + region.height; y += 4) {
    for (let x = region.x; x + box.width <= region.x + region.width; x += 4) {
      const place = { x, y, width: box.width, height: box.height };
      if (cores.every((core) => overlapArea(place, core) === 0)) return true;
    }
  }
  return false;
}

describe.runIf(existsSync(SHARED_FIXTURES))('the templates on the fixture photos', () => {
  it(
    'keep badges off the eyes-to-chin part of faces, show each photo once, and the hook above a square close-up’s face',
    { timeout: 900_000 },
    async () => {
      let badges = 0;
      for (const fixture of FACE_FIXTURES) {
        for (const aspect of ASPECTS) {
          const prepared = await prepareRender(faceFixtureRequest(fixture, aspect, work));
          expect(prepared.scene.faceCore, `${fixture.name}: a face was found`).not.toBeNull();
          for (const template of TEMPLATES) {
            const scene = { ...prepared.scene, template };
            const end = phasesFor(scene).endCardStart;
            for (let t = 0; t < end; t += 1 / 15) {
              const where = `${fixture.name} ${aspect} ${template} at ${t.toFixed(2)} s`;
              const state = evaluate(scene, t);
              const faces = facesOnFrame(scene, state.panels);
              const cores = faces.map((face) => face.core);
              for (const badge of state.labels) {
                badges += 1;
                if (cores.every((core) => overlapArea(badge.box, core) === 0)) continue;
                // Only a face filling the whole safe part of the badge's slot excuses it.
                const slot = state.panels.find((panel) => inside(badge.box, panel.rect))!.rect;
                expect(
                  roomOffCores(badge.box, intersect(slot, safeArea(scene, aspect)), cores),
                  `${where}: ${badge.text}`,
                ).toBe(false);
              }
              const shown = state.panels.filter((panel) => overlapArea(panel.clip, panel.rect) > 0);
              expect(repeatedViews(shown), where).toEqual([]);
              const hook = state.texts.find((text) => text.role === 'hook' && text.opacity > 0);
              if (hook && aspect === '1:1' && fixture.after && state.panels.length === 1) {
                for (const face of faces)
                  expect(hook.box.y + hook.box.height, `${where}: hook`).toBeLessThanOrEqual(
                    face.outline.y,
                  );
              }
            }
          }
        }
      }
      expect(badges).toBeGreaterThan(1000);
    },
  );
});
