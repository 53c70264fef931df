// Test factories: a plausible upright face whose eyes and box can be overridden, and one with
// a generated 468-point mesh (seeded points over an elliptical face, eyes at the given places).
import { FACE_MESH_POINT_COUNT, type FaceLandmarks, type MeshPoint } from './face-types.ts';

export function makeFace(overrides: Partial<FaceLandmarks> = {}): FaceLandmarks {
  return {
    box: { x: 200, y: 150, width: 300, height: 300 },
    leftEye: { x: 290, y: 260 },
    rightEye: { x: 410, y: 260 },
    score: 0.95,
    mesh: [],
    ...overrides,
  };
}

/** A face with a full (generated) mesh, centred at (cx, cy), eyes `eyeDistance` apart. */
export function makeMeshFace(cx = 400, cy = 360, eyeDistance = 120): FaceLandmarks {
  const mesh: MeshPoint[] = [];
  let seed = 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return (seed >>> 8) / 0x1000000;
  };
  for (let i = 0; i < FACE_MESH_POINT_COUNT; i += 1) {
    // Uniform over an ellipse 2.2 × 2.8 eye distances, depth rising toward the edge.
    const angle = random() * 2 * Math.PI;
    const r = Math.sqrt(random());
    const x = cx + Math.cos(angle) * r * 1.1 * eyeDistance;
    const y = cy + Math.sin(angle) * r * 1.4 * eyeDistance;
    mesh.push([x, y, (r * r - 0.5) * 0.8 * eyeDistance]);
  }
  const half = eyeDistance / 2;
  return {
    box: {
      x: cx - 1.1 * eyeDistance,
      y: cy - 1.4 * eyeDistance,
      width: 2.2 * eyeDistance,
      height: 2.8 * eyeDistance,
    },
    leftEye: { x: cx - half, y: cy - 0.3 * eyeDistance },
    rightEye: { x: cx + half, y: cy - 0.3 * eyeDistance },
    score: 0.95,
    mesh,
  };
}
