// Extended tier (runs where ../shared/fixtures exists): on the faces detected in the shared
// fixture photos, in every template and format, no text box covers the eyes-to-chin part of a
// face on screen, nor a BEFORE/AFTER badge, at any moment before the end card.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ASPECTS, TEMPLATES } from '@glowreel/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { facesOnFrame } from '../plan/templates/place-text.ts';
import { evaluate, phasesFor } from '../plan/timeline.ts';
import {
  FACE_FIXTURES,
  SHARED_FIXTURES,
  faceFixtureRequest,
  overlapArea,
} from './fixture-render.testing.ts';
import { prepareRender } from './render-video.ts';

const work = mkdtempSync(path.join(tmpdir(), 'text-faces-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.runIf(existsSync(SHARED_FIXTURES))('text on the fixture photos', () => {
  it(
    'never covers a face from the eyes to the chin, nor a badge',
    { timeout: 900_000 },
    async () => {
      let checked = 0;
      for (const fixture of FACE_FIXTURES) {
        for (const aspect of ASPECTS) {
          const prepared = await prepareRender(faceFixtureRequest(fixture, aspect, work));
          expect(prepared.scene.faceCore, `${fixture.name}: a face was found`).not.toBeNull();
          for (const template of TEMPLATES) {
            const scene = { ...prepared.scene, template };
            const end = phasesFor(scene).endCardStart;
            for (let t = 0; t < end; t += 1 / 15) {
              const state = evaluate(scene, t);
              const cores = facesOnFrame(scene, state.panels).map((face) => face.core);
              for (const text of state.texts.filter((shown) => shown.opacity > 0)) {
                const where = `${fixture.name} ${aspect} ${template}: ${text.role} at ${t.toFixed(2)} s`;
                for (const core of cores) expect(overlapArea(text.box, core), where).toBe(0);
                for (const badge of state.labels)
                  expect(overlapArea(text.box, badge.box), `${where} on ${badge.text}`).toBe(0);
                checked += 1;
              }
            }
          }
        }
      }
      expect(checked).toBeGreaterThan(1000);
    },
  );
});
