import { describe, expect, it } from 'vitest';
import { createRaster, cropRaster } from '../raster.ts';
import { FACE_MESH_POINT_COUNT } from './face-types.ts';
import { makeFace } from './face-landmarks.factory.ts';
import {
  createHumanFaceDetector,
  loadHumanModels,
  pickProminentFace,
  toDetectionInput,
  toFaceLandmarks,
  type HumanFace,
  type HumanInstance,
  type HumanPoint,
  type HumanResult,
  type HumanTensor,
} from './human-adapter.ts';
import { HUMAN_FACE_MODEL_FILES, humanFaceConfig } from './human-config.ts';

function ring(cx: number, cy: number): HumanPoint[] {
  return [
    [cx, cy, 0],
    [cx + 4, cy],
    [cx, cy + 4],
    [cx - 4, cy],
    [cx, cy - 4],
  ];
}

/** A Human face as Human reports it: its "right" eye is the patient's right, on the image's left. */
function humanFace(overrides: Partial<HumanFace> = {}): HumanFace {
  return {
    score: 0.9,
    box: [100, 80, 200, 220],
    mesh: Array.from({ length: 478 }, (_, i): HumanPoint => [i, i + 1]),
    annotations: { rightEyeIris: ring(150, 160), leftEyeIris: ring(250, 162) },
    ...overrides,
  };
}

describe('toFaceLandmarks', () => {
  it("maps Human's right (patient's right) eye to the image-left eye", () => {
    const face = toFaceLandmarks(humanFace());
    expect(face?.leftEye).toEqual({ x: 150, y: 160 });
    expect(face?.rightEye).toEqual({ x: 250, y: 162 });
    expect(face?.box).toEqual({ x: 100, y: 80, width: 200, height: 220 });
    expect(face?.score).toBe(0.9);
  });

  it('keeps the 468 mesh points, without the iris points, with depth 0 when missing', () => {
    const mesh = toFaceLandmarks(humanFace())?.mesh;
    expect(mesh).toHaveLength(FACE_MESH_POINT_COUNT);
    expect(mesh?.[467]).toEqual([467, 468, 0]);
  });

  it('falls back to the eyelid contour when there is no iris', () => {
    const face = toFaceLandmarks(
      humanFace({
        annotations: {
          rightEyeUpper0: [
            [140, 150],
            [160, 150],
          ],
          rightEyeLower0: [
            [140, 170],
            [160, 170],
          ],
          leftEyeUpper0: [[240, 150]],
          leftEyeLower0: [[260, 170]],
        },
      }),
    );
    expect(face?.leftEye).toEqual({ x: 150, y: 160 });
    expect(face?.rightEye).toEqual({ x: 250, y: 160 });
  });

  it('scales every coordinate back to raster pixels when the input was shrunk', () => {
    const face = toFaceLandmarks(humanFace(), 2);
    expect(face?.box).toEqual({ x: 200, y: 160, width: 400, height: 440 });
    expect(face?.leftEye).toEqual({ x: 300, y: 320 });
    expect(face?.mesh[10]).toEqual([20, 22, 0]);
  });

  it('drops a face without a full mesh or without eyes', () => {
    expect(toFaceLandmarks(humanFace({ mesh: [[1, 2]] }))).toBeUndefined();
    expect(toFaceLandmarks(humanFace({ annotations: {} }))).toBeUndefined();
  });
});

describe('pickProminentFace', () => {
  it('picks the largest face, then the more confident one', () => {
    const small = makeFace({ box: { x: 0, y: 0, width: 50, height: 50 }, score: 0.99 });
    const large = makeFace({ box: { x: 0, y: 0, width: 300, height: 300 }, score: 0.6 });
    const largeSure = { ...large, score: 0.8 };
    expect(pickProminentFace([small, large])).toBe(large);
    expect(pickProminentFace([large, largeSure, small])).toBe(largeSure);
    expect(pickProminentFace([])).toBeUndefined();
  });
});

