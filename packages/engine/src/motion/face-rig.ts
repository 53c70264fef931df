// The face rig: a coarse triangle mesh over one panel's face plus a ring of anchor points
// around it, built once per scene from the facemesh. Motion moves the face vertices and never
// the ring, so everything outside the ring (background, hair, the other panel) stays put.
import type { FaceLandmarks } from '../faces/face-types.ts';
import { triangulate, type Vec2 } from './delaunay.ts';
import { expressionBases } from './face-expressions.ts';
import type { FaceMotionKind } from './face-motion-schedule.ts';
import { FACE_OVAL, MOTION_LANDMARKS } from './face-regions.ts';
import { arePolygonsWithin, type Polygon } from './treated-region.ts';

/** Plain data (it travels inside the Scene): flat arrays, image pixels of the panel's own photo. */
export interface FaceRig {
  /** Rest position of every vertex: x, y, z (z = facemesh depth; the ring sits at the axis depth). */
  rest: number[];
  /** 1 for face vertices, 0 for the anchor ring (which never moves). */
  weight: number[];
  /** Index triples into the vertices. */
  triangles: number[];
  /** The anchor ring as a closed polygon, x, y pairs: the warp is zero on and outside it. */
  ring: number[];
  /** The face's own axes: `across` runs from the image-left eye to the image-right eye. */
  frame: { origin: Vec2; across: Vec2; down: Vec2 };
  /** Depth of the head's vertical turning axis (facemesh z units). */
  axisDepth: number;
  /** Distance between the eye centres, image pixels: motion amplitudes scale with it. */
  eyeDistance: number;
  /** Per-vertex displacement (dx, dy pairs) at full strength for each expression. */
  bases: { smile: number[]; surprise: number[]; blink: number[] };
  /** Face vertices held still because their triangles touch the treated area (DESIGN.md D16). */
  pinned: number[];
}

export interface FaceRigOptions {
  /** Patches of the photo (its own pixels) whose pixels must stay exactly still. */
  protect?: readonly Polygon[];
}

/**
 * How far (× eye distance) a moving triangle must stay from a protected patch: the warp grows
 * each drawn triangle by under 2 output pixels, and the face is at least 120 output pixels
 * between the eyes when it moves, so 0.06 keeps every redrawn pixel 7 pixels away.
 */
const PROTECT_MARGIN = 0.06;

/** Every vertex of every triangle that overlaps (or nearly touches) a protected patch. */
function protectedVertices(
  vertices: readonly Vec2[],
  triangles: readonly number[],
  protect: readonly Polygon[],
  margin: number,
): Set<number> {
  const pinned = new Set<number>();
  if (protect.length === 0) return pinned;
  for (let t = 0; t < triangles.length; t += 3) {
    const corners = [triangles[t] ?? 0, triangles[t + 1] ?? 0, triangles[t + 2] ?? 0];
    const shape = corners.map((v) => vertices[v] ?? { x: 0, y: 0 });
    if (protect.some((patch) => arePolygonsWithin(shape, patch, margin)))
      for (const v of corners) pinned.add(v);
  }
  return pinned;
}

/**
 * Points of the full mesh closer than this (× eye distance) to a kept one are dropped: a
 * coarse mesh keeps the per-frame cost low (each moving triangle is one draw call).
 */
const MESH_SPACING: Record<FaceMotionKind, number> = {
  head_turn: 0.4,
  smile: 0.36,
  surprise: 0.36,
  blink: 0.36,
};
const RING_POINTS = 16;
/** How far the ring sits outside the face outline, as a multiple of the outline's radii. */
const RING_SCALE = { across: 1.32, down: 1.22 } as const;

function point(face: FaceLandmarks, index: number): readonly [number, number, number] {
  return face.mesh[index] ?? [0, 0, 0];
}

/**
 * The motion's own landmarks first (always kept), then the face outline and the rest of the
 * mesh thinned to the motion's spacing.
 */
