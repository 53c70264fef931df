import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildScene } from '../plan/build-scene.ts';
import { frameRuns } from '../plan/frame-runs.ts';
import { createRaster, type Raster } from '../raster.ts';
import { makeSceneInput } from '../plan/scene-input.factory.ts';
import { createCompositedFrames } from './compositor/composited-frames.testing.ts';
import { acquirePainter, releasePainter } from './paint-pool.ts';
import { panelPhoto, wholePhotos, type PanelPhotos } from './panel-photos.ts';
import {
  startParallelPainter,
  type PaintedFrame,
  type ParallelPainter,
} from './parallel-painter.ts';

/** A panel with detail everywhere, so a frame painted from the wrong place cannot match. */
function texturedPanel(width: number, height: number, seed: number): Raster {
  const raster = createRaster(width, height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 4;
      raster.data[i] = (x * 7 + seed * 31) % 256;
      raster.data[i + 1] = (y * 5 + x * seed) % 256;
      raster.data[i + 2] = (x ^ y) % 256;
      raster.data[i + 3] = 255;
    }
  }
  return raster;
}

const panels = {
  before: texturedPanel(300, 400, 1),
  after: texturedPanel(300, 400, 2),
  logo: null,
};
const scene = buildScene(
  makeSceneInput({
    size: { width: 320, height: 180 },
    options: { motionSpeed: 'fast' },
    beforeSize: panels.before,
    afterSize: panels.after,
    faceCenter: { x: 150, y: 160 },
    branding: { clinicName: 'Lumen Aesthetics', treatmentTitle: 'Lip Refill' },
  }),
);

/** What a child process (given as an `-e` module script) imports to paint on its own. */
const CHILD_MODULES: [name: string, file: string][] = [
  ['startParallelPainter', './parallel-painter.ts'],
  ['buildScene', '../plan/build-scene.ts'],
  ['createRaster', '../raster.ts'],
  ['wholePhotos', './panel-photos.ts'],
  ['makeSceneInput', '../plan/scene-input.factory.ts'],
];
const CHILD_IMPORTS = CHILD_MODULES.map(
  ([name, file]) =>
    `const { ${name} } = await import(${JSON.stringify(fileURLToPath(new URL(file, import.meta.url)))});`,
).join('\n');

const started: ParallelPainter[] = [];
function painter(threads: number): ParallelPainter {
  const created = startParallelPainter(threads);
  started.push(created);
  return created;
}
afterAll(async () => Promise.all(started.map((each) => each.close())));

/** Stages `photos` and loads the scene, as a render does. */
async function load(
  pool: ParallelPainter,
  photos: PanelPhotos = wholePhotos(panels),
): Promise<void> {
  pool.stagePhotos(photos);
  await pool.load(scene);
}