describe('toDetectionInput', () => {
  it('drops alpha and keeps row-major RGB order at full size', () => {
    const raster = createRaster(2, 1);
    raster.data.set([1, 2, 3, 255, 4, 5, 6, 0]);
    expect(toDetectionInput(raster)).toEqual({
      rgb: new Float32Array([1, 2, 3, 4, 5, 6]),
      width: 2,
      height: 1,
      factor: 1,
    });
  });

  it('averages whole blocks when the photo is larger than the detector needs', () => {
    const raster = createRaster(5, 4);
    for (let i = 0; i < 20; i += 1) raster.data.set([i, 10, 2 * i, 255], i * 4);
    const input = toDetectionInput(raster, 2);
    // 5×4 → factor 3 → 1×1 (the partial trailing blocks are dropped): pixels 0,1,2,5,6,7,10,11,12.
    expect(input).toMatchObject({ width: 1, height: 1, factor: 3 });
    expect(Array.from(input.rgb)).toEqual([6, 10, 12]);
    expect(toDetectionInput(createRaster(2048, 1000)).factor).toBe(2);
    expect(toDetectionInput(createRaster(1024, 1024)).factor).toBe(1);
  });

  it('reads a region of a composite in place as it reads the same region cut out', () => {
    const composite = createRaster(37, 23);
    for (let i = 0; i < composite.data.length; i += 1) composite.data[i] = (i * 7919) % 251;
    const region = { x: 19, y: 2, width: 17, height: 20 };
    for (const maxSide of [64, 8, 5]) {
      const inPlace = toDetectionInput(composite, maxSide, region);
      expect(inPlace).toEqual(toDetectionInput(cropRaster(composite, region), maxSide));
      expect(inPlace).not.toEqual(toDetectionInput(composite, maxSide));
    }
  });

  it('reads pixels that do not start on a 4-byte boundary as it reads aligned ones', () => {
    const aligned = createRaster(23, 17);
    for (let i = 0; i < aligned.data.length; i += 1) aligned.data[i] = (i * 7919) % 251;
    const shifted = new Uint8ClampedArray(aligned.data.length + 1);
    shifted.set(aligned.data, 1);
    const unaligned = { ...aligned, data: shifted.subarray(1) };
    const region = { x: 3, y: 1, width: 19, height: 15 };
    for (const maxSide of [64, 7, 4]) {
      expect(toDetectionInput(unaligned, maxSide, region)).toEqual(
        toDetectionInput(aligned, maxSide, region),
      );
    }
    // Each block's sum is taken photo row by photo row, rounded to 32 bits after each: the
    // floats the detector has always been given.
    // (Red rows summing to 0, 33 and 26: one sum of all nine gives a float one step lower.)
    const raster = createRaster(3, 3);
    raster.data.set([0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255]);
    raster.data.set([10, 0, 0, 255, 11, 0, 0, 255, 12, 0, 0, 255], 12);
    raster.data.set([8, 0, 0, 255, 9, 0, 0, 255, 9, 0, 0, 255], 24);
    const rowByRow = [0, 33, 26].reduce((sum, row) => Math.fround(sum + row * (1 / 9)), 0);
    expect(rowByRow).not.toBe(Math.fround(59 * (1 / 9)));
    expect(toDetectionInput(raster, 1).rgb[0]).toBe(rowByRow);
  });
});

