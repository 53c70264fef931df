import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type * as TfCore from '@tensorflow/tfjs-core';
import type * as HumanPackage from '@vladmandic/human';
import { describe, expect, it } from 'vitest';
import type { FaceLandmarks } from '../faces/face-types.ts';
import type { HumanInstance, HumanModule } from '../faces/human-adapter.ts';
import { HUMAN_FACE_MODEL_FILES } from '../faces/human-config.ts';
import { createRaster, type Raster } from '../raster.ts';
import {
  getNodeFaceDetector,
  humanNodePaths,
  type NodeHuman,
  type NodeHumanTf,
} from './human-node.ts';
import { readHumanSampleFace } from './human-sample-face.ts';

// Compile-time checks that the real declarations satisfy our typed seam. Human types its `tf`
// as any, so the tfjs calls are checked against tfjs-core, which Human's Node build re-exports
// (all but dispose, whose real parameter is any tensor container: we only pass it our tensors).
type Assert<T extends true> = T;
export type _SeamConforms = [
  Assert<HumanPackage.Human extends HumanInstance ? true : false>,
  Assert<typeof HumanPackage extends HumanModule ? true : false>,
  Assert<typeof TfCore extends Omit<NodeHumanTf, 'dispose'> ? true : false>,
  Assert<NodeHuman extends HumanInstance ? true : false>,
];

/**
 * The one face photo an installed package ships: the 256×256 portrait Human embeds for its own
 * warm-up (src/sample.ts, MIT package). It is a computer-generated character render, read from
 * node_modules at test time and never copied into the repository.
 */
async function humanSampleFace(): Promise<Raster> {
  const { data, info } = await sharp(readHumanSampleFace())
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8ClampedArray(data) };
}

/** Smooth gradients plus seeded noise: texture for the detector to chew on, but no face. */
function facelessRaster(width: number, height: number): Raster {
  const raster = createRaster(width, height);
  let seed = 12345;
  for (let i = 0; i < width * height; i += 1) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    const noise = (seed >>> 24) / 8;
    const x = i % width;
    const y = Math.floor(i / width);
    raster.data.set([(x * 255) / width + noise, (y * 255) / height, 128 + noise, 255], i * 4);
  }
  return raster;
}

function isInside(point: { x: number; y: number }, face: FaceLandmarks): boolean {
  const { x, y, width, height } = face.box;
  return point.x >= x && point.x <= x + width && point.y >= y && point.y <= y + height;
}

const ms = (start: number) => `${(performance.now() - start).toFixed(0)} ms`;

describe('Node face detector (Human on wasm)', () => {
  it('loads once per process from local files and reports its cost', async () => {
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const detector = await getNodeFaceDetector();
    const loadTime = ms(started);
    expect(await getNodeFaceDetector()).toBe(detector);

    const face = await humanSampleFace();
    let t = performance.now();
    await detector.detect(face);
    const first = ms(t);
    const warm: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      t = performance.now();
      await detector.detect(face);
      warm.push(ms(t));
    }
    const rss = ((process.memoryUsage().rss - rssBefore) / 2 ** 20).toFixed(0);
    console.log(
      `human-node: load+warm-up ${loadTime}, first face ${first}, warm ${warm.join(' / ')}, RSS +${rss} MiB`,
    );
  });

  it('finds the face in the sample portrait with both eyes inside the box', async () => {
    const detector = await getNodeFaceDetector();
    const raster = await humanSampleFace();
    const face = await detector.detect(raster);
    expect(face).toBeDefined();
    if (!face) return;
    expect(face.score).toBeGreaterThan(0.5);
    expect(face.mesh).toHaveLength(468);
    expect(isInside(face.leftEye, face) && isInside(face.rightEye, face)).toBe(true);
    // Upright photo: the image-left eye is on the left and the eyes are nearly level.
    expect(face.leftEye.x).toBeLessThan(face.rightEye.x);
    const eyeDistance = Math.hypot(
      face.rightEye.x - face.leftEye.x,
      face.rightEye.y - face.leftEye.y,
    );
    expect(Math.abs(face.rightEye.y - face.leftEye.y)).toBeLessThan(eyeDistance * 0.1);
    // Adult eyes sit about 0.25–0.5 face widths apart.
    expect(eyeDistance / face.box.width).toBeGreaterThan(0.2);
    expect(eyeDistance / face.box.width).toBeLessThan(0.55);
  });

  it('finds no face in an image without one', async () => {
    const detector = await getNodeFaceDetector();
    expect(await detector.detect(facelessRaster(640, 480))).toBeUndefined();
    expect(await detector.detect(createRaster(320, 240))).toBeUndefined();
  });

  it('frees every tensor it creates, face or no face', async () => {
    const detector = await getNodeFaceDetector();
    const face = await humanSampleFace();
    await detector.detect(face);
    const before = detector.memory();
    await detector.detect(face);
    await detector.detect(facelessRaster(200, 200));
    expect(detector.memory()).toEqual(before);
  });

  it('ships every model file the configuration loads, for the browser copy too', async () => {
    const { modelsDir } = humanNodePaths();
    const shards = new Set<string>();
    for (const file of HUMAN_FACE_MODEL_FILES.filter((name) => name.endsWith('.json'))) {
      const model = JSON.parse(await readFile(path.join(modelsDir, file), 'utf8')) as {
        weightsManifest: { paths: string[] }[];
      };
      for (const group of model.weightsManifest) group.paths.forEach((shard) => shards.add(shard));
    }
    expect([...shards].every((shard) => HUMAN_FACE_MODEL_FILES.includes(shard))).toBe(true);
    for (const file of HUMAN_FACE_MODEL_FILES) await readFile(path.join(modelsDir, file));
  });
});
