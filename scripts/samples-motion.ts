// npm run samples:motion — contact sheets of the face motions for a person to look at: for
// each motion and each shared fixture composite, the frames at 0, 2, 4, 6 and 8 s (top row)
// and close-ups of the moving face at the same moments (bottom row). Written to
// .tmp/motion-samples (git-ignored). The fixture portraits are public figures: these sheets
// are for checking the engine only, never for marketing or docs.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PRIMARY_ANIMATIONS, outputSizeFor, type PrimaryAnimation } from '@glowreel/contracts';
import {
  applyAffine,
  composeAffine,
  evaluate,
  frameCount,
  panelPlacement,
  type Rect,
} from '@glowreel/engine';
import { createFrameRenderer, cutPanelPhotos, prepareRender } from '@glowreel/engine/node';
import sharp, { type OverlayOptions } from 'sharp';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const fixtures = path.join(root, '..', 'shared', 'fixtures', 'composites');
const outDir = path.join(root, '.tmp', 'motion-samples');
const TIMES = [0, 2, 4, 6, 8];
const THUMB_WIDTH = 480;
const CROP_SIZE = 480;

const INPUTS: { name: string; files: [string] | [string, string] }[] = [
  { name: 'sbs-nogap', files: ['sbs-nogap.jpg'] },
  { name: 'sbs-misaligned', files: ['sbs-misaligned.jpg'] },
  { name: 'stacked', files: ['stacked.jpg'] },
  { name: 'sbs-portrait', files: ['sbs-portrait.jpg'] },
  { name: 'pair-01', files: ['pair-01-before.jpg', 'pair-01-after.jpg'] },
  { name: 'sbs-small', files: ['sbs-small-640x360.png'] },
];

function rgba(data: Uint8ClampedArray | Uint8Array, width: number, height: number) {
  return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
    raw: { width, height, channels: 4 },
  });
}

async function sheet(input: (typeof INPUTS)[number], animation: PrimaryAnimation): Promise<string> {
  const size = outputSizeFor('pro', '16:9');
  const prepared = await prepareRender({
    inputPath: path.join(fixtures, input.files[0]),
    afterInputPath: input.files[1] ? path.join(fixtures, input.files[1]) : null,
    outputDir: outDir,
    ...size,
    options: {
      primaryAnimation: animation,
      emphasisEffect: 'subtle_zoom',
      motionSpeed: 'normal',
      aspect: '16:9',
      autoAlign: true,
    },
    branding: {
      clinicName: 'Sample Clinic',
      contact: null,
      treatmentTitle: null,
      disclosure: null,
    },
    ffmpegPath: null,
    faceDetection: true,
  });
  const { scene } = prepared;
  const renderer = createFrameRenderer(scene, cutPanelPhotos(prepared.photos));
  const moving = scene.faceMotion.records.find((record) => record.requested !== 'blink');
  const panelName = moving?.panel ?? 'before';
  const rig = scene.faceMotion[panelName]?.rig;
  const tiles: OverlayOptions[] = [];
  const last = frameCount(scene) - 1;
  for (const [column, seconds] of TIMES.entries()) {
    const index = Math.min(last, Math.round(seconds * scene.fps));
    const frame = renderer.frameRaster(index);
    const thumb = await rgba(frame.data, frame.width, frame.height)
      .resize({ width: THUMB_WIDTH })
      .png()
      .toBuffer();
    tiles.push({ input: thumb, left: column * THUMB_WIDTH, top: 0 });
    // The close-up follows the moving panel's face box (its ring) on the output frame.
    const state = evaluate(scene, index / scene.fps);
    const panel = state.panels.find((p) => p.which === panelName);
    if (rig && panel) {
      const toOut = composeAffine(
        panelPlacement(panel),
        panelName === 'before' ? { a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 } : scene.afterTransform,
      );
      const xs: number[] = [];
      const ys: number[] = [];
      for (let i = 0; i < rig.ring.length; i += 2) {
        const p = applyAffine(toOut, { x: rig.ring[i] ?? 0, y: rig.ring[i + 1] ?? 0 });
        xs.push(p.x);
        ys.push(p.y);
      }
      const box: Rect = clampBox(xs, ys, frame.width, frame.height);
      const crop = await rgba(frame.data, frame.width, frame.height)
        .extract({ left: box.x, top: box.y, width: box.width, height: box.height })
        .resize({ width: CROP_SIZE, height: CROP_SIZE, fit: 'contain', background: '#000' })
        .png()
        .toBuffer();
      tiles.push({ input: crop, left: column * THUMB_WIDTH, top: 270 });
    }
  }
  const file = path.join(outDir, `${input.name}--${animation}.png`);
  await sharp({
    create: {
      width: THUMB_WIDTH * TIMES.length,
      height: 270 + CROP_SIZE,
      channels: 3,
      background: '#222',
    },
  })
    .composite(tiles)
    .png()
    .toFile(file);
  const records = scene.faceMotion.records
    .map((r) => `${r.panel}: ${r.requested} ${r.applied ? 'applied' : `skipped (${r.reason})`}`)
    .join('; ');
  return `${path.relative(root, file)} — ${records}`;
}

function clampBox(xs: number[], ys: number[], width: number, height: number): Rect {
  const x0 = Math.max(0, Math.floor(Math.min(...xs)));
  const y0 = Math.max(0, Math.floor(Math.min(...ys)));
  const x1 = Math.min(width, Math.ceil(Math.max(...xs)));
  const y1 = Math.min(height, Math.ceil(Math.max(...ys)));
  return { x: x0, y: y0, width: Math.max(1, x1 - x0), height: Math.max(1, y1 - y0) };
}

async function main(): Promise<void> {
  if (!existsSync(fixtures)) {
    console.log(`No shared fixtures at ${fixtures}: nothing to render.`);
    return;
  }
  mkdirSync(outDir, { recursive: true });
  const only = process.argv[2];
  for (const input of INPUTS) {
    if (only && !input.name.includes(only)) continue;
    for (const animation of PRIMARY_ANIMATIONS) console.log(await sheet(input, animation));
  }
}

await main();