/** A Human stand-in that records tensors and answers with canned results. */
function fakeHuman(
  answer: (call: number) => Promise<HumanResult>,
  loadedModels: readonly string[] = ['blazeface', 'facemesh', 'iris'],
) {
  const live = new Set<HumanTensor>();
  const shapes: number[][] = [];
  let calls = 0;
  const human: HumanInstance = {
    load: () => Promise.resolve(),
    models: {
      stats: () => ({
        modelStats: ['blazeface', 'facemesh', 'iris'].map((name) => ({
          name,
          loaded: loadedModels.includes(name),
        })),
      }),
    },
    detect: (input) => {
      expect(live.has(input)).toBe(true);
      return answer(calls++);
    },
    tf: {
      tensor3d: (_values, shape) => {
        const tensor = { shape };
        shapes.push(shape);
        live.add(tensor);
        return tensor;
      },
      dispose: (tensors) => {
        for (const tensor of 'shape' in tensors ? [tensors] : tensors) live.delete(tensor);
      },
      getBackend: () => 'wasm',
    },
  };
  return { human, live, shapes };
}

describe('loadHumanModels', () => {
  const noFaces = () => Promise.resolve({ face: [], error: null });

  it('accepts a Human with the detector, mesh and iris models loaded', async () => {
    await expect(loadHumanModels(fakeHuman(noFaces).human, '/models/')).resolves.toBeUndefined();
  });

  it('names the models that did not load and where it looked', async () => {
    const { human } = fakeHuman(noFaces, ['blazeface']);
    await expect(loadHumanModels(human, '/models/')).rejects.toThrow(
      'Face models did not load from /models/: facemesh, iris',
    );
  });
});

describe('createHumanFaceDetector', () => {
  it('passes the raster as an [h, w, 3] tensor, frees it and returns the largest usable face', async () => {
    const broken = humanFace({ box: [0, 0, 500, 500], mesh: [] });
    const good = humanFace();
    const { human, live, shapes } = fakeHuman(() =>
      Promise.resolve({ face: [broken, good], error: null }),
    );
    const face = await createHumanFaceDetector(human).detect(createRaster(40, 30));
    expect(shapes).toEqual([[30, 40, 3]]);
    expect(live.size).toBe(0);
    expect(face?.leftEye).toEqual({ x: 150, y: 160 });
  });

  it('reports a detection error and still frees the tensor', async () => {
    const { human, live } = fakeHuman(() => Promise.resolve({ face: [], error: 'backend lost' }));
    await expect(createHumanFaceDetector(human).detect(createRaster(4, 4))).rejects.toThrow(
      'Face detection failed: backend lost',
    );
    expect(live.size).toBe(0);
  });

  it('runs one detection at a time on the shared instance, even after a failure', async () => {
    let running = 0;
    let overlapped = false;
    const { human } = fakeHuman(async (call) => {
      running += 1;
      overlapped ||= running > 1;
      await Promise.resolve();
      await Promise.resolve();
      running -= 1;
      if (call === 0) throw new Error('first fails');
      return { face: [], error: null };
    });
    const detector = createHumanFaceDetector(human);
    const results = await Promise.allSettled(
      [1, 2, 3].map(() => detector.detect(createRaster(2, 2))),
    );
    expect(results.map((result) => result.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect(overlapped).toBe(false);
  });
});

describe('humanFaceConfig', () => {
  it('loads only the face detector, mesh and iris models listed for the browser', () => {
    const config = humanFaceConfig({ backend: 'webgl', modelBasePath: '/models/', wasmPath: null });
    const paths = [
      config.face.detector.modelPath,
      config.face.mesh.modelPath,
      config.face.iris.modelPath,
    ];
    expect(paths.every((file) => HUMAN_FACE_MODEL_FILES.includes(file))).toBe(true);
    expect(config.filter.enabled).toBe(false);
    expect(config.cacheSensitivity).toBe(0);
    for (const module of [
      config.body,
      config.hand,
      config.object,
      config.gesture,
      config.face.emotion,
    ]) {
      expect(module.enabled).toBe(false);
    }
  });

  it('refuses the wasm backend without a local wasm folder (the default is a CDN)', () => {
    expect(() =>
      humanFaceConfig({ backend: 'wasm', modelBasePath: '/models/', wasmPath: null }),
    ).toThrow('The wasm backend needs a local wasmPath');
  });
});
