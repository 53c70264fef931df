import { TEMPLATES } from '@glowreel/contracts';
import { describe, expect, it } from 'vitest';
import { buildProvenance } from '../provenance.ts';
import { buildScene } from './build-scene.ts';
import { makeSceneInput } from './scene-input.factory.ts';
import { TEMPLATE_THUMBNAIL_SECONDS } from './templates/index.ts';

describe('the scene carries its template', () => {
  it.each([
    ['9:16', 'reveal'],
    ['1:1', 'split'],
    ['16:9', 'split'],
  ] as const)("plays the format's default in %s when none is chosen: %s", (aspect, expected) => {
    expect(buildScene(makeSceneInput({ options: { aspect } })).template).toBe(expected);
  });

  it.each(TEMPLATES)('plays the chosen template "%s" in every format', (template) => {
    for (const aspect of ['9:16', '1:1', '16:9'] as const) {
      expect(buildScene(makeSceneInput({ options: { aspect, template } })).template).toBe(template);
    }
  });

  it('records the template in the provenance', () => {
    const scene = buildScene(makeSceneInput({ options: { template: 'detail' } }));
    const provenance = buildProvenance({
      engineVersion: 'test',
      scene,
      panels: {
        layout: 'side-by-side',
        before: { x: 0, y: 0, width: 800, height: 1000 },
        after: { x: 800, y: 0, width: 800, height: 1000 },
        confidence: 1,
        isFallback: false,
        reason: 'test',
      },
      alignment: { applied: false, reason: 'no faces' },
      faces: { before: false, after: false, enabled: false },
      treatedArea: null,
      source: { width: 1600, height: 1000, format: 'png' },
    });
    expect(provenance.options.template).toBe('detail');
  });

  it('shows every template in the picker at a moment inside the video', () => {
    const scene = buildScene(makeSceneInput());
    for (const template of TEMPLATES) {
      const seconds = TEMPLATE_THUMBNAIL_SECONDS[template];
      expect(seconds).toBeGreaterThanOrEqual(0);
      expect(seconds).toBeLessThan(scene.durationSeconds);
    }
  });
});
