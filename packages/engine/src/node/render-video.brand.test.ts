import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareRender } from './render-video.ts';

const workDir = mkdtempSync(path.join(tmpdir(), 'glowreel-render-brand-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe("prepareRender with the clinic's brand kit", () => {
  it('draws with its accent, keeps its typeface and notes both in the provenance', async () => {
    const composite = await sharp({
      create: { width: 1200, height: 600, channels: 3, background: { r: 200, g: 100, b: 50 } },
    })
      .composite([
        {
          input: { create: { width: 600, height: 600, channels: 3, background: '#3050a0' } },
          left: 600,
          top: 0,
        },
      ])
      .png()
      .toBuffer();
    const file = path.join(workDir, 'composite.png');
    writeFileSync(file, composite);
    const prepared = await prepareRender({
      inputPath: file,
      outputDir: workDir,
      width: 320,
      height: 180,
      options: {
        primaryAnimation: 'animate_before_head_turn',
        emphasisEffect: 'subtle_zoom',
        motionSpeed: 'normal',
        aspect: '16:9',
        autoAlign: true,
      },
      branding: {
        clinicName: 'Lumen Aesthetics',
        contact: '@lumen',
        treatmentTitle: null,
        disclosure: null,
        accentColor: '#c0267a',
        typeface: 'playfair_display',
      },
      ffmpegPath: null,
      faceDetection: false,
    });
    expect(prepared.scene.colors.accent).toBe('#c0267a');
    expect(prepared.scene.branding.typeface).toBe('playfair_display');
    expect(prepared.provenance.branding).toEqual({
      accentColor: '#c0267a',
      typeface: 'playfair_display',
      hasLogo: false,
    });
  });
});
