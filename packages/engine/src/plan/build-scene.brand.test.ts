import { describe, expect, it } from 'vitest';
import { buildProvenance } from '../provenance.ts';
import { buildScene } from './build-scene.ts';
import { makeSceneInput } from './scene-input.factory.ts';
import { DEFAULT_COLORS } from './scene.ts';

describe('buildScene with a brand kit', () => {
  it("draws the accent in the clinic's colour and keeps the other colours", () => {
    const scene = buildScene(
      makeSceneInput({ branding: { clinicName: 'Lumen Aesthetics', accentColor: '#c0267a' } }),
    );
    expect(scene.colors).toEqual({ ...DEFAULT_COLORS, accent: '#c0267a' });
    expect(scene.branding.accentColor).toBe('#c0267a');
  });

  it("keeps the clinic's typeface for the painting", () => {
    const scene = buildScene(
      makeSceneInput({
        branding: { clinicName: 'Lumen Aesthetics', typeface: 'playfair_display' },
      }),
    );
    expect(scene.branding.typeface).toBe('playfair_display');
  });

  it("uses the engine's own accent and typeface when the clinic chose none", () => {
    const scene = buildScene(makeSceneInput({ branding: { clinicName: 'Lumen Aesthetics' } }));
    expect(scene.colors).toEqual(DEFAULT_COLORS);
    // No typeface named: the painters use the default (Inter).
    expect(scene.branding.typeface).toBeUndefined();
    expect(scene.branding.accentColor).toBeNull();
  });

  it('notes the look it was drawn with in the provenance, and nothing about the patient', () => {
    const scene = buildScene(
      makeSceneInput({
        branding: {
          clinicName: 'Lumen Aesthetics',
          accentColor: '#c0267a',
          typeface: 'montserrat',
          hasLogo: true,
        },
      }),
    );
    const provenance = buildProvenance({
      engineVersion: 'test',
      scene,
      panels: {
        layout: 'pair',
        before: { x: 0, y: 0, width: 800, height: 1000 },
        after: { x: 0, y: 0, width: 800, height: 1000 },
        confidence: 1,
        isFallback: false,
        reason: 'two photos',
      },
      alignment: { applied: false, reason: 'not asked' },
      faces: { before: false, after: false, enabled: false },
      treatedArea: null,
      source: { width: 800, height: 1000, format: 'png' },
    });
    expect(provenance.branding).toEqual({
      accentColor: '#c0267a',
      typeface: 'montserrat',
      hasLogo: true,
    });
  });
});
