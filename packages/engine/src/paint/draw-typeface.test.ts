import { describe, expect, it } from 'vitest';
import { TYPEFACES } from '@glowreel/contracts';
import { buildScene } from '../plan/build-scene.ts';
import { makeSceneInput } from '../plan/scene-input.factory.ts';
import { evaluate, coverSeconds } from '../plan/timeline.ts';
import { TYPEFACE_DEFINITIONS } from '../text/typefaces.ts';
import type { Canvas2D } from './canvas.ts';
import { draw, type DrawOptions } from './draw.ts';
import { createFacePatches } from '../motion/face-patch.ts';

/** These scenes have no faces, so nothing ever asks for a surface. */
const NO_FACE_MOTION: DrawOptions<object> = {
  logoSize: null,
  facePatches: createFacePatches(() => {
    throw new Error('no face moves in these scenes');
  }),
};

/** A canvas that draws nothing and remembers every font the painters set before writing text. */
function fontRecordingContext(): { ctx: Canvas2D<object>; fontsUsed: string[] } {
  const fontsUsed: string[] = [];
  const state: Record<string | symbol, unknown> = { font: '' };
  const ctx = new Proxy(state, {
    get(target, key) {
      if (key === 'measureText') return (text: string) => ({ width: text.length * 10 });
      if (key === 'fillText') return () => fontsUsed.push(String(target.font));
      if (key === 'createPattern') return () => ({});
      if (key === 'createLinearGradient') return () => ({ addColorStop: () => undefined });
      if (key in target) return target[key];
      return () => undefined;
    },
    set(target, key, value) {
      target[key] = value;
      return true;
    },
  }) as unknown as Canvas2D<object>;
  return { ctx, fontsUsed };
}

describe('painting text in the brand typeface', () => {
  it.each(TYPEFACES)('writes labels, caption and end card in %s', (typeface) => {
    const scene = buildScene(
      makeSceneInput({
        branding: {
          clinicName: 'Lumen Aesthetics',
          contact: 'lumen.example',
          treatmentTitle: 'Lip filler',
          typeface,
        },
      }),
    );
    expect(scene.branding.typeface).toBe(typeface);
    const { ctx, fontsUsed } = fontRecordingContext();
    const assets = { before: {}, after: {}, logo: null };
    for (const t of [0.4, 3.0, coverSeconds(scene), 7.9]) {
      draw(ctx, scene, evaluate(scene, t), assets, NO_FACE_MOTION);
    }
    expect(fontsUsed.length).toBeGreaterThanOrEqual(4);
    const family = `"${TYPEFACE_DEFINITIONS[typeface].family}"`;
    for (const font of fontsUsed) expect(font).toContain(family);
  });

  it('writes in Inter when the brand names no typeface', () => {
    const scene = buildScene(makeSceneInput());
    expect(scene.branding.typeface).toBeUndefined();
    const { ctx, fontsUsed } = fontRecordingContext();
    draw(ctx, scene, evaluate(scene, 7.9), { before: {}, after: {}, logo: null }, NO_FACE_MOTION);
    expect(fontsUsed.length).toBeGreaterThan(0);
    for (const font of fontsUsed) expect(font).toContain('"Glowreel Inter", sans-serif');
  });
});
