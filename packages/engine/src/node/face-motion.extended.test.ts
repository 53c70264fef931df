// Extended tier: face motion on the shared fixture portraits (public-domain photos of public
// figures, used as test inputs only and never copied here). Skipped where shared/ is absent.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { faceMotionAt } from '../motion/face-motion-schedule.ts';
import { buildFaceRig } from '../motion/face-rig.ts';
import type { Raster } from '../raster.ts';
import { descriptorSimilarity, faceDescriptor } from './face-identity.testing.ts';
import { drawMovedPanel } from './face-motion.testing.ts';
import { getNodeFaceDetector } from './human-node.ts';

const faces = fileURLToPath(new URL('../../../../../shared/fixtures/faces/', import.meta.url));

async function loadRaster(file: string): Promise<Raster> {
  const { data, info } = await sharp(file)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8ClampedArray(data) };
}

/** Cosine similarity of faceres descriptors; different fixture people reach at most 0.56. */
const IDENTITY_THRESHOLD = 0.8;
const FPS = 30;
const FRAMES = 240;
const timing = { motionSpeed: 'normal', endCardStart: 6.4 } as const;

describe.runIf(existsSync(faces))('face motion on the shared fixture faces', () => {
  const files = existsSync(faces) ? readdirSync(faces).filter((file) => file.endsWith('.jpg')) : [];

  it.each(files)(
    'keeps %s recognisably the same person in every 10th frame of every motion',
    async (file) => {
      const photo = await loadRaster(path.join(faces, file));
      const face = await (await getNodeFaceDetector()).detect(photo);
      expect(face).toBeDefined();
      if (!face) return;
      const reference = await faceDescriptor(photo);
      expect(reference).toBeDefined();
      if (!reference) return;
      const lowest: Record<string, number> = {};
      for (const kind of ['head_turn', 'smile', 'surprise', 'blink'] as const) {
        const rig = buildFaceRig(face, kind);
        const seen = new Map<string, number>();
        lowest[kind] = 1;
        for (let index = 10; index < FRAMES; index += 10) {
          const state = faceMotionAt(kind, 'before', timing, index / FPS);
          const key = JSON.stringify(state);
          let similarity = seen.get(key);
          if (similarity === undefined) {
            const descriptor = await faceDescriptor(drawMovedPanel(photo, rig, state).raster);
            similarity = descriptor ? descriptorSimilarity(reference, descriptor) : 0;
            seen.set(key, similarity);
          }
          lowest[kind] = Math.min(lowest[kind] ?? 1, similarity);
          expect(similarity, `${file} ${kind} frame ${index}`).toBeGreaterThan(IDENTITY_THRESHOLD);
        }
      }
      console.log(
        `${file}: lowest similarity to frame 0 — ${Object.entries(lowest)
          .map(([kind, value]) => `${kind} ${value.toFixed(3)}`)
          .join(', ')}`,
      );
    },
    300_000,
  );
});
