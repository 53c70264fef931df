import path from 'node:path';
import { SAMPLE_VIDEOS } from '@glowreel/contracts';
import { probeVideo } from '@glowreel/engine/node';
import { describe, expect, it } from 'vitest';

const SAMPLES_DIR = path.resolve(import.meta.dirname, '../apps/web/public/samples');

// The landing page and the docs say the samples are rendered by our own engine from
// illustrated faces (DESIGN.md D14): each MP4 carries the provenance of its render.
describe('the shipped sample videos', () => {
  it.each(SAMPLE_VIDEOS.map((sample) => sample.slug))(
    '%s was rendered by the built-in engine from the composite render-samples.ts draws',
    async (slug) => {
      const probe = await probeVideo(path.join(SAMPLES_DIR, `${slug}.mp4`));
      const provenance = JSON.parse(probe.tags.comment ?? '{}') as {
        engineVersion?: string;
        source?: { width: number; height: number; format: string };
      };
      expect(provenance.engineVersion).toMatch(/^glowreel-builtin\//);
      // render-samples.ts paints two 600 × 720 illustrated panels side by side, as PNG.
      expect(provenance.source).toEqual({ width: 1200, height: 720, format: 'png' });
    },
  );
});