function pickVertices(face: FaceLandmarks, kind: FaceMotionKind, eyeDistance: number): number[] {
  const kept: number[] = [...new Set(MOTION_LANDMARKS[kind])];
  const minGap2 = (MESH_SPACING[kind] * eyeDistance) ** 2;
  const candidates = [...FACE_OVAL, ...face.mesh.keys()];
  for (const index of candidates) {
    if (kept.includes(index)) continue;
    const [x, y] = point(face, index);
    const isFar = kept.every((other) => {
      const [ox, oy] = point(face, other);
      return (ox - x) ** 2 + (oy - y) ** 2 >= minGap2;
    });
    if (isFar) kept.push(index);
  }
  return kept;
}

export function buildFaceRig(
  face: FaceLandmarks,
  kind: FaceMotionKind,
  options: FaceRigOptions = {},
): FaceRig {
  const eyeDistance = Math.hypot(
    face.rightEye.x - face.leftEye.x,
    face.rightEye.y - face.leftEye.y,
  );
  const across = {
    x: (face.rightEye.x - face.leftEye.x) / eyeDistance,
    y: (face.rightEye.y - face.leftEye.y) / eyeDistance,
  };
  const down = { x: -across.y, y: across.x };
  const oval = FACE_OVAL.map((index) => point(face, index));
  const origin = {
    x: oval.reduce((sum, p) => sum + p[0], 0) / oval.length,
    y: oval.reduce((sum, p) => sum + p[1], 0) / oval.length,
  };
  let radiusAcross = 0;
  let radiusDown = 0;
  for (const [x, y] of oval) {
    radiusAcross = Math.max(
      radiusAcross,
      Math.abs((x - origin.x) * across.x + (y - origin.y) * across.y),
    );
    radiusDown = Math.max(radiusDown, Math.abs((x - origin.x) * down.x + (y - origin.y) * down.y));
  }
  // The turning axis runs through the skull behind the face: at the depth of the outline's
  // widest points (beside the ears), not through the nose.
  const [, , leftSideZ] = point(face, 234);
  const [, , rightSideZ] = point(face, 454);
  const axisDepth = (leftSideZ + rightSideZ) / 2;

  const landmarks = pickVertices(face, kind, eyeDistance);
  const rest: number[] = [];
  const weight: number[] = [];
  for (const index of landmarks) {
    const [x, y, z] = point(face, index);
    rest.push(x, y, z);
    weight.push(1);
  }
  const ring: number[] = [];
  for (let k = 0; k < RING_POINTS; k += 1) {
    const angle = (2 * Math.PI * k) / RING_POINTS;
    const u = Math.cos(angle) * radiusAcross * RING_SCALE.across;
    const v = Math.sin(angle) * radiusDown * RING_SCALE.down;
    const x = origin.x + u * across.x + v * down.x;
    const y = origin.y + u * across.y + v * down.y;
    ring.push(x, y);
    rest.push(x, y, axisDepth);
    weight.push(0);
  }
  const vertices: Vec2[] = [];
  for (let i = 0; i < rest.length; i += 3) vertices.push({ x: rest[i] ?? 0, y: rest[i + 1] ?? 0 });
  const triangles = triangulate(vertices).flat();
  const vertexOf = new Map(landmarks.map((landmark, vertex) => [landmark, vertex]));
  // Only face vertices can be pinned (the ring never moves anyway); a pinned one also leaves
  // the head turn, so nothing at all moves its triangles.
  const pinned = [
    ...protectedVertices(vertices, triangles, options.protect ?? [], PROTECT_MARGIN * eyeDistance),
  ]
    .filter((vertex) => vertex < landmarks.length)
    .sort((p, q) => p - q);
  for (const vertex of pinned) weight[vertex] = 0;
  return {
    rest,
    weight,
    triangles,
    ring,
    frame: { origin, across, down },
    axisDepth,
    eyeDistance,
    bases: expressionBases({
      vertices,
      vertexOf,
      across,
      down,
      eyeDistance,
      pinned: new Set(pinned),
    }),
    pinned,
  };
}

export function vertexCount(rig: FaceRig): number {
  return rig.weight.length;
}
