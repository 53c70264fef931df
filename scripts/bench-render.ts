// npm run bench:render — the full render (decode, split, faces, frames, encode) against
// a bare ffmpeg encode of the same number of synthetic frames at the same size and
// preset, handed to ffmpeg as the render hands it (I420, with the same environment),
// measured in the same run. For comparison it also times ffmpeg fed the same frames as
// RGBA (converting them itself), the way raw canvas frames are usually handed to it. Each case
// runs in a fresh process (so its peak RSS is its own) with the allocator and environment a
// server runs with; there it renders twice: the first render also loads the face model and
// starts the paint workers (once per server), the second is what a running server does.
// Prints seconds, the ratios and peak RSS per case; with `--rounds N` (the default for
// `-- templates` is 5) each row is the median of N rounds of a render and a bare encode.
// `-- paint` times the paint worker's work alone per template (CPU seconds while the render's
// paint worker paints every distinct frame): the serial chain of a template render. `-- floor` times what a template's render
// would take if painting cost nothing: its set-up (decode, split, faces, scene) and ffmpeg
// alone encoding the template's own frames, painted beforehand and kept in memory.
//
// The face-motion cases render a composite built from the face Human embeds for its own
// warm-up (a computer-generated portrait in node_modules), enlarged so its eyes are far
// enough apart for face motion, and say which panels actually moved.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import {
  TEMPLATES,
  outputSizeFor,
  type Aspect,
  type PlanId,
  type PrimaryAnimation,
  type Template,
} from '@glowreel/contracts';
import {
  createI420Converter,
  frameRuns,
  prepareRender,
  renderVideoFile,
  resolveFfmpegPath,
  startEncoder,
  startParallelPainter,
  type EncoderInputFormat,
  type RenderVideoRequest,
} from '@glowreel/engine/node';
import sharp from 'sharp';
import { makeFaceComposite } from './bench-fixtures.ts';
import { RENDER_PROCESS_V8_FLAGS, serverProcessEnvironment } from './server-process.mjs';

interface BenchCase {
  label: string;
  plan: PlanId;
  aspect: Aspect;
  /** 'texture': no face (no face motion); 'face': a face in both panels. */
  input: 'texture' | 'face';
  animation: PrimaryAnimation;
  /** Omitted: the format's default template. */
  template?: Template;
}

const CASES: BenchCase[] = [
  { label: '16:9 720p', plan: 'free', aspect: '16:9' },
  { label: '16:9 1080p', plan: 'pro', aspect: '16:9' },
  { label: '9:16 720p', plan: 'free', aspect: '9:16' },
  { label: '9:16 1080p', plan: 'pro', aspect: '9:16' },
].map((base) => ({
  ...base,
  plan: base.plan as PlanId,
  aspect: base.aspect as Aspect,
  input: 'texture' as const,
  animation: 'animate_before_head_turn' as const,
}));
const MOTION_CASES: BenchCase[] = [
  {
    label: '16:9 1080p head turn',
    plan: 'pro',
    aspect: '16:9',
    input: 'face',
    animation: 'animate_before_head_turn',
  },
  {
    label: '16:9 1080p smile',
    plan: 'pro',
    aspect: '16:9',
    input: 'face',
    animation: 'animate_after_smile',
  },
  {
    label: '16:9 1080p surprise',
    plan: 'pro',
    aspect: '16:9',
    input: 'face',
    animation: 'animate_after_surprise',
  },
  {
    label: '16:9 720p head turn',
    plan: 'free',
    aspect: '16:9',
    input: 'face',
    animation: 'animate_before_head_turn',
  },
];
/** One row per template at 1080p, face motion included (issue #16: ratio ≤ 1.3 each). */
const TEMPLATE_CASES: BenchCase[] = TEMPLATES.map((template) => ({
  label: `16:9 1080p ${template}`,
  plan: 'pro',
  aspect: '16:9',
  input: 'face',
  animation: 'animate_after_smile',
  template,
}));
const FRAMES = 240;
/** Every case's environment: the one a server process starts with. */
const CHILD_ENVIRONMENT = serverProcessEnvironment(process.env);

