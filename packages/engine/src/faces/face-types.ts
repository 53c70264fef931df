import type { Point, Rect } from '../geometry.ts';
import type { Raster } from '../raster.ts';

/** One facemesh vertex: x and y in raster pixels, z relative depth (same scale as x, 0 when unknown). */
export type MeshPoint = readonly [x: number, y: number, z: number];

/** The MediaPipe facemesh topology the mesh follows; iris points are not part of it. */
export const FACE_MESH_POINT_COUNT = 468;

/**
 * One face, in the pixel coordinates of the raster it was found in.
 *
 * Eyes are named by where they appear in an upright, unmirrored photo, not by anatomy:
 * `leftEye` is on the image's left (the patient's right eye), `rightEye` on the image's
 * right (the patient's left eye). The pairing is made anatomically, so it stays consistent
 * when the head is tilted, which is what alignment needs.
 */
export interface FaceLandmarks {
  /** Face bounding box, in raster pixels. */
  box: Rect;
  /** Iris centre of the eye on the image's left (the patient's right eye). */
  leftEye: Point;
  /** Iris centre of the eye on the image's right (the patient's left eye). */
  rightEye: Point;
  /** Detector confidence, 0–1. */
  score: number;
  /** The 468 facemesh points in raster pixels (for landmark-driven face motion). */
  mesh: ReadonlyArray<MeshPoint>;
}

export interface FaceDetector {
  /**
   * The most prominent face (the largest), or undefined when there is none; in `region` of the
   * raster when given (whole pixels, inside it), in the region's own coordinates.
   */
  detect(raster: Raster, region?: Rect): Promise<FaceLandmarks | undefined>;
}
