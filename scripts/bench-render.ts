// npm run bench:render — the full render (decode, split, faces, frames, encode) against
// a bare ffmpeg encode of the same number of synthetic frames at the same size and
// preset, measured in the same run. Each case runs in a fresh process so its peak RSS
// is its own. Prints seconds, the ratio and peak RSS per case.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { outputSizeFor, type Aspect, type PlanId } from '@glowreel/contracts';
import { renderVideoFile, resolveFfmpegPath, startEncoder } from '@glowreel/engine/node';
import sharp from 'sharp';

const CASES: { label: string; plan: PlanId; aspect: Aspect }[] = [
  { label: '16:9 720p', plan: 'free', aspect: '16:9' },
  { label: '16:9 1080p', plan: 'pro', aspect: '16:9' },
  { label: '9:16 720p', plan: 'free', aspect: '9:16' },
  { label: '9:16 1080p', plan: 'pro', aspect: '9:16' },
];
const FRAMES = 240;

interface Measurement {
  seconds: number;
  peakRssMb: number;
}

async function makeComposite(file: string): Promise<void> {
  // A textured 2400×1500 side-by-side composite: realistic decode and analysis work.
  const width = 2400;
  const height = 1500;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const local = x % (width / 2);
      const i = (y * width + x) * 3;
      const shade = 120 + 60 * Math.sin(local / 37) * Math.cos(y / 53);
      pixels[i] = shade + (x >= width / 2 ? 12 : 0);
      pixels[i + 1] = shade * 0.8;
      pixels[i + 2] = shade * 0.7;
    }
  }
  await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toFile(file);
}

async function runRender(input: string, plan: PlanId, aspect: Aspect): Promise<Measurement> {
  const outputDir = mkdtempSync(path.join(tmpdir(), 'glowreel-bench-out-'));
  const started = performance.now();
  await renderVideoFile(
    {
      inputPath: input,
      outputDir,
      ...outputSizeFor(plan, aspect),
      options: {
        primaryAnimation: 'animate_before_head_turn',
        emphasisEffect: 'subtle_zoom',
        motionSpeed: 'normal',
        aspect,
        autoAlign: true,
      },
      branding: {
        clinicName: 'Benchmark Clinic',
        contact: '555-0100',
        treatmentTitle: 'Lip Refill',
        disclosure: null,
      },
      ffmpegPath: null,
      faceDetection: true,
    },
    () => undefined,
  );
  const seconds = (performance.now() - started) / 1000;
  rmSync(outputDir, { recursive: true, force: true });
  return { seconds, peakRssMb: process.resourceUsage().maxRSS / 1024 };
}

async function runBareEncode(plan: PlanId, aspect: Aspect): Promise<Measurement> {
  const { width, height } = outputSizeFor(plan, aspect);
  const outputDir = mkdtempSync(path.join(tmpdir(), 'glowreel-bench-bare-'));
  // Frames are prepared before the clock starts: this measures ffmpeg alone.
  const frames = Array.from({ length: 8 }, (_, k) => {
    const frame = Buffer.alloc(width * height * 4);
    for (let i = 0; i < frame.length; i += 4) {
      const x = (i / 4) % width;
      frame[i] = (x + k * 7) % 255;
      frame[i + 1] = ((i / 4 / width) * 0.5 + k) % 255;
      frame[i + 2] = 128;
      frame[i + 3] = 255;
    }
    return frame;
  });
  const started = performance.now();
  const encoder = startEncoder({
    ffmpegPath: resolveFfmpegPath(null),
    width,
    height,
    outputPath: path.join(outputDir, 'bare.mp4'),
  });
  for (let index = 0; index < FRAMES; index += 1)
    await encoder.write(frames[index % frames.length] ?? frames[0]!);
  await encoder.finish();
  const seconds = (performance.now() - started) / 1000;
  rmSync(outputDir, { recursive: true, force: true });
  return { seconds, peakRssMb: process.resourceUsage().maxRSS / 1024 };
}

async function child(mode: string, input: string, plan: PlanId, aspect: Aspect): Promise<void> {
  const result =
    mode === 'render' ? await runRender(input, plan, aspect) : await runBareEncode(plan, aspect);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

function measureInChild(
  mode: 'render' | 'bare',
  input: string,
  plan: PlanId,
  aspect: Aspect,
): Measurement {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', import.meta.filename, mode, input, plan, aspect],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  if (result.status !== 0) throw new Error(`${mode} ${plan} ${aspect} failed`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}') as Measurement;
}

async function main(): Promise<void> {
  const [mode, input, plan, aspect] = process.argv.slice(2);
  if (mode === 'render' || mode === 'bare')
    return child(mode, input ?? '', plan as PlanId, aspect as Aspect);

  const workDir = mkdtempSync(path.join(tmpdir(), 'glowreel-bench-'));
  const composite = path.join(workDir, 'composite.jpg');
  await makeComposite(composite);
  console.log(
    `Render benchmark: ${FRAMES} frames (8 s at 30 fps), x264 preset as the product uses, 2400×1500 JPEG composite`,
  );
  console.log(
    'case        | render s | bare encode s | ratio | render peak RSS MB | bare peak RSS MB',
  );
  for (const testCase of CASES) {
    const render = measureInChild('render', composite, testCase.plan, testCase.aspect);
    const bare = measureInChild('bare', composite, testCase.plan, testCase.aspect);
    console.log(
      [
        testCase.label.padEnd(11),
        render.seconds.toFixed(2).padStart(8),
        bare.seconds.toFixed(2).padStart(13),
        (render.seconds / bare.seconds).toFixed(2).padStart(5),
        render.peakRssMb.toFixed(0).padStart(18),
        bare.peakRssMb.toFixed(0).padStart(16),
      ].join(' | '),
    );
  }
  rmSync(workDir, { recursive: true, force: true });
}

await main();
