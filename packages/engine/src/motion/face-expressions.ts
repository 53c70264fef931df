// Expressions as displacement fields over the rig's vertices, built once per scene. A few
// landmarks get an explicit displacement (or are pinned at zero); every other face vertex
// follows a smooth, normalised Gaussian blend of those, fading to zero away from them. The
// anchor ring is never moved.
import type { Vec2 } from './delaunay.ts';
import {
  CHEEKS,
  CHIN,
  FACE_OVAL,
  FOREHEAD,
  LEFT_EYE,
  LOWER_LIP,
  MOUTH_CORNERS,
  NOSE,
  RIGHT_EYE,
  UPPER_LIP_CENTRE,
  type EyeRegion,
} from './face-regions.ts';

export interface ExpressionInput {
  /** Rest positions (face vertices first, then the ring). */
  vertices: readonly Vec2[];
  /** Facemesh landmark index → vertex index (face vertices only). */
  vertexOf: ReadonlyMap<number, number>;
  across: Vec2;
  down: Vec2;
  eyeDistance: number;
  /**
   * Vertices that must not move (the treated area's, DESIGN.md D16): they stay exactly still
   * and act as still handles, so the expression fades out before it reaches them.
   */
  pinned?: ReadonlySet<number>;
}

/** A displacement in image pixels for one landmark. */
type Handles = Map<number, Vec2>;

/** Displacement in the face's own axes, in eye distances (u across the face, v down it). */
function faceVector(input: ExpressionInput, u: number, v: number): Vec2 {
  const e = input.eyeDistance;
  return {
    x: (u * input.across.x + v * input.down.x) * e,
    y: (u * input.across.y + v * input.down.y) * e,
  };
}

function pin(handles: Handles, landmarks: readonly number[]): void {
  for (const landmark of landmarks)
    if (!handles.has(landmark)) handles.set(landmark, { x: 0, y: 0 });
}

/** The handles and the blend width (× eye distance) → dx, dy per vertex. */
function field(input: ExpressionInput, handles: Handles, sigma: number): number[] {
  const out = new Array<number>(input.vertices.length * 2).fill(0);
  const known: { p: Vec2; d: Vec2 }[] = [];
  const handleVertex = new Map<number, Vec2>();
  const pinned = input.pinned ?? new Set<number>();
  for (const [landmark, d] of handles) {
    const vertex = input.vertexOf.get(landmark);
    const p = vertex === undefined ? undefined : input.vertices[vertex];
    if (vertex === undefined || !p || pinned.has(vertex)) continue;
    handleVertex.set(vertex, d);
    known.push({ p, d });
  }
  for (const vertex of pinned) {
    const p = input.vertices[vertex];
    if (!p) continue;
    handleVertex.set(vertex, { x: 0, y: 0 });
    known.push({ p, d: { x: 0, y: 0 } });
  }
  const s2 = 2 * (sigma * input.eyeDistance) ** 2;
  // Each handle's influence ends at 2.5 σ, so far vertices stay exactly still (and their
  // triangles are not redrawn); `rest` fades the blend out toward that edge.
  const cutoff = Math.exp(-(2.5 * 2.5) / 2);
  const rest = cutoff;
  input.vertices.forEach((p, vertex) => {
    if (vertex >= input.vertexOf.size) return; // the anchor ring
    const own = handleVertex.get(vertex);
    if (own) {
      out[vertex * 2] = own.x;
      out[vertex * 2 + 1] = own.y;
      return;
    }
    let sumX = 0;
    let sumY = 0;
    let sumW = rest;
    for (const { p: q, d } of known) {
      const w = Math.exp(-((p.x - q.x) ** 2 + (p.y - q.y) ** 2) / s2) - cutoff;
      if (w <= 0) continue;
      sumX += w * d.x;
      sumY += w * d.y;
      sumW += w;
    }
    out[vertex * 2] = sumX / sumW;
    out[vertex * 2 + 1] = sumY / sumW;
  });
  return out;
}

const inner = (lid: readonly number[]) => lid.slice(1, -1);

/** 1 at the middle of a lid, falling toward the corners (lids move most at their centre). */
function lidShape(k: number, count: number): number {
  return Math.sin((Math.PI * k) / (count - 1));
}

