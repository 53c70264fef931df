// Face detection in the browser with @vladmandic/human (dist/human.esm.js, which bundles tfjs).
// The web app imports Human lazily (about 2 MB) and serves HUMAN_FACE_MODEL_FILES under /models.
import type { FaceDetector } from '../faces/face-types.ts';
import {
  createHumanFaceDetector,
  loadHumanModels,
  type HumanModule,
} from '../faces/human-adapter.ts';
import { humanFaceConfig, type HumanBackend } from '../faces/human-config.ts';

export { HUMAN_FACE_MODEL_FILES } from '../faces/human-config.ts';
export type { HumanModule } from '../faces/human-adapter.ts';

export interface BrowserFaceDetectorOptions {
  /** URL of the folder serving HUMAN_FACE_MODEL_FILES, e.g. '/models/' (a trailing '/' is added). */
  modelBasePath: string;
  /** Resolves Human's browser module, e.g. `() => import('@vladmandic/human')` under Vite. */
  loadHuman: () => Promise<HumanModule>;
  /** tfjs backend; default 'webgl'. 'wasm' also needs wasmPath. */
  backend?: HumanBackend;
  /** Folder URL serving the tfjs-backend-wasm 4.22 .wasm files; only for the wasm backend. */
  wasmPath?: string;
}

/**
 * Loads Human and its face models and returns a detector. Photos go in as Rasters (ImageData
 * layout) and reach Human as an RGB tensor, the same path as in Node, so both find the same faces.
 */
export async function createBrowserFaceDetector(
  options: BrowserFaceDetectorOptions,
): Promise<FaceDetector> {
  const backend = options.backend ?? 'webgl';
  const config = humanFaceConfig({
    backend,
    modelBasePath: options.modelBasePath.endsWith('/')
      ? options.modelBasePath
      : `${options.modelBasePath}/`,
    wasmPath: options.wasmPath ?? null,
  });
  const { Human } = await options.loadHuman();
  const human = new Human(config);
  await loadHumanModels(human, config.modelBasePath);
  // Another backend would find slightly different landmarks than the one asked for (the server
  // runs wasm), so a silent fallback must not pass as success.
  if (human.tf.getBackend() !== backend) {
    throw new Error(`Face detection needs the ${backend} backend, got ${human.tf.getBackend()}`);
  }
  return createHumanFaceDetector(human);
}
