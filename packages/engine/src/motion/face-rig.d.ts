import type { FaceLandmarks } from '../faces/face-types.ts';
import { type Vec2 } from './delaunay.ts';
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
    frame: {
        origin: Vec2;
        across: Vec2;
        down: Vec2;
    };
    /** Depth of the head's vertical turning axis (facemesh z units). */
    axisDepth: number;
    /** Distance between the eye centres, image pixels: motion amplitudes scale with it. */
    eyeDistance: number;
    /** Per-vertex displacement (dx, dy pairs) at full strength for each expression. */
    bases: {
        smile: number[];
        surprise: number[];
        blink: number[];
    };
}
export declare function buildFaceRig(face: FaceLandmarks): FaceRig;
export declare function vertexCount(rig: FaceRig): number;
