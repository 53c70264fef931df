// npm run samples:render — the landing page's eight sample videos (DESIGN.md D14).
//
// The source material is drawn here, in code: illustrated faces, no photographs, so there is
// no patient, no public figure and no licence to worry about. Each sample is a side-by-side
// composite (before left, after right) that goes through our own engine exactly like a
// clinic's upload does, and the MP4 and its poster land in apps/web/public/samples/.
//
// Operators replace the samples without touching this script: put <slug>.mp4 and <slug>.jpg
// in content/samples/ (or $GLOWREEL_CONTENT_DIR/samples/) and rebuild the web app; see
// README.md "Operator content".
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SAMPLE_VIDEOS, type SampleVideo } from '@glowreel/contracts';
import { renderVideoFile } from '@glowreel/engine/node';
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';

const OUTPUT_DIR = path.resolve(import.meta.dirname, '../apps/web/public/samples');
// Small enough for a carousel card on a retina phone, a few hundred KB per clip.
const VIDEO_SIZE = { width: 640, height: 360 };
const PANEL = { width: 600, height: 720 };

interface FaceLook {
  skin: string;
  hair: string;
  /** 0 (none) … 1 (pronounced): lines on the forehead and around the eyes. */
  lines: number;
  /** 0 … 1: redness and spots on the cheeks. */
  blemish: number;
  /** 0 … 1: how full the lips are. */
  lipFullness: number;
  /** 0 … 1: how much the jaw and cheeks sag. */
  sag: number;
  /** 0 … 1: how evenly lit and glowing the skin is. */
  glow: number;
}

// One treatment per sample, drawn as the change it claims and nothing more.
const LOOKS: Record<string, { before: FaceLook; after: FaceLook; backdrop: string }> = {
  'lip-refill': pair('#f1c7a6', '#4a2f22', '#dbeafe', { lipFullness: 0.15 }, { lipFullness: 0.8 }),
  'facial-rejuvenation': pair(
    '#e8b894',
    '#2b1d16',
    '#fce7f3',
    { lines: 0.6, glow: 0 },
    { lines: 0.15, glow: 0.8 },
  ),
  'skin-tightening': pair('#d9a27c', '#6b4a2e', '#e0f2fe', { sag: 0.8 }, { sag: 0.1 }),
  'wrinkle-reduction': pair('#f3d2b8', '#8a8a8a', '#f1f5f9', { lines: 0.95 }, { lines: 0.2 }),
  'laser-treatment': pair(
    '#c68a63',
    '#1f1410',
    '#ecfccb',
    { blemish: 0.9 },
    { blemish: 0.1, glow: 0.4 },
  ),
  'filler-treatment': pair(
    '#eec1a0',
    '#a0522d',
    '#fef3c7',
    { sag: 0.5, lipFullness: 0.3 },
    { sag: 0.15, lipFullness: 0.55 },
  ),
  'botox-results': pair('#a9714f', '#140d0a', '#ede9fe', { lines: 0.8 }, { lines: 0.1 }),
  'prx-derm-perfexion': pair(
    '#f5d6c0',
    '#c08a4a',
    '#ccfbf1',
    { blemish: 0.6, glow: 0 },
    { blemish: 0.05, glow: 0.9 },
  ),
};

function pair(
  skin: string,
  hair: string,
  backdrop: string,
  before: Partial<FaceLook>,
  after: Partial<FaceLook>,
) {
  const base: FaceLook = {
    skin,
    hair,
    lines: 0.2,
    blemish: 0.1,
    lipFullness: 0.45,
    sag: 0.2,
    glow: 0.2,
  };
  return { before: { ...base, ...before }, after: { ...base, ...after }, backdrop };
}

