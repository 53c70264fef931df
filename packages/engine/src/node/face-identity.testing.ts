// Test-only: face descriptors from Human's `faceres` model, read from node_modules on disk.
// The product never loads this model; identity tests use it to check that face motion keeps
// the person recognisably the same.
import { toDetectionInput } from '../faces/human-adapter.ts';
import type { Raster } from '../raster.ts';
import { loadNodeHuman, type NodeHuman } from './human-node.ts';

let shared: Promise<NodeHuman> | undefined;

function descriptorHuman(): Promise<NodeHuman> {
  shared ??= loadNodeHuman((config) => ({
    ...config,
    face: { ...config.face, description: { enabled: true, modelPath: 'faceres.json' } },
  }));
  return shared;
}

/** The descriptor of the largest face in the raster, or undefined when no face is found. */
export async function faceDescriptor(raster: Raster): Promise<number[] | undefined> {
  const human = await descriptorHuman();
  const { rgb, width, height } = toDetectionInput(raster);
  const input = human.tf.tensor3d(rgb, [height, width, 3], 'float32');
  try {
    const result = await human.detect(input);
    // Human's FaceResult carries `embedding` when the description model runs.
    const faces = result.face as readonly { box: readonly number[]; embedding?: number[] }[];
    let best: { area: number; embedding: number[] } | undefined;
    for (const face of faces) {
      const area = (face.box[2] ?? 0) * (face.box[3] ?? 0);
      if (face.embedding && face.embedding.length > 0 && (!best || area > best.area)) {
        best = { area, embedding: face.embedding };
      }
    }
    return best?.embedding;
  } finally {
    human.tf.dispose(input);
  }
}

/** Cosine similarity of two descriptors: 1 = same direction. */
export function descriptorSimilarity(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
    dot += (a[i] ?? 0) * (b[i] ?? 0);
    aa += (a[i] ?? 0) ** 2;
    bb += (b[i] ?? 0) ** 2;
  }
  return dot / Math.sqrt(aa * bb || 1);
}