interface Measurement {
  seconds: number;
  /** CPU seconds of the process and the children it waited for (ffmpeg): robust when the machine is busy. */
  cpuSeconds: number;
  peakRssMb: number;
  /** Panels whose face moved (render only). */
  moved?: string;
  /** The first render in the process (face model loading, paint workers starting); render only. */
  firstSeconds?: number;
  /** Distinct frames painted (paint only). */
  paintedFrames?: number;
  /** Set-up before the first frame, wall and CPU seconds (floor only). */
  setupSeconds?: number;
  setupCpuSeconds?: number;
}

function loadAverageLine(when: 'start' | 'end'): string {
  const averages = loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
  return `Load average at ${when} (${availableParallelism()} cores): ${averages}`;
}

/** CPU seconds used so far by this process and its reaped children (ffmpeg), from /proc. */
function cpuSecondsSoFar(): number {
  const own = process.cpuUsage();
  // /proc/self/stat fields 16 and 17 (cutime, cstime) in clock ticks (100 per second on Linux).
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  const children = (Number(fields[13] ?? 0) + Number(fields[14] ?? 0)) / 100;
  return (own.user + own.system) / 1e6 + children;
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

function renderRequest(
  input: string,
  outputDir: string,
  plan: PlanId,
  aspect: Aspect,
  animation: PrimaryAnimation,
  template?: Template,
): RenderVideoRequest {
  return {
    inputPath: input,
    outputDir,
    ...outputSizeFor(plan, aspect),
    options: {
      primaryAnimation: animation,
      emphasisEffect: 'subtle_zoom',
      motionSpeed: 'normal',
      aspect,
      autoAlign: true,
      template: template ?? null,
    },
    branding: {
      clinicName: 'Benchmark Clinic',
      contact: '555-0100',
      treatmentTitle: 'Lip Refill',
      disclosure: null,
    },
    ffmpegPath: null,
    faceDetection: true,
  };
}

/**
 * One render as a running server does it: the first render in a process also loads the face
 * model and starts the paint workers, which a server does once, so the same render is timed
 * a second time in the same process and both are reported.
 */
async function runRender(
  input: string,
  plan: PlanId,
  aspect: Aspect,
  animation: PrimaryAnimation,
  template?: Template,
): Promise<Measurement> {
  const first = await timeOneRender(input, plan, aspect, animation, template);
  const warm = await timeOneRender(input, plan, aspect, animation, template);
  return {
    ...warm,
    firstSeconds: first.seconds,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  };
}

async function timeOneRender(
  input: string,
  plan: PlanId,
  aspect: Aspect,
  animation: PrimaryAnimation,
  template?: Template,
): Promise<Measurement> {
  const outputDir = mkdtempSync(path.join(tmpdir(), 'glowreel-bench-out-'));
  const cpuStarted = cpuSecondsSoFar();
  const started = performance.now();
  const result = await renderVideoFile(
    renderRequest(input, outputDir, plan, aspect, animation, template),
    () => undefined,
  );
  const seconds = (performance.now() - started) / 1000;
  rmSync(outputDir, { recursive: true, force: true });
  const moved = result.provenance.faceMotion.panels
    .filter((panel) => panel.applied)
    .map((panel) => `${panel.panel} ${panel.motion}`)
    .join(', ');
  return {
    seconds,
    cpuSeconds: cpuSecondsSoFar() - cpuStarted,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    moved: moved || 'none',
  };
}

/** Face analysis (both panels) of one composite, after a first warm-up run in this process. */
async function runFaces(input: string): Promise<Measurement> {
  const outputDir = mkdtempSync(path.join(tmpdir(), 'glowreel-bench-faces-'));
  const request = renderRequest(input, outputDir, 'pro', '16:9', 'animate_before_head_turn');
  await prepareRender(request);
  const runs: number[] = [];
  for (let run = 0; run < 3; run += 1) runs.push((await prepareRender(request)).faceSeconds);
  rmSync(outputDir, { recursive: true, force: true });
  return {
    seconds: Math.max(...runs),
    cpuSeconds: 0,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    moved: runs.map((value) => value.toFixed(2)).join(' / '),
  };
}

async function runBareEncode(
  plan: PlanId,
  aspect: Aspect,
  inputFormat: EncoderInputFormat,
): Promise<Measurement> {
  const { width, height } = outputSizeFor(plan, aspect);
  const outputDir = mkdtempSync(path.join(tmpdir(), 'glowreel-bench-bare-'));
  // Frames are prepared (and converted to I420, as the render's paint workers do) before the
  // clock starts: this measures ffmpeg alone.
  const toI420 = createI420Converter(width, height);
  const frames = Array.from({ length: 8 }, (_, k) => {
    const frame = Buffer.alloc(width * height * 4);
    for (let i = 0; i < frame.length; i += 4) {
      const x = (i / 4) % width;
      frame[i] = (x + k * 7) % 255;
      frame[i + 1] = ((i / 4 / width) * 0.5 + k) % 255;
      frame[i + 2] = 128;
      frame[i + 3] = 255;
    }
    return inputFormat === 'yuv420p' ? toI420.convert(frame).slice() : frame;
  });
  const encoded = await timeEncode(
    { width, height, inputFormat, outputPath: path.join(outputDir, 'bare.mp4') },
    Array.from({ length: FRAMES }, (_, index) => frames[index % frames.length] ?? frames[0]!),
  );
  rmSync(outputDir, { recursive: true, force: true });
  return { ...encoded, peakRssMb: process.resourceUsage().maxRSS / 1024 };
}

/** ffmpeg alone encoding `frames` with the product's settings: wall and CPU seconds. */
async function timeEncode(
  spec: Omit<Parameters<typeof startEncoder>[0], 'ffmpegPath'>,
  frames: Uint8Array[],
): Promise<{ seconds: number; cpuSeconds: number }> {
  const cpuStarted = cpuSecondsSoFar();
  const started = performance.now();
  const encoder = startEncoder({ ffmpegPath: resolveFfmpegPath(null), ...spec });
  for (const frame of frames) await encoder.write(frame);
  await encoder.finish();
  return {
    seconds: (performance.now() - started) / 1000,
    cpuSeconds: cpuSecondsSoFar() - cpuStarted,
  };
}

/**
 * The paint worker's share of one template's render: every distinct frame painted, read out
 * and converted to I420 by the render's own paint worker (one thread, as on the standard
 * machine), one frame at a time, after one untimed pass that warms it up. CPU seconds of the
 * whole process while it paints (the worker, and V8's background threads collecting its
 * garbage; the main thread only waits), so other processes on a busy machine distort it
 * less than wall-clock figures. Painting on the main thread instead measured read-outs about
 * three times slower than in a worker (glibc's main heap gives freed pages back and takes
 * them again), so the figure would not be the render's.
 */
async function runPaint(input: string, template: Template): Promise<Measurement> {
  const outputDir = mkdtempSync(path.join(tmpdir(), 'glowreel-bench-paint-'));
  const prepared = await prepareRender(
    renderRequest(input, outputDir, 'pro', '16:9', 'animate_after_smile', template),
  );
  rmSync(outputDir, { recursive: true, force: true });
  const { scene } = prepared;
  const distinct = frameRuns(scene).map((run) => run.firstFrame);
  const painter = startParallelPainter(1);
  try {
    const paintAll = async () => {
      painter.stagePhotos(prepared.photos);
      await painter.load(scene);
      for (const frame of distinct) await painter.paint(frame, 0);
      await painter.unload();
    };
    await paintAll();
    const cpuStarted = cpuSecondsSoFar();
    const started = performance.now();
    await paintAll();
    return {
      seconds: (performance.now() - started) / 1000,
      cpuSeconds: cpuSecondsSoFar() - cpuStarted,
      peakRssMb: process.resourceUsage().maxRSS / 1024,
      paintedFrames: distinct.length,
    };
  } finally {
    await painter.close();
  }
}

/**
 * A template's render with free painting: the set-up a render does before its first frame
 * (after one untimed run that loads the face model), then ffmpeg alone encoding the
 * template's 240 frames, painted beforehand by the render's own paint worker, handed over as
 * the render hands them (I420, one write per frame, holds written again).
 */
async function runFloor(input: string, template: Template): Promise<Measurement> {
  const outputDir = mkdtempSync(path.join(tmpdir(), 'glowreel-bench-floor-'));
  const request = renderRequest(input, outputDir, 'pro', '16:9', 'animate_after_smile', template);
  await prepareRender(request);
  const setupCpuStarted = cpuSecondsSoFar();
  const setupStarted = performance.now();
  const prepared = await prepareRender(request);
  const setupSeconds = (performance.now() - setupStarted) / 1000;
  const setupCpuSeconds = cpuSecondsSoFar() - setupCpuStarted;
  const { scene } = prepared;
  const frames: Uint8Array[] = [];
  const painter = startParallelPainter(1);
  try {
    painter.stagePhotos(prepared.photos);
    await painter.load(scene);
    for (const run of frameRuns(scene)) {
      const painted = await painter.paint(run.firstFrame, 0);
      const copy = painted.i420.slice();
      for (let k = 0; k < run.length; k += 1) frames.push(copy);
    }
  } finally {
    await painter.close();
  }
  const encoded = await timeEncode(
    {
      width: scene.width,
      height: scene.height,
      fps: scene.fps,
      inputFormat: 'yuv420p',
      outputPath: path.join(outputDir, 'floor.mp4'),
    },
    frames,
  );
  rmSync(outputDir, { recursive: true, force: true });
  return {
    ...encoded,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    paintedFrames: frames.length,
    setupSeconds,
    setupCpuSeconds,
  };
}

/** What a child process measures: one run of one kind, printed as one JSON line. */
const CHILD_MODES = ['render', 'bare', 'bare-rgba', 'faces', 'paint-one', 'floor-one'] as const;
type ChildMode = (typeof CHILD_MODES)[number];

function isChildMode(mode: string | undefined): mode is ChildMode {
  return (CHILD_MODES as readonly (string | undefined)[]).includes(mode);
}

async function child(
  mode: ChildMode,
  input: string,
  plan: PlanId,
  aspect: Aspect,
  animation: PrimaryAnimation,
  template?: Template,
): Promise<void> {
  const measure: Record<ChildMode, () => Promise<Measurement>> = {
    render: () => runRender(input, plan, aspect, animation, template),
    'paint-one': () => runPaint(input, template ?? 'split'),
    'floor-one': () => runFloor(input, template ?? 'split'),
    faces: () => runFaces(input),
    bare: () => runBareEncode(plan, aspect, 'yuv420p'),
    'bare-rgba': () => runBareEncode(plan, aspect, 'rgba'),
  };
  const result = await measure[mode]();
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

function measureInChild(
  mode: ChildMode,
  input: string,
  plan: PlanId,
  aspect: Aspect,
  animation: PrimaryAnimation = 'animate_before_head_turn',
  template: Template | '' = '',
): Measurement {
  const result = spawnSync(
    process.execPath,
    // The V8 flags a server's renders run with, so each case measures the product as it runs.
    [
      ...RENDER_PROCESS_V8_FLAGS,
      '--import',
      'tsx',
      import.meta.filename,
      mode,
      input,
      plan,
      aspect,
      animation,
      template,
    ],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      // The allocator and its options a server's renders run with (jemalloc where the
      // machine has it): they change how fast frames are painted.
      env: CHILD_ENVIRONMENT,
    },
  );
  if (result.status !== 0) throw new Error(`${mode} ${plan} ${aspect} failed`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}') as Measurement;
}

async function main(): Promise<void> {
  const [mode, input, plan, aspect, animation, template] = process.argv.slice(2);
  if (isChildMode(mode))
    return child(
      mode,
      input ?? '',
      plan as PlanId,
      aspect as Aspect,
      animation as PrimaryAnimation,
      (template || undefined) as Template | undefined,
    );
  // `npm run bench:render -- motion` runs only the face-motion cases, `-- templates` one row
  // per template; `-- templates split detail` (or `-- paint split`) only the templates named.
  // `--rounds N` (anywhere) measures each render row N times, render and bare encode
  // alternated; `-- templates` takes 5 unless told: on these hosts one round in five or six
  // came out 0.2–0.3 above the rest (the same render taking a fifth more CPU from one minute
  // to the next), and the median of three was then carried by two such rounds now and again.
  const { rest, rounds: asked } = parseRounds(process.argv.slice(2));
  const [rowMode, ...named] = rest;
  const onlyMotion = rowMode === 'motion';
  const onlyTemplates = rowMode === 'templates';
  const rounds = asked ?? (onlyTemplates ? 5 : 1);

  const workDir = mkdtempSync(path.join(tmpdir(), 'glowreel-bench-'));
  const composite = path.join(workDir, 'composite.jpg');
  await makeComposite(composite);
  const faceComposite = path.join(workDir, 'face-composite.jpg');
  await makeFaceComposite(faceComposite);
  // `-- paint`: the paint worker's work per template alone (no encoder), the serial chain
  // of a template render.
  if (rowMode === 'paint') {
    console.log('template | distinct frames | paint CPU s (process) | paint wall s');
    for (const template of TEMPLATES.filter((name) => named.length === 0 || named.includes(name))) {
      const paint = measureInChild('paint-one', faceComposite, 'pro', '16:9', undefined, template);
      console.log(
        `${template.padEnd(8)} | ${String(paint.paintedFrames ?? '').padStart(15)} | ${paint.cpuSeconds.toFixed(2).padStart(21)} | ${paint.seconds.toFixed(2).padStart(12)}`,
      );
    }
    rmSync(workDir, { recursive: true, force: true });
    return;
  }
  // `-- floor`: a template's render if painting cost nothing, against the bare encode.
  if (rowMode === 'floor') {
    console.log(loadAverageLine('start'));
    console.log(
      'template | set-up s (CPU) | its frames encoded s (CPU) | bare encode s (CPU) | encode ratio | floor ratio',
    );
    for (const template of TEMPLATES.filter((name) => named.length === 0 || named.includes(name))) {
      const floor = measureInChild('floor-one', faceComposite, 'pro', '16:9', undefined, template);
      const bare = measureInChild('bare', faceComposite, 'pro', '16:9');
      const setup = floor.setupSeconds ?? Number.NaN;
      console.log(
        [
          template.padEnd(8),
          `${setup.toFixed(2)} (${(floor.setupCpuSeconds ?? Number.NaN).toFixed(2)})`.padStart(14),
          `${floor.seconds.toFixed(2)} (${floor.cpuSeconds.toFixed(2)})`.padStart(26),
          `${bare.seconds.toFixed(2)} (${bare.cpuSeconds.toFixed(2)})`.padStart(19),
          (floor.seconds / bare.seconds).toFixed(2).padStart(12),
          ((setup + floor.seconds) / bare.seconds).toFixed(2).padStart(11),
        ].join(' | '),
      );
    }
    rmSync(workDir, { recursive: true, force: true });
    return;
  }
  console.log(loadAverageLine('start'));
  console.log(
    `Render benchmark: ${FRAMES} frames (8 s at 30 fps), x264 preset and I420 input as the product uses, 2400×1500 JPEG composite; allocator as a server runs: ${CHILD_ENVIRONMENT.LD_PRELOAD?.includes('jemalloc') ? `jemalloc, MALLOC_CONF=${CHILD_ENVIRONMENT.MALLOC_CONF ?? ''}` : "glibc's malloc"}`,
  );
  if (rounds > 1)
    console.log(
      `Each row: ${rounds} rounds, each a render and a bare encode one after the other; the row shows the round with the median ratio, and every round's ratio at its end.`,
    );
  console.log(
    `case                 | first render s | render s | bare encode s | first ratio | ratio | CPU ratio | render peak RSS MB | bare peak RSS MB | bare RGBA s | ratio to RGBA | faces moved${rounds > 1 ? ' | ratio per round' : ''}`,
  );
  const cases = onlyTemplates
    ? TEMPLATE_CASES.filter(
        (testCase) => named.length === 0 || named.includes(testCase.template ?? ''),
      )
    : onlyMotion
      ? MOTION_CASES
      : [...CASES, ...MOTION_CASES, ...TEMPLATE_CASES];
  for (const testCase of cases) {
    const input = testCase.input === 'face' ? faceComposite : composite;
    const measured = Array.from({ length: rounds }, () => ({
      render: measureInChild(
        'render',
        input,
        testCase.plan,
        testCase.aspect,
        testCase.animation,
        testCase.template,
      ),
      bare: measureInChild('bare', input, testCase.plan, testCase.aspect),
    }));
    const ratioOf = (round: (typeof measured)[number]) => round.render.seconds / round.bare.seconds;
    const byRatio = [...measured].sort((a, b) => ratioOf(a) - ratioOf(b));
    const { render, bare } = byRatio[Math.floor((byRatio.length - 1) / 2)] ?? measured[0]!;
    const bareRgba = measureInChild('bare-rgba', input, testCase.plan, testCase.aspect);
    console.log(
      [
        testCase.label.padEnd(20),
        (render.firstSeconds ?? Number.NaN).toFixed(2).padStart(14),
        render.seconds.toFixed(2).padStart(8),
        bare.seconds.toFixed(2).padStart(13),
        ((render.firstSeconds ?? Number.NaN) / bare.seconds).toFixed(2).padStart(11),
        (render.seconds / bare.seconds).toFixed(2).padStart(5),
        (render.cpuSeconds / bare.cpuSeconds).toFixed(2).padStart(9),
        render.peakRssMb.toFixed(0).padStart(18),
        bare.peakRssMb.toFixed(0).padStart(16),
        bareRgba.seconds.toFixed(2).padStart(11),
        (render.seconds / bareRgba.seconds).toFixed(2).padStart(13),
        render.moved ?? '',
        ...(rounds > 1 ? [measured.map((round) => ratioOf(round).toFixed(2)).join(' ')] : []),
      ].join(' | '),
    );
  }
  const faces = measureInChild('faces', faceComposite, 'pro', '16:9');
  console.log(
    `Face analysis per composite (both panels, after warm-up), slowest of 3: ${faces.seconds.toFixed(2)} s (runs: ${faces.moved ?? ''} s)`,
  );
  console.log(loadAverageLine('end'));
  rmSync(workDir, { recursive: true, force: true });
}

/**
 * `--rounds N` taken out of the arguments. A row's ratio is then the median of N rounds, each
 * a render and a bare encode measured one after the other: on the shared 2-core hosts the same
 * bare encode varies by a fifth between minutes, and one pair carries all of it.
 */
function parseRounds(args: string[]): { rest: string[]; rounds: number | undefined } {
  const at = args.indexOf('--rounds');
  if (at === -1) return { rest: args, rounds: undefined };
  const rounds = Number(args[at + 1]);
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 20) {
    throw new Error(`--rounds takes a whole number from 1 to 20, got ${args[at + 1] ?? 'nothing'}`);
  }
  return { rest: args.filter((_arg, index) => index !== at && index !== at + 1), rounds };
}

await main();