/** Gentle smile: mouth corners up and out, cheeks lift a little, lower lids lift a little. */
function smile(input: ExpressionInput): number[] {
  const h: Handles = new Map();
  const v = (u: number, w: number) => faceVector(input, u, w);
  h.set(MOUTH_CORNERS.left, v(-0.07, -0.065));
  h.set(MOUTH_CORNERS.right, v(0.07, -0.065));
  h.set(MOUTH_CORNERS.innerLeft, v(-0.06, -0.055));
  h.set(MOUTH_CORNERS.innerRight, v(0.06, -0.055));
  h.set(UPPER_LIP_CENTRE.outer, v(0, -0.008));
  h.set(UPPER_LIP_CENTRE.inner, v(0, -0.012));
  for (const landmark of LOWER_LIP.outer) h.set(landmark, v(0, -0.018));
  for (const landmark of LOWER_LIP.inner) h.set(landmark, v(0, -0.015));
  const [apexL, upperL, outerL] = CHEEKS.left;
  const [apexR, upperR, outerR] = CHEEKS.right;
  h.set(apexL, v(-0.012, -0.04));
  h.set(apexR, v(0.012, -0.04));
  h.set(upperL, v(-0.006, -0.028));
  h.set(upperR, v(0.006, -0.028));
  h.set(outerL, v(0, -0.014));
  h.set(outerR, v(0, -0.014));
  for (const eye of [LEFT_EYE, RIGHT_EYE]) {
    const lid = eye.lowerLid;
    lid.forEach((landmark, k) => {
      if (k > 0 && k < lid.length - 1) h.set(landmark, v(0, -0.022 * lidShape(k, lid.length)));
    });
    for (const landmark of eye.lowerFold) h.set(landmark, v(0, -0.018));
    pin(h, [...eye.upperLid, ...eye.upperFold, ...eye.brow]);
  }
  pin(h, [...FACE_OVAL, ...NOSE, ...CHIN, ...FOREHEAD]);
  return field(input, h, 0.16);
}

/** Surprise: brows rise, eyes widen a little, the mouth softens (lower lip and jaw drop slightly). */
function surprise(input: ExpressionInput): number[] {
  const h: Handles = new Map();
  const v = (u: number, w: number) => faceVector(input, u, w);
  for (const eye of [LEFT_EYE, RIGHT_EYE]) {
    eye.brow.forEach((landmark, k) => h.set(landmark, v(0, k % 5 === 4 ? -0.07 : -0.095)));
    const upper = eye.upperLid;
    upper.forEach((landmark, k) => {
      if (k > 0 && k < upper.length - 1) h.set(landmark, v(0, -0.035 * lidShape(k, upper.length)));
    });
    eye.upperFold.forEach((landmark, k) => {
      if (k > 0 && k < eye.upperFold.length - 1) h.set(landmark, v(0, -0.055));
    });
    const lower = eye.lowerLid;
    lower.forEach((landmark, k) => {
      if (k > 0 && k < lower.length - 1) h.set(landmark, v(0, 0.012 * lidShape(k, lower.length)));
    });
    pin(h, [...eye.lowerFold, ...eye.lowerLid.slice(0, 1), ...eye.lowerLid.slice(-1)]);
  }
  // The forehead and the chin stay put: the brows and the lower lip carry the expression, and
  // fewer moving triangles keep each frame cheap.
  h.set(MOUTH_CORNERS.left, v(0.015, 0.012));
  h.set(MOUTH_CORNERS.right, v(-0.015, 0.012));
  h.set(MOUTH_CORNERS.innerLeft, v(0.015, 0.015));
  h.set(MOUTH_CORNERS.innerRight, v(-0.015, 0.015));
  for (const landmark of LOWER_LIP.outer) h.set(landmark, v(0, 0.035));
  for (const landmark of LOWER_LIP.inner) h.set(landmark, v(0, 0.04));
  pin(h, [...FACE_OVAL, ...NOSE, ...CHEEKS.left, ...CHEEKS.right, ...FOREHEAD, ...CHIN]);
  return field(input, h, 0.15);
}

function blinkEye(input: ExpressionInput, eye: EyeRegion, h: Handles): void {
  const at = (landmark: number): Vec2 | undefined => {
    const vertex = input.vertexOf.get(landmark);
    return vertex === undefined ? undefined : input.vertices[vertex];
  };
  inner(eye.upperLid).forEach((upperLandmark, j) => {
    const lowerLandmark = eye.lowerLid[j + 1];
    const upper = at(upperLandmark);
    const lower = lowerLandmark === undefined ? undefined : at(lowerLandmark);
    if (!upper || !lower || lowerLandmark === undefined) return;
    const gap = { x: lower.x - upper.x, y: lower.y - upper.y };
    // The upper lid comes down most of the way, the lower lid rises to meet it.
    h.set(upperLandmark, { x: gap.x * 0.86, y: gap.y * 0.86 });
    h.set(lowerLandmark, { x: -gap.x * 0.1, y: -gap.y * 0.1 });
    const foldLandmark = eye.upperFold[j + 1];
    if (foldLandmark !== undefined) h.set(foldLandmark, { x: gap.x * 0.4, y: gap.y * 0.4 });
  });
  pin(h, [...eye.brow, ...eye.lowerFold, ...eye.upperLid.slice(0, 1), ...eye.upperLid.slice(-1)]);
  pin(h, [eye.upperFold[0] ?? -1, eye.upperFold.at(-1) ?? -1]);
}

/** Both eyes closed: the upper lids meet the lower lids. */
function blink(input: ExpressionInput): number[] {
  const h: Handles = new Map();
  blinkEye(input, LEFT_EYE, h);
  blinkEye(input, RIGHT_EYE, h);
  pin(h, [...NOSE, ...CHEEKS.left, ...CHEEKS.right, ...FACE_OVAL]);
  return field(input, h, 0.07);
}

export function expressionBases(input: ExpressionInput): {
  smile: number[];
  surprise: number[];
  blink: number[];
} {
  return { smile: smile(input), surprise: surprise(input), blink: blink(input) };
}
