import { describe, expect, it } from 'vitest';
import type { HumanConfig } from '../faces/human-config.ts';
import type { HumanInstance, HumanModule } from '../faces/human-adapter.ts';
import { createBrowserFaceDetector } from './human-browser.ts';

/** A Human whose models all load and whose tfjs reports `runningBackend`. */
function fakeHumanModule(runningBackend: string, seen: HumanConfig[]): HumanModule {
  class FakeHuman implements HumanInstance {
    constructor(config: HumanConfig) {
      seen.push(config);
    }
    load = () => Promise.resolve();
    models = {
      stats: () => ({
        modelStats: ['blazeface', 'facemesh', 'iris'].map((name) => ({ name, loaded: true })),
      }),
    };
    detect = () => Promise.resolve({ face: [], error: null });
    tf = {
      tensor3d: (_values: Float32Array, shape: [number, number, number]) => ({ shape }),
      dispose: () => undefined,
      getBackend: () => runningBackend,
    };
  }
  return { Human: FakeHuman };
}

describe('createBrowserFaceDetector', () => {
  it('loads Human on the wasm backend from local folders', async () => {
    const seen: HumanConfig[] = [];
    const detector = await createBrowserFaceDetector({
      modelBasePath: '/models',
      backend: 'wasm',
      wasmPath: '/models/wasm/',
      loadHuman: () => Promise.resolve(fakeHumanModule('wasm', seen)),
    });
    expect(seen[0]).toMatchObject({
      backend: 'wasm',
      modelBasePath: '/models/',
      wasmPath: '/models/wasm/',
    });
    await expect(
      detector.detect({ width: 2, height: 2, data: new Uint8ClampedArray(16) }),
    ).resolves.toBeUndefined();
  });

  it('refuses a silent fallback to another backend, whose landmarks would differ', async () => {
    await expect(
      createBrowserFaceDetector({
        modelBasePath: '/models/',
        backend: 'wasm',
        wasmPath: '/models/wasm/',
        loadHuman: () => Promise.resolve(fakeHumanModule('cpu', [])),
      }),
    ).rejects.toThrow('Face detection needs the wasm backend, got cpu');
  });
});