function drawFace(ctx: SKRSContext2D, look: FaceLook, backdrop: string, offsetX: number): void {
  const { width, height } = PANEL;
  const cx = offsetX + width / 2;
  const cy = height * 0.5;
  ctx.fillStyle = backdrop;
  ctx.fillRect(offsetX, 0, width, height);

  // Shoulders and neck.
  ctx.fillStyle = '#5b7083';
  ctx.beginPath();
  ctx.ellipse(cx, height * 1.02, width * 0.42, height * 0.2, 0, Math.PI, 0);
  ctx.fill();
  ctx.fillStyle = look.skin;
  ctx.fillRect(cx - 55, cy + 150, 110, 120);

  // Hair behind the head.
  ctx.fillStyle = look.hair;
  ctx.beginPath();
  ctx.ellipse(cx, cy - 30, 190, 235, 0, 0, Math.PI * 2);
  ctx.fill();

  // Face: the jaw widens and drops as it sags.
  const jawDrop = 20 * look.sag;
  ctx.fillStyle = look.skin;
  ctx.beginPath();
  ctx.ellipse(cx, cy + jawDrop / 2, 150 + 12 * look.sag, 195 + jawDrop, 0, 0, Math.PI * 2);
  ctx.fill();

  // Fringe.
  ctx.fillStyle = look.hair;
  ctx.beginPath();
  ctx.ellipse(cx - 40, cy - 165, 150, 70, -0.25, 0, Math.PI * 2);
  ctx.fill();

  // Glow: a soft highlight on the cheeks and forehead.
  if (look.glow > 0) {
    for (const [x, y, r] of [
      [cx - 80, cy + 40, 70],
      [cx + 80, cy + 40, 70],
      [cx, cy - 95, 80],
    ] as const) {
      const gradient = ctx.createRadialGradient(x, y, 0, x, y, r);
      gradient.addColorStop(0, `rgba(255,245,235,${0.45 * look.glow})`);
      gradient.addColorStop(1, 'rgba(255,245,235,0)');
      ctx.fillStyle = gradient;
      ctx.beginPath();
      ctx.arc(x, y, r, 0, Math.PI * 2);
      ctx.fill();
    }
  }

  // Blemishes: redness and a few deterministic spots.
  if (look.blemish > 0) {
    for (const side of [-1, 1]) {
      const gradient = ctx.createRadialGradient(
        cx + side * 85,
        cy + 45,
        0,
        cx + side * 85,
        cy + 45,
        65,
      );
      gradient.addColorStop(0, `rgba(200,70,70,${0.35 * look.blemish})`);
      gradient.addColorStop(1, 'rgba(200,70,70,0)');
      ctx.fillStyle = gradient;
      ctx.beginPath();
      ctx.arc(cx + side * 85, cy + 45, 65, 0, Math.PI * 2);
      ctx.fill();
    }
    ctx.fillStyle = `rgba(140,60,45,${0.6 * look.blemish})`;
    const spots = Math.round(18 * look.blemish);
    for (let i = 0; i < spots; i += 1) {
      const angle = i * 2.399;
      const radius = 30 + ((i * 37) % 60);
      const side = i % 2 === 0 ? -1 : 1;
      ctx.beginPath();
      ctx.arc(
        cx + side * 85 + Math.cos(angle) * radius * 0.6,
        cy + 45 + Math.sin(angle) * radius * 0.5,
        3.5,
        0,
        Math.PI * 2,
      );
      ctx.fill();
    }
  }

  // Eyes and brows.
  for (const side of [-1, 1]) {
    const ex = cx + side * 60;
    const ey = cy - 30;
    ctx.fillStyle = '#ffffff';
    ctx.beginPath();
    ctx.ellipse(ex, ey, 28, 15, 0, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = '#3b2a20';
    ctx.beginPath();
    ctx.arc(ex, ey, 10, 0, Math.PI * 2);
    ctx.fill();
    ctx.strokeStyle = look.hair;
    ctx.lineWidth = 7;
    ctx.lineCap = 'round';
    ctx.beginPath();
    ctx.moveTo(ex - 30, ey - 32 + side * 2 * look.lines);
    ctx.quadraticCurveTo(ex, ey - 45, ex + 30, ey - 32 - side * 2 * look.lines);
    ctx.stroke();
  }

  // Lines: forehead creases, frown lines and crow's feet, fading with treatment.
  if (look.lines > 0) {
    ctx.strokeStyle = `rgba(120,70,50,${0.65 * look.lines})`;
    ctx.lineWidth = 2.5;
    for (let i = 0; i < 3; i += 1) {
      const y = cy - 110 - i * 18;
      ctx.beginPath();
      ctx.moveTo(cx - 80 + i * 8, y);
      ctx.quadraticCurveTo(cx, y - 8, cx + 80 - i * 8, y);
      ctx.stroke();
    }
    for (const dx of [-9, 9]) {
      ctx.beginPath();
      ctx.moveTo(cx + dx, cy - 75);
      ctx.lineTo(cx + dx * 0.7, cy - 50);
      ctx.stroke();
    }
    for (const side of [-1, 1]) {
      for (let i = -1; i <= 1; i += 1) {
        ctx.beginPath();
        ctx.moveTo(cx + side * 98, cy - 30 + i * 9);
        ctx.lineTo(cx + side * 118, cy - 30 + i * 15);
        ctx.stroke();
      }
    }
    // Nasolabial folds.
    for (const side of [-1, 1]) {
      ctx.beginPath();
      ctx.moveTo(cx + side * 30, cy + 35);
      ctx.quadraticCurveTo(cx + side * 62, cy + 80, cx + side * 55, cy + 110);
      ctx.stroke();
    }
  }

  // Nose.
  ctx.strokeStyle = 'rgba(110,60,40,0.55)';
  ctx.lineWidth = 4;
  ctx.beginPath();
  ctx.moveTo(cx - 5, cy - 10);
  ctx.quadraticCurveTo(cx - 18, cy + 45, cx, cy + 50);
  ctx.stroke();

  // Lips: fuller lips are taller, the same width.
  const lipY = cy + 105 + jawDrop * 0.5;
  const upper = 8 + 14 * look.lipFullness;
  const lower = 10 + 18 * look.lipFullness;
  ctx.fillStyle = '#b9545f';
  ctx.beginPath();
  ctx.moveTo(cx - 50, lipY);
  ctx.bezierCurveTo(cx - 30, lipY - upper, cx - 10, lipY - upper, cx, lipY - upper * 0.6);
  ctx.bezierCurveTo(cx + 10, lipY - upper, cx + 30, lipY - upper, cx + 50, lipY);
  ctx.bezierCurveTo(cx + 30, lipY + lower, cx - 30, lipY + lower, cx - 50, lipY);
  ctx.fill();
  ctx.strokeStyle = 'rgba(90,30,35,0.6)';
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(cx - 48, lipY);
  ctx.quadraticCurveTo(cx, lipY + 4, cx + 48, lipY);
  ctx.stroke();
}

function drawComposite(slug: string): Buffer {
  const look = LOOKS[slug];
  if (look === undefined) throw new Error(`no illustration for the sample "${slug}"`);
  const canvas = createCanvas(PANEL.width * 2, PANEL.height);
  const ctx = canvas.getContext('2d');
  drawFace(ctx, look.before, look.backdrop, 0);
  drawFace(ctx, look.after, look.backdrop, PANEL.width);
  return canvas.toBuffer('image/png');
}

async function renderSample(sample: SampleVideo, workDir: string): Promise<void> {
  const inputPath = path.join(workDir, `${sample.slug}.png`);
  const { writeFileSync } = await import('node:fs');
  writeFileSync(inputPath, drawComposite(sample.slug));
  const outputDir = path.join(workDir, sample.slug);
  mkdirSync(outputDir);
  const result = await renderVideoFile(
    {
      inputPath,
      outputDir,
      ...VIDEO_SIZE,
      options: {
        primaryAnimation: 'animate_before_head_turn',
        emphasisEffect: 'subtle_zoom',
        motionSpeed: 'normal',
        aspect: '16:9',
        autoAlign: false,
      },
      branding: {
        clinicName: 'Glowreel',
        contact: null,
        treatmentTitle: sample.title,
        disclosure: 'Illustrated sample · not a real patient',
      },
      ffmpegPath: null,
      // Illustrations have no real landmarks to align.
      faceDetection: false,
    },
    () => undefined,
  );
  const videoTarget = path.join(OUTPUT_DIR, `${sample.slug}.mp4`);
  const posterTarget = path.join(OUTPUT_DIR, `${sample.slug}${path.extname(result.posterPath)}`);
  copyFileSync(result.videoPath, videoTarget);
  copyFileSync(result.posterPath, posterTarget);
  const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
  console.log(
    `${sample.title.padEnd(20)} ${kb(statSync(videoTarget).size).padStart(7)} video, ${kb(statSync(posterTarget).size).padStart(6)} poster → ${path.relative(process.cwd(), videoTarget)}`,
  );
}

const workDir = mkdtempSync(path.join(tmpdir(), 'glowreel-samples-'));
try {
  mkdirSync(OUTPUT_DIR, { recursive: true });
  for (const sample of SAMPLE_VIDEOS) await renderSample(sample, workDir);
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