describe('parallel painter', () => {
  it('paints every frame exactly as the compositor on this thread does, whichever worker and slot', async () => {
    const pool = painter(2);
    await load(pool);
    const reference = createCompositedFrames(scene, panels);
    // Every run's first frame, with every slot in flight as the render keeps them; a slot
    // is painted again only after its pixels have been read. Every third run also asks for
    // the RGBA pixels.
    const runs = frameRuns(scene);
    const inFlight = new Map<number, Promise<PaintedFrame>>();
    const ask = (index: number) => {
      const run = runs[index];
      if (!run) return;
      const keepRgba = index % 3 === 0;
      inFlight.set(index, pool.paint(run.firstFrame, index % pool.slotCount, { keepRgba }));
    };
    for (let index = 0; index < pool.slotCount; index += 1) ask(index);
    const matches: boolean[] = [];
    for (const [index, run] of runs.entries()) {
      const painted = await inFlight.get(index);
      const rgba = reference.rgba(run.firstFrame);
      const i420Matches =
        painted !== undefined &&
        Buffer.compare(Buffer.from(painted.i420), reference.i420(run.firstFrame)) === 0;
      const rgbaMatches =
        index % 3 === 0
          ? painted?.rgba != null && Buffer.compare(Buffer.from(painted.rgba), rgba) === 0
          : painted?.rgba === null;
      matches.push(i420Matches && rgbaMatches);
      ask(index + pool.slotCount);
    }
    expect(matches.length).toBeGreaterThan(20);
    expect(matches.every(Boolean)).toBe(true);
  });

  it('cuts the panels out of a composite staged whole, leaving the composite as it was', async () => {
    // The two panels side by side with a 6 px gutter, inside a margin on every side.
    const composite = createRaster(2 * 300 + 6 + 10, 400 + 7);
    const place = (photo: Raster, left: number) => {
      for (let y = 0; y < photo.height; y += 1) {
        const from = y * photo.width * 4;
        composite.data.set(
          photo.data.subarray(from, from + photo.width * 4),
          ((y + 3) * composite.width + left) * 4,
        );
      }
    };
    place(panels.before, 2);
    place(panels.after, 2 + 300 + 6);
    const untouched = Buffer.from(composite.data);
    const pool = painter(2);
    await load(pool, {
      before: panelPhoto(composite, { x: 2, y: 3, width: 300, height: 400 }),
      after: panelPhoto(composite, { x: 308.4, y: 3, width: 300.2, height: 400.9 }),
      logo: null,
    });
    expect(Buffer.compare(Buffer.from(composite.data), untouched)).toBe(0);
    const reference = createCompositedFrames(scene, panels);
    const runs = frameRuns(scene);
    const matches: boolean[] = [];
    for (const [index, run] of runs.entries()) {
      const painted = await pool.paint(run.firstFrame, index % pool.slotCount);
      matches.push(Buffer.compare(Buffer.from(painted.i420), reference.i420(run.firstFrame)) === 0);
    }
    expect(matches.length).toBeGreaterThan(20);
    expect(matches.every(Boolean)).toBe(true);
  });

  it('answers a load with the runs of identical frames of the scene', async () => {
    const pool = painter(2);
    pool.stagePhotos(wholePhotos(panels));
    const runs = await pool.load(scene);
    expect(runs).toEqual(frameRuns(scene));
    expect(runs.length).toBeLessThan(frameRuns(scene).reduce((sum, run) => sum + run.length, 0));
  });

  it('refuses to paint before a scene is loaded and outside the ring', async () => {
    const pool = painter(1);
    await expect(pool.paint(0, 0)).rejects.toThrow(/before load/);
    await load(pool);
    await expect(pool.paint(0, pool.slotCount)).rejects.toThrow(/slot must be/);
  });

  it('refuses a scene without photos staged for it, and a stage is used by one load only', async () => {
    const pool = painter(1);
    await expect(pool.load(scene)).rejects.toThrow(/before stagePhotos/);
    await load(pool);
    await expect(pool.load(scene)).rejects.toThrow(/before stagePhotos/);
    // Still usable: a failed load is the caller's mistake, not a broken worker.
    expect(pool.isBroken).toBe(false);
    await load(pool);
    expect((await pool.paint(0, 0)).i420.length).toBe((scene.width * scene.height * 3) / 2);
  });

  it('fails with the reason when a worker cannot paint, and is not handed out again', async () => {
    const broken = acquirePainter(1);
    const truncated = { ...panels, before: { ...panels.before, data: new Uint8ClampedArray(16) } };
    await expect(load(broken, wholePhotos(truncated))).rejects.toThrow(/Painting a frame failed/);
    expect(broken.isBroken).toBe(true);
    await releasePainter(1, broken);
    const next = acquirePainter(1);
    started.push(next);
    expect(next).not.toBe(broken);
    await load(next);
    expect((await next.paint(0, 0)).i420.length).toBe((scene.width * scene.height * 3) / 2);
  });

  it('hands a released painter out again, emptied, and it paints the next video right', async () => {
    const first = acquirePainter(3);
    started.push(first);
    await load(first);
    await first.paint(5, 0);
    await releasePainter(3, first);
    await expect(first.paint(5, 0)).rejects.toThrow(/before load/);
    const again = acquirePainter(3);
    expect(again).toBe(first);
    const swapped = { ...panels, before: panels.after, after: panels.before };
    await expect(again.load(scene)).rejects.toThrow(/before stagePhotos/);
    await load(again, wholePhotos(swapped));
    const expected = createCompositedFrames(scene, swapped).i420(60);
    expect(Buffer.compare(Buffer.from((await again.paint(60, 1)).i420), expected)).toBe(0);
  });

  it('paints the same frames with the backdrop drawn while the photos were staged', async () => {
    const pool = painter(1);
    const last = frameRuns(scene).at(-1)?.firstFrame ?? 0;
    const expected = createCompositedFrames(scene, panels);
    const frames = [last, Math.floor(last / 2)].map((frame) => ({
      frame,
      i420: Buffer.from(expected.i420(frame)),
    }));
    // Staged for the scene's own frame, then for another (its colours unknown when staged).
    for (const backdrop of [
      scene,
      { ...scene, colors: { ...scene.colors, background: '#ff0000' } },
    ]) {
      pool.stagePhotos(wholePhotos(panels), backdrop);
      await pool.load(scene);
      for (const { frame, i420 } of frames) {
        expect(Buffer.compare(Buffer.from((await pool.paint(frame, 0)).i420), i420)).toBe(0);
      }
    }
  });

  it('lets a process end while its idle painters wait for the next render', () => {
    const script = `
      ${CHILD_IMPORTS}
      const panel = createRaster(40, 40);
      const scene = buildScene(makeSceneInput({
        size: { width: 64, height: 36 },
        options: { emphasisEffect: 'none' },
        beforeSize: { width: 40, height: 40 },
        afterSize: { width: 40, height: 40 },
      }));
      const pool = startParallelPainter(2);
      pool.stagePhotos(wholePhotos({ before: panel, after: panel, logo: null }));
      await pool.load(scene);
      const painted = await pool.paint(3, 1);
      console.log('painted', painted.i420.length);
    `;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(child.stderr).not.toMatch(/Error/);
    expect(child.stdout).toContain(`painted ${(64 * 36 * 3) / 2}`);
    // Killed by the timeout (a worker keeping it alive) shows as a signal, not status 0.
    expect(child.signal).toBeNull();
    expect(child.status).toBe(0);
  });
  it('keeps its memory flat while one worker paints a whole 1080p video back to back', () => {
    // Run in a process of its own so its resident memory is the painter's alone. Each frame
    // read out of the canvas is an 8 MB copy: had the worker kept them until it went idle,
    // 150 frames would add over 1 GB.
    const script = `
      ${CHILD_IMPORTS}
      const panel = createRaster(900, 1000);
      panel.data.fill(200);
      const scene = buildScene(makeSceneInput({
        size: { width: 1920, height: 1080 },
        beforeSize: { width: 900, height: 1000 },
        afterSize: { width: 900, height: 1000 },
      }));
      const pool = startParallelPainter(1);
      pool.stagePhotos(wholePhotos({ before: panel, after: panel, logo: null }));
      await pool.load(scene);
      await pool.paint(0, 0);
      const before = process.memoryUsage().rss;
      let peak = before;
      const inFlight = [];
      for (let frame = 0; frame < 150; frame += 1) {
        const slot = frame % pool.slotCount;
        await inFlight[slot];
        inFlight[slot] = pool.paint(frame, slot).then(() => { peak = Math.max(peak, process.memoryUsage().rss); });
      }
      await Promise.all(inFlight);
      await pool.close();
      console.log('growth', Math.round((peak - before) / 1048576));
    `;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(child.stderr).not.toMatch(/Error/);
    const growthMb = Number(/growth (\d+)/.exec(child.stdout)?.[1] ?? Number.NaN);
    expect(growthMb).toBeLessThan(300);
  });
});
