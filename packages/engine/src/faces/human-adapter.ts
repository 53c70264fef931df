// A typed seam around @vladmandic/human. Human's declarations type `tf` as `any` and need the
// DOM libraries, so the engine describes the few members it calls here; human-node.test.ts checks
// that Human's own types satisfy these interfaces.
import type { Point, Rect } from '../geometry.ts';
import type { Raster } from '../raster.ts';
import { HUMAN_FACE_MODELS, type HumanConfig } from './human-config.ts';
import {
  FACE_MESH_POINT_COUNT,
  type FaceDetector,
  type FaceLandmarks,
  type MeshPoint,
} from './face-types.ts';

/** Human's Point: x, y in input pixels and an optional depth. */
export type HumanPoint = readonly [number, number, number?];

/** The fields of Human's FaceResult we read. */
export interface HumanFace {
  score: number;
  box: readonly [number, number, number, number];
  mesh: readonly HumanPoint[];
  annotations: Readonly<Partial<Record<string, readonly HumanPoint[]>>>;
}

export interface HumanResult {
  face: readonly HumanFace[];
  error: string | null;
}

/** A tfjs tensor, opaque to us: we only create, pass and dispose it. */
export interface HumanTensor {
  readonly shape: readonly number[];
}

export interface HumanTf {
  tensor3d(values: Float32Array, shape: [number, number, number], dtype: 'float32'): HumanTensor;
  dispose(tensors: HumanTensor | readonly HumanTensor[]): void;
  /** The tfjs backend actually running (Human falls back to another with only a log line). */
  getBackend(): string;
}

export interface HumanInstance {
  load(): Promise<void>;
  /** Human's per-model load report (it logs a failed load and carries on, so we must ask). */
  models: { stats(): { modelStats: readonly { name: string; loaded: boolean }[] } };
  detect(input: HumanTensor): Promise<HumanResult>;
  tf: HumanTf;
}

/** The shape of Human's module (dist/human.esm.js in the browser, dist/human.node-wasm.js in Node). */
export interface HumanModule<TInstance extends HumanInstance = HumanInstance> {
  Human: new (config: HumanConfig) => TInstance;
}

/**
 * Larger inputs do not find eyes more precisely (the models see a 256 px frame and 192 px face
 * crops) but cost far more: a 2000 px photo took 2–4× as long as the same photo at 1000 px, with
 * eye centres within 2 px of each other at full scale.
 */
export const MAX_DETECTION_SIDE = 1024;

/** The model input: RGB floats ([h, w, 3]), shrunk by a whole factor so pixels average cleanly. */
export interface DetectionInput {
  rgb: Float32Array;
  width: number;
  height: number;
  /** Raster pixels per input pixel; landmarks are multiplied by it on the way back. */
  factor: number;
}

/**
 * Drops alpha, widens to float and box-averages factor × factor blocks (a trailing partial block
 * is dropped). `region` (whole pixels, inside the raster) reads one panel of a composite in place,
 * so the render does not copy the panel out first; landmarks come back in the region's own
 * coordinates, as they would from a crop.
 */
export function toDetectionInput(
  raster: Raster,
  maxSide = MAX_DETECTION_SIDE,
  region: Rect = { x: 0, y: 0, width: raster.width, height: raster.height },
): DetectionInput {
  const factor = Math.max(1, Math.ceil(Math.max(region.width, region.height) / maxSide));
  const width = Math.max(1, Math.floor(region.width / factor));
  const height = Math.max(1, Math.floor(region.height / factor));
  const rgb = new Float32Array(width * height * 3);
  const weight = 1 / (factor * factor);
  // Whole pixels as 32-bit words, one read a pixel instead of three (red is the low byte on
  // the little-endian machines the product runs on, x86-64 and arm64). Pixels that do not start
  // on a 4-byte boundary (a view into a larger buffer) are copied to ones that do first.
  const data = raster.data.byteOffset % 4 === 0 ? raster.data : raster.data.slice();
  const words = new Uint32Array(data.buffer, data.byteOffset, Math.floor(data.length / 4));
  for (let y = 0; y < height; y += 1) {
    const first = (region.y + y * factor) * raster.width + region.x;
    addBlockRow(words, rgb, {
      first,
      stride: raster.width,
      to: y * width * 3,
      width,
      factor,
      weight,
    });
  }
  return { rgb, width, height, factor };
}

/** A row of blocks: `width` blocks of `factor` × `factor` pixels from pixel `first`. */
interface BlockRow {
  first: number;
  /** Pixels from one photo row to the next. */
  stride: number;
  /** Where the row's RGB floats start. */
  to: number;
  width: number;
  factor: number;
  weight: number;
}

/**
 * Sets each block's RGB floats to its photo rows' sums × `weight`, added one photo row at a
 * time and rounded to 32 bits after each (the floats the detector has always been given). A
 * function of its own, called once a row of blocks: as one function of four nested loops,
 * called once a panel, V8 only ever ran it in code compiled for the innermost loop, left and
 * entered again at every row.
 */
