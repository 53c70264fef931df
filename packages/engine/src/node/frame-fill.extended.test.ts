// Extended tier (runs where ../shared/fixtures exists): every layout fills its frame. Outside
// the end card, at ten moments of every video, the largest area of one flat colour (pixels
// within ±3 levels per channel of the frame's most common colour) covers at most 25 % of the
// frame — measured on frames decoded from the MP4 for each format's default template, and on
// the painted frames of every template. Also: face motion is applied, not skipped, on every
// fixture in every format at both plan sizes.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ASPECTS, TEMPLATES, outputSizeFor, type Aspect } from '@glowreel/contracts';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { phasesFor } from '../plan/timeline.ts';
import { resolveFfmpegPath } from './binaries.ts';
import { createFrameRenderer } from './canvas-renderer.ts';
import { fixtureRenderRequest } from './fixture-render.testing.ts';
import { cutPanelPhotos } from './panel-photos.ts';
import { prepareRender, renderVideoFile, type RenderVideoRequest } from './render-video.ts';

const fixtures = fileURLToPath(new URL('../../../../../shared/fixtures/', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'frame-fill-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const MAX_FLAT_SHARE = 0.25;

/** Share of the frame within ±3 levels per channel of its most common colour. */
function flatShare(rgb: Uint8Array | Uint8ClampedArray, channels: 3 | 4): number {
  const counts = new Map<number, number>();
  const pixels = rgb.length / channels;
  for (let i = 0; i < rgb.length; i += channels) {
    const key = (rgb[i]! << 16) | (rgb[i + 1]! << 8) | rgb[i + 2]!;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  let mode = 0;
  let best = -1;
  for (const [key, count] of counts) {
    if (count > best) {
      best = count;
      mode = key;
    }
  }
  const [r, g, b] = [(mode >> 16) & 255, (mode >> 8) & 255, mode & 255];
  let near = 0;
  for (let i = 0; i < rgb.length; i += channels) {
    if (
      Math.abs(rgb[i]! - r) <= 3 &&
      Math.abs(rgb[i + 1]! - g) <= 3 &&
      Math.abs(rgb[i + 2]! - b) <= 3
    )
      near += 1;
  }
  return near / pixels;
}

interface Fixture {
  name: string;
  inputPath: string;
  afterInputPath?: string;
}

/** A 1080 × 1080 side-by-side composite as clinics' phone apps export them (540 px halves). */
async function phoneAppComposite(): Promise<string> {
  const file = path.join(work, 'phone-app-1080.png');
  const half = async (face: string) =>
    sharp(path.join(fixtures, 'faces', face))
      .resize(540, 1080, { fit: 'cover', position: 'attention' })
      .png()
      .toBuffer();
  await sharp({ create: { width: 1080, height: 1080, channels: 3, background: '#000' } })
    .composite([
      { input: await half('face-09.jpg'), left: 0, top: 0 },
      { input: await half('face-09.jpg'), left: 540, top: 0 },
    ])
    .png()
    .toFile(file);
  return file;
}

async function allFixtures(): Promise<Fixture[]> {
  const composites = path.join(fixtures, 'composites');
  return [
    ...['sbs-nogap', 'sbs-gutter20', 'sbs-labels', 'stacked', 'sbs-misaligned', 'sbs-portrait'].map(
      (name) => ({ name, inputPath: path.join(composites, `${name}.jpg`) }),
    ),
    ...['pair-01', 'pair-02'].map((name) => ({
      name,
      inputPath: path.join(composites, `${name}-before.jpg`),
      afterInputPath: path.join(composites, `${name}-after.jpg`),
    })),
    { name: 'phone-app-1080', inputPath: await phoneAppComposite() },
  ];
}

function request(fixture: Fixture, aspect: Aspect, plan: 'free' | 'pro'): RenderVideoRequest {
  const outputDir = path.join(work, `${fixture.name}-${aspect.replace(':', 'x')}-${plan}`);
  mkdirSync(outputDir, { recursive: true });
  return fixtureRenderRequest(
    { inputPath: fixture.inputPath, afterInputPath: fixture.afterInputPath ?? null, outputDir },
    aspect,
    { plan },
  );
}

/** Ten moments spread over the video before the end card. */
function moments(endCardStart: number): number[] {
  return Array.from({ length: 10 }, (_unused, index) => ((index + 0.5) * endCardStart) / 10);
}

/** Decodes one frame of an MP4 at `seconds` as raw RGB. */
function decodeFrame(video: string, seconds: number, size: { width: number; height: number }) {
  const result = spawnSync(
    resolveFfmpegPath(undefined),
    [
      '-v',
      'error',
      '-ss',
      seconds.toFixed(3),
      '-i',
      video,
      '-frames:v',
      '1',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-',
    ],
    { maxBuffer: size.width * size.height * 3 + 1024 },
  );
  if (result.status !== 0) throw new Error(String(result.stderr));
  return new Uint8Array(result.stdout);
}

describe.runIf(existsSync(fixtures))('every layout fills its frame', () => {
  it(
    'keeps one flat colour to ≤ 25 % of every frame, for every fixture, format and template',
    { timeout: 1_800_000 },
    async () => {
      const worst: string[] = [];
      for (const fixture of await allFixtures()) {
        for (const aspect of ASPECTS) {
          const size = outputSizeFor('pro', aspect);
          // The MP4 of the format's default template, decoded.
          const rendered = await renderVideoFile(request(fixture, aspect, 'pro'), () => {});
          const prepared = await prepareRender(request(fixture, aspect, 'pro'));
          for (const t of moments(phasesFor(prepared.scene).endCardStart)) {
            const share = flatShare(decodeFrame(rendered.videoPath, t, size), 3);
            worst.push(
              `${fixture.name} ${aspect} mp4 ${t.toFixed(2)}s ${(share * 100).toFixed(1)}%`,
            );
            expect(
              share,
              `${fixture.name} ${aspect} at ${t.toFixed(2)} s (MP4)`,
            ).toBeLessThanOrEqual(MAX_FLAT_SHARE);
          }
          // The painted frames of every template.
          for (const template of TEMPLATES) {
            const scene = { ...prepared.scene, template };
            const renderer = createFrameRenderer(scene, cutPanelPhotos(prepared.photos));
            for (const t of moments(phasesFor(scene).endCardStart)) {
              const frame = renderer.frameRaster(Math.round(t * scene.fps));
              const share = flatShare(frame.data, 4);
              expect(
                share,
                `${fixture.name} ${aspect} ${template} at ${t.toFixed(2)} s`,
              ).toBeLessThanOrEqual(MAX_FLAT_SHARE);
            }
          }
          // Face motion runs on every fixture in every format at both plan sizes.
          for (const plan of ['free', 'pro'] as const) {
            const scene =
              plan === 'pro'
                ? prepared.scene
                : (await prepareRender(request(fixture, aspect, plan))).scene;
            const skipped = scene.faceMotion.records.filter((record) => !record.applied);
            expect(
              skipped.map((record) => record.reason),
              `${fixture.name} ${aspect} ${plan}`,
            ).toEqual([]);
          }
          rmSync(rendered.videoPath, { force: true });
        }
      }
      console.log(
        `flat share of MP4 frames, worst first: ${worst
          .sort(
            (a, b) =>
              Number.parseFloat(b.split(' ').at(-1)!) - Number.parseFloat(a.split(' ').at(-1)!),
          )
          .slice(0, 5)
          .join('; ')}`,
      );
    },
  );
});
