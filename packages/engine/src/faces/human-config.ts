// Configuration for @vladmandic/human, shared by the Node and browser detectors so both find the
// same faces. Only the face box detector, the 468-point mesh and the iris model are loaded.

/** The Human models face detection needs: box detector, mesh, iris refinement (for eye centres). */
export const HUMAN_FACE_MODELS = ['blazeface', 'facemesh', 'iris'] as const;

/**
 * Every file Human fetches from modelBasePath with this configuration: each model is a JSON graph
 * plus one weight shard. The web build copies exactly these from @vladmandic/human/models.
 */
export const HUMAN_FACE_MODEL_FILES: readonly string[] = HUMAN_FACE_MODELS.flatMap((model) => [
  `${model}.json`,
  `${model}.bin`,
]);

export type HumanBackend = 'wasm' | 'webgl' | 'humangl' | 'webgpu' | 'cpu';

const off = { enabled: false } as const;

/** Human's Config, reduced to what we set (assignable to Human's Partial<Config>). */
export interface HumanConfig {
  backend: HumanBackend;
  modelBasePath: string;
  wasmPath: string;
  debug: boolean;
  warmup: 'none';
  cacheModels: boolean;
  cacheSensitivity: number;
  filter: { enabled: boolean };
  gesture: { enabled: boolean };
  face: {
    enabled: boolean;
    detector: {
      modelPath: string;
      rotation: boolean;
      maxDetected: number;
      minConfidence: number;
      return: boolean;
    };
    mesh: { enabled: boolean; modelPath: string };
    iris: { enabled: boolean; modelPath: string };
    attention: { enabled: boolean };
    /** The face-descriptor model (faceres); off in the product, loaded by identity tests. */
    description: { enabled: boolean; modelPath?: string };
    emotion: { enabled: boolean };
    antispoof: { enabled: boolean };
    liveness: { enabled: boolean };
    gear: { enabled: boolean };
  };
  body: { enabled: boolean };
  hand: { enabled: boolean };
  object: { enabled: boolean };
  segmentation: { enabled: boolean };
}

export interface HumanConfigOptions {
  backend: HumanBackend;
  /** Folder URL holding HUMAN_FACE_MODEL_FILES, ending in '/' (file:// in Node, /models/ in the browser). */
  modelBasePath: string;
  /** Folder with the tfjs-backend-wasm .wasm files; required for the wasm backend, null otherwise. */
  wasmPath: string | null;
}

/** Faces below this detector confidence are ignored: a false face would warp a photo for nothing. */
export const MIN_FACE_CONFIDENCE = 0.5;

/** A photo can show more than one face (a reflection, a poster); we keep a few and pick the largest. */
const MAX_FACES = 3;

export function humanFaceConfig(options: HumanConfigOptions): HumanConfig {
  if (options.backend === 'wasm' && !options.wasmPath) {
    // Human's default wasmPath is a CDN; nothing may download at run time.
    throw new Error('The wasm backend needs a local wasmPath');
  }
  const [detector, mesh, iris] = HUMAN_FACE_MODELS;
  return {
    backend: options.backend,
    modelBasePath: options.modelBasePath,
    wasmPath: options.wasmPath ?? '',
    debug: false,
    // Human's own warm-up decodes an embedded JPEG, which needs a canvas or tfjs-node; the
    // adapters warm up themselves.
    warmup: 'none',
    // Models come from our own folder every time (the HTTP cache serves repeats in the browser).
    cacheModels: false,
    // Still photos: never hand back the previous photo's faces because the input "looks similar".
    cacheSensitivity: 0,
    // Human's image filters would alter pixels before detection; we analyse the photo as it is.
    filter: off,
    gesture: off,
    face: {
      enabled: true,
      detector: {
        modelPath: `${detector}.json`,
        // Re-runs the mesh on an upright crop, so tilted heads keep accurate landmarks.
        rotation: true,
        maxDetected: MAX_FACES,
        minConfidence: MIN_FACE_CONFIDENCE,
        return: false,
      },
      mesh: { enabled: true, modelPath: `${mesh}.json` },
      iris: { enabled: true, modelPath: `${iris}.json` },
      attention: off,
      description: off,
      emotion: off,
      antispoof: off,
      liveness: off,
      gear: off,
    },
    body: off,
    hand: off,
    object: off,
    segmentation: off,
  };
}