function addBlockRow(words: Uint32Array, rgb: Float32Array, row: BlockRow): void {
  const { stride, factor, weight } = row;
  let pixel = row.first;
  let out = row.to;
  for (let x = 0; x < row.width; x += 1, pixel += factor, out += 3) {
    let red = 0;
    let green = 0;
    let blue = 0;
    for (let dy = 0, line = pixel; dy < factor; dy += 1, line += stride) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let dx = 0; dx < factor; dx += 1) {
        const word = words[line + dx] ?? 0;
        r += word & 0xff;
        g += (word >>> 8) & 0xff;
        b += (word >>> 16) & 0xff;
      }
      red = Math.fround(red + r * weight);
      green = Math.fround(green + g * weight);
      blue = Math.fround(blue + b * weight);
    }
    rgb[out] = red;
    rgb[out + 1] = green;
    rgb[out + 2] = blue;
  }
}

/**
 * Converts Human's face into ours, or undefined when the mesh is incomplete (Human returns a
 * box-only face when the mesh model rejects the crop, and then there are no eyes to align on).
 * Human names eyes anatomically (its `rightEye…` is the patient's right eye, on the image's
 * left), which is our leftEye.
 */
export function toFaceLandmarks(face: HumanFace, factor = 1): FaceLandmarks | undefined {
  if (face.mesh.length < FACE_MESH_POINT_COUNT) return undefined;
  const leftEye = eyeCentre(face, 'right');
  const rightEye = eyeCentre(face, 'left');
  if (!leftEye || !rightEye) return undefined;
  const [x, y, width, height] = face.box;
  const mesh: MeshPoint[] = face.mesh
    .slice(0, FACE_MESH_POINT_COUNT)
    .map(([px, py, pz]) => [px * factor, py * factor, (pz ?? 0) * factor] as const);
  return {
    box: { x: x * factor, y: y * factor, width: width * factor, height: height * factor },
    leftEye: { x: leftEye.x * factor, y: leftEye.y * factor },
    rightEye: { x: rightEye.x * factor, y: rightEye.y * factor },
    score: face.score,
    mesh,
  };
}

/** Iris centre (the mean of the iris ring and its centre), else the middle of the eyelid contour. */
function eyeCentre(face: HumanFace, side: 'left' | 'right'): Point | undefined {
  const iris = face.annotations[`${side}EyeIris`];
  if (iris && iris.length > 0) return mean(iris);
  const lids = [
    ...(face.annotations[`${side}EyeUpper0`] ?? []),
    ...(face.annotations[`${side}EyeLower0`] ?? []),
  ];
  return lids.length > 0 ? mean(lids) : undefined;
}

function mean(points: readonly HumanPoint[]): Point {
  let x = 0;
  let y = 0;
  for (const [px, py] of points) {
    x += px;
    y += py;
  }
  return { x: x / points.length, y: y / points.length };
}

/** The largest face (a patient photo's subject fills the frame); the higher score breaks ties. */
export function pickProminentFace(faces: readonly FaceLandmarks[]): FaceLandmarks | undefined {
  let best: FaceLandmarks | undefined;
  for (const face of faces) {
    if (
      !best ||
      area(face) > area(best) ||
      (area(face) === area(best) && face.score > best.score)
    ) {
      best = face;
    }
  }
  return best;
}

function area(face: FaceLandmarks): number {
  return face.box.width * face.box.height;
}

/**
 * Loads the face models and fails loudly when one is missing: Human only logs a failed load,
 * and detection would then break later with an unrelated-looking error.
 */
export async function loadHumanModels(human: HumanInstance, modelBasePath: string): Promise<void> {
  await human.load();
  const loaded = new Set(
    human.models
      .stats()
      .modelStats.filter((model) => model.loaded)
      .map((model) => model.name),
  );
  const missing = HUMAN_FACE_MODELS.filter((model) => !loaded.has(model));
  if (missing.length > 0) {
    throw new Error(`Face models did not load from ${modelBasePath}: ${missing.join(', ')}`);
  }
}

/**
 * A FaceDetector over a loaded Human. Calls are queued: one Human instance keeps per-call state
 * (its last input and result), so overlapping detections on a shared instance could mix up.
 */
export function createHumanFaceDetector(human: HumanInstance): FaceDetector {
  let queue: Promise<unknown> = Promise.resolve();
  const detectNow = async (raster: Raster, region?: Rect): Promise<FaceLandmarks | undefined> => {
    const { rgb, width, height, factor } = toDetectionInput(raster, MAX_DETECTION_SIDE, region);
    const input = human.tf.tensor3d(rgb, [height, width, 3], 'float32');
    try {
      const result = await human.detect(input);
      if (result.error) throw new Error(`Face detection failed: ${result.error}`);
      const faces = result.face
        .map((face) => toFaceLandmarks(face, factor))
        .filter((face) => face !== undefined);
      return pickProminentFace(faces);
    } finally {
      human.tf.dispose(input);
    }
  };
  return {
    detect(raster, region) {
      const run = queue.then(() => detectNow(raster, region));
      queue = run.catch(() => undefined);
      return run;
    },
  };
}
