import { createBrowserFaceDetector, type FaceDetector, type HumanModule } from '@glowreel/engine';

// Both folders are served by the web build from node_modules (vite.config.ts, faceModels):
// nothing is fetched from a CDN.
const FACE_MODELS_URL = '/models/';
const TFJS_WASM_URL = '/models/wasm/';

let shared: Promise<FaceDetector> | undefined;

/**
 * The page session's one face detector, loaded on first use. Human (about 2 MB with tfjs) is
 * imported only here, so it lands in a chunk of its own that only /generate ever requests.
 *
 * The wasm backend, as on the server: it needs no GPU (headless Chromium has none) and runs
 * the same kernels, so the preview finds the same landmarks the render does.
 */
export function loadPreviewFaceDetector(): Promise<FaceDetector> {
  shared ??= createBrowserFaceDetector({
    modelBasePath: FACE_MODELS_URL,
    backend: 'wasm',
    wasmPath: TFJS_WASM_URL,
    // Human types detect()'s input as its own Tensor; the engine passes the tensor Human's tf
    // made, and names only the members it calls (human-node.test.ts checks them against Human).
    loadHuman: async () => (await import('@vladmandic/human')) as unknown as HumanModule,
  }).catch((error: unknown) => {
    // Forget the failure, so the next photo tries again (the network may be back).
    shared = undefined;
    throw error;
  });
  return shared;
}
