// Extended tier (runs where ../shared/fixtures exists): on the faces detected in the shared
// fixture photos, in every template and format, no text box covers the eyes-to-chin part of a
// face on screen, nor a BEFORE/AFTER badge, at any moment before the end card.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ASPECTS, TEMPLATES, outputSizeFor, type Aspect } from '@glowreel/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import type { Rect } from '../geometry.ts';
import { facesOnFrame } from '../plan/templates/place-text.ts';
import { evaluate, phasesFor } from '../plan/timeline.ts';
import { prepareRender, type RenderVideoRequest } from './render-video.ts';

const fixtures = fileURLToPath(
  new URL('../../../../../shared/fixtures/composites/', import.meta.url),
);
const work = mkdtempSync(path.join(tmpdir(), 'text-faces-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const FIXTURES = [
  ...['sbs-nogap', 'sbs-gutter20', 'sbs-labels', 'stacked', 'sbs-misaligned', 'sbs-portrait'].map(
    (name) => ({ name, before: `${name}.jpg`, after: null as string | null }),
  ),
  ...['pair-01', 'pair-02'].map((name) => ({
    name,
    before: `${name}-before.jpg`,
    after: `${name}-after.jpg`,
  })),
];

function request(fixture: (typeof FIXTURES)[number], aspect: Aspect): RenderVideoRequest {
  return {
    inputPath: path.join(fixtures, fixture.before),
    afterInputPath: fixture.after ? path.join(fixtures, fixture.after) : null,
    outputDir: work,
    ...outputSizeFor('pro', aspect),
    options: {
      primaryAnimation: 'animate_after_smile',
      emphasisEffect: 'none',
      motionSpeed: 'normal',
      aspect,
      autoAlign: true,
    },
    branding: {
      clinicName: 'Lumen Aesthetics',
      contact: 'lumenclinic.com',
      treatmentTitle: 'Skin renewal · 4 weeks',
      disclosure: null,
    },
    ffmpegPath: null,
    faceDetection: true,
  };
}

function overlap(a: Rect, b: Rect): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}

describe.runIf(existsSync(fixtures))('text on the fixture photos', () => {
  it(
    'never covers a face from the eyes to the chin, nor a badge',
    { timeout: 900_000 },
    async () => {
      let checked = 0;
      for (const fixture of FIXTURES) {
        for (const aspect of ASPECTS) {
          const prepared = await prepareRender(request(fixture, aspect));
          expect(prepared.scene.faceCore, `${fixture.name}: a face was found`).not.toBeNull();
          for (const template of TEMPLATES) {
            const scene = { ...prepared.scene, template };
            const end = phasesFor(scene).endCardStart;
            for (let t = 0; t < end; t += 1 / 15) {
              const state = evaluate(scene, t);
              const cores = facesOnFrame(scene, state.panels).map((face) => face.core);
              for (const text of state.texts.filter((shown) => shown.opacity > 0)) {
                const where = `${fixture.name} ${aspect} ${template}: ${text.role} at ${t.toFixed(2)} s`;
                for (const core of cores) expect(overlap(text.box, core), where).toBe(0);
                for (const badge of state.labels)
                  expect(overlap(text.box, badge.box), `${where} on ${badge.text}`).toBe(0);
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
