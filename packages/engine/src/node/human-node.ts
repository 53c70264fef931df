// Face detection in Node: @vladmandic/human on the tfjs WebAssembly backend, models read from
// node_modules. One instance per process (about 0.2–0.5 GB once loaded), created on first use.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { io, Tensor } from '@tensorflow/tfjs-core';
import type { GraphModel } from '@tensorflow/tfjs-converter';
import type { FaceDetector } from '../faces/face-types.ts';
import {
  createHumanFaceDetector,
  loadHumanModels,
  type HumanInstance,
  type HumanModule,
  type HumanTf,
} from '../faces/human-adapter.ts';
import { humanFaceConfig, type HumanConfig } from '../faces/human-config.ts';

/** The extra tfjs calls the Node adapter makes (Human's `tf` is tfjs-core + converter + wasm). */
export interface NodeHumanTf extends HumanTf {
  io: {
    // tfjs skips routers that return null, though its IORouter type does not say so.
    registerLoadRouter(router: (url: string | string[]) => io.IOHandler | null): void;
    getModelArtifactsForJSON: typeof io.getModelArtifactsForJSON;
  };
  zeros(shape: number[], dtype: 'float32' | 'int32'): Tensor;
  memory(): { numTensors: number; numBytes: number };
  getBackend(): string;
}

export interface NodeHuman extends HumanInstance {
  tf: NodeHumanTf;
  models: HumanInstance['models'] & { models: Record<string, GraphModel | null> };
}

export interface NodeFaceDetector extends FaceDetector {
  /** Live tfjs tensors and their bytes: flat across detections unless something leaks. */
  memory(): { tensors: number; bytes: number };
}

const require = createRequire(import.meta.url);

/** Where Human's Node build, its models and the wasm binaries are installed. */
export function humanNodePaths(): { script: string; modelsDir: string; wasmDir: string } {
  // Human's "exports" map spells its subpaths without the leading './', so Node refuses
  // '@vladmandic/human/dist/human.node-wasm.js'; resolve the package entry (dist/human.node.js,
  // which needs the native tfjs-node and is never loaded) and take its sibling by path.
  const humanDist = path.dirname(require.resolve('@vladmandic/human'));
  return {
    script: path.join(humanDist, 'human.node-wasm.js'),
    modelsDir: path.join(humanDist, '..', 'models'),
    // The package entry is dist/tf-backend-wasm.node.js; the .wasm files sit beside it.
    wasmDir: path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm')),
  };
}

let shared: Promise<NodeFaceDetector> | undefined;

/** The process-wide face detector, loaded and warmed up on first call. */
export function getNodeFaceDetector(): Promise<NodeFaceDetector> {
  // A failed load is forgotten so the next call retries instead of failing forever.
  shared ??= loadNodeFaceDetector().catch((error: unknown) => {
    shared = undefined;
    throw error;
  });
  return shared;
}

/**
 * A loaded, warmed-up Human on wasm with the product's face configuration; `adjust` may change
 * it (tests add the face-descriptor model this way; the product never loads it).
 */
export async function loadNodeHuman(
  adjust: (config: HumanConfig) => HumanConfig = (config) => config,
): Promise<NodeHuman> {
  const paths = humanNodePaths();
  const config = adjust(
    humanFaceConfig({
      backend: 'wasm',
      // A directory path with a trailing separator: tfjs-backend-wasm appends the file name.
      wasmPath: paths.wasmDir + path.sep,
      modelBasePath: pathToFileURL(paths.modelsDir + path.sep).href,
    }),
  );
  const human = new (loadHumanModule(paths.script).Human)(config);
  serveModelsFromDisk(human.tf, paths.modelsDir);
  await loadHumanModels(human, config.modelBasePath);
  // Human falls back to another backend with only a log line if wasm fails to start.
  if (human.tf.getBackend() !== 'wasm') {
    throw new Error(`Face detection needs the wasm backend, got ${human.tf.getBackend()}`);
  }
  warmUp(human);
  return human;
}

async function loadNodeFaceDetector(): Promise<NodeFaceDetector> {
  const human = await loadNodeHuman();
  const detector = createHumanFaceDetector(human);
  return {
    detect: (raster, region) => detector.detect(raster, region),
    memory: () => {
      const { numTensors, numBytes } = human.tf.memory();
      return { tensors: numTensors, bytes: numBytes };
    },
  };
}

function loadHumanModule(script: string): HumanModule<NodeHuman> {
  const loaded: unknown = require(script);
  if (typeof loaded !== 'object' || loaded === null || !('Human' in loaded)) {
    throw new Error(`${script} does not export Human`);
  }
  // Human's declarations type `tf` as any; NodeHuman names what we use (checked in the test).
  return loaded as HumanModule<NodeHuman>;
}

const routedTf = new WeakSet<NodeHumanTf>();

/**
 * Human fetches models with the global fetch, which has no file:// support in Node (tfjs-node
 * would add it, but it is a native addon). Route file:// URLs inside the models folder to disk.
 */
function serveModelsFromDisk(tf: NodeHumanTf, modelsDir: string): void {
  // tfjs is one per process: a second Human (the tests' descriptor model) shares the router.
  if (routedTf.has(tf)) return;
  routedTf.add(tf);
  const prefix = pathToFileURL(modelsDir + path.sep).href;
  tf.io.registerLoadRouter((url) => {
    if (typeof url !== 'string' || !url.startsWith(prefix)) return null;
    return { load: () => readModel(tf, fileURLToPath(url)) };
  });
}

async function readModel(tf: NodeHumanTf, jsonFile: string): Promise<io.ModelArtifacts> {
  const json = JSON.parse(await readFile(jsonFile, 'utf8')) as io.ModelJSON;
  return tf.io.getModelArtifactsForJSON(json, async (manifest) => {
    const shards = await Promise.all(
      manifest
        .flatMap((group) => group.paths)
        .map((shard) => readFile(path.join(path.dirname(jsonFile), shard))),
    );
    // Copy out of Node's pooled Buffers: tfjs reads the whole ArrayBuffer.
    const weightData = shards.map((bytes) => new Uint8Array(bytes).buffer);
    return [manifest.flatMap((group) => group.weights), weightData];
  });
}

/**
 * Runs every model once on zeros so the first real photo does not pay for wasm memory growth
 * and kernel set-up (Human's built-in warm-up needs a canvas or tfjs-node in Node).
 */
function warmUp(human: NodeHuman): void {
  for (const model of Object.values(human.models.models)) {
    const input = model?.inputs[0];
    if (!model || !input) continue;
    // Dynamic dimensions (-1) become a batch of 1 and a small spatial size.
    const shape = (input.shape ?? [1, 64, 64, 3]).map((size, axis) =>
      size > 0 ? size : axis === 0 ? 1 : 64,
    );
    const zeros = human.tf.zeros(shape, input.dtype === 'int32' ? 'int32' : 'float32');
    const output = model.execute(zeros);
    human.tf.dispose([zeros, ...(Array.isArray(output) ? output : [output])]);
  }
}
