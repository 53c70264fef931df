// Where the rig's vertices are at one moment: the head turn rotates the 3D landmarks about the
// head's vertical axis and projects them straight back onto the photo; expressions add their
// displacement fields. Ring vertices (weight 0) never move.
import type { FaceRig } from './face-rig.ts';
import type { FaceMotionState } from './face-motion-schedule.ts';

export interface DeformedMesh {
  /** x, y per vertex, image pixels. */
  positions: Float64Array;
  /** Depth per vertex after the turn (larger is farther from the camera). */
  depth: Float64Array;
}

export function deformRig(rig: FaceRig, motion: FaceMotionState): DeformedMesh {
  const count = rig.weight.length;
  const positions = new Float64Array(count * 2);
  const depth = new Float64Array(count);
  const theta = (motion.yawDegrees * Math.PI) / 180;
  const cos = Math.cos(theta);
  const sin = Math.sin(theta);
  const { origin, across } = rig.frame;
  const { smile, surprise, blink } = rig.bases;
  for (let i = 0; i < count; i += 1) {
    const x = rig.rest[i * 3] ?? 0;
    const y = rig.rest[i * 3 + 1] ?? 0;
    const z = rig.rest[i * 3 + 2] ?? 0;
    const w = rig.weight[i] ?? 0;
    let dx =
      motion.smile * (smile[i * 2] ?? 0) +
      motion.surprise * (surprise[i * 2] ?? 0) +
      motion.blink * (blink[i * 2] ?? 0);
    let dy =
      motion.smile * (smile[i * 2 + 1] ?? 0) +
      motion.surprise * (surprise[i * 2 + 1] ?? 0) +
      motion.blink * (blink[i * 2 + 1] ?? 0);
    let zOut = z;
    if (theta !== 0) {
      // u: position across the face from the axis; r: depth from the axis (camera is at -z).
      const u = (x - origin.x) * across.x + (y - origin.y) * across.y;
      const r = z - rig.axisDepth;
      const uTurned = u * cos - r * sin;
      zOut = rig.axisDepth + u * sin + r * cos;
      dx += w * (uTurned - u) * across.x;
      dy += w * (uTurned - u) * across.y;
    }
    positions[i * 2] = x + dx;
    positions[i * 2 + 1] = y + dy;
    // The ring is background: behind everything, so band triangles are painted first.
    depth[i] = w > 0 ? zOut : rig.axisDepth + 1e6;
  }
  return { positions, depth };
}

export function isStill(motion: FaceMotionState): boolean {
  return (
    motion.yawDegrees === 0 && motion.smile === 0 && motion.surprise === 0 && motion.blink === 0
  );
}
