// Facemesh landmark indices (the 468-point MediaPipe topology Human returns) that face motion
// names. "Left"/"right" follow the image, as in FaceLandmarks: `left*` is on the image's left
// (the patient's right). Lid contours run from the outer corner to the inner corner.

/** The face outline, clockwise from the top of the forehead. */
export const FACE_OVAL = [
  10, 338, 297, 332, 284, 251, 389, 356, 454, 323, 361, 288, 397, 365, 379, 378, 400, 377, 152, 148,
  176, 149, 150, 136, 172, 58, 132, 93, 234, 127, 162, 21, 54, 103, 67, 109,
] as const;

export interface EyeRegion {
  /** Upper lid margin, outer corner → inner corner (corners included). */
  upperLid: readonly number[];
  /** Lower lid margin, outer corner → inner corner (corners included). */
  lowerLid: readonly number[];
  /** The skin fold just above the upper lid. */
  upperFold: readonly number[];
  /** The skin just below the lower lid. */
  lowerFold: readonly number[];
  brow: readonly number[];
}

export const LEFT_EYE: EyeRegion = {
  upperLid: [33, 246, 161, 160, 159, 158, 157, 173, 133],
  lowerLid: [33, 7, 163, 144, 145, 153, 154, 155, 133],
  upperFold: [130, 247, 30, 29, 27, 28, 56, 190, 243],
  lowerFold: [25, 110, 24, 23, 22, 26, 112],
  brow: [70, 63, 105, 66, 107, 46, 53, 52, 65, 55],
};

export const RIGHT_EYE: EyeRegion = {
  upperLid: [263, 466, 388, 387, 386, 385, 384, 398, 362],
  lowerLid: [263, 249, 390, 373, 374, 380, 381, 382, 362],
  upperFold: [359, 467, 260, 259, 257, 258, 286, 414, 463],
  lowerFold: [255, 339, 254, 253, 252, 256, 341],
  brow: [300, 293, 334, 296, 336, 276, 283, 282, 295, 285],
};

/** Outer lip contour, from the image-left corner over the top and back along the bottom. */
export const OUTER_LIPS = [
  61, 185, 40, 39, 37, 0, 267, 269, 270, 409, 291, 375, 321, 405, 314, 17, 84, 181, 91, 146,
] as const;

/** Inner lip contour (the line where the lips meet), same order. */
export const INNER_LIPS = [
  78, 191, 80, 81, 82, 13, 312, 311, 310, 415, 308, 324, 318, 402, 317, 14, 87, 178, 88, 95,
] as const;

export const MOUTH_CORNERS = { left: 61, right: 291, innerLeft: 78, innerRight: 308 } as const;
export const LOWER_LIP = { outer: [84, 17, 314], inner: [87, 14, 317] } as const;
export const UPPER_LIP_CENTRE = { outer: 0, inner: 13 } as const;
export const CHIN = [152, 175, 199] as const;
export const NOSE = [168, 6, 197, 195, 5, 4, 1, 2, 98, 327] as const;
/** Cheek apples and the upper cheeks under the eyes. */
export const CHEEKS = { left: [205, 50, 123], right: [425, 280, 352] } as const;
/** Forehead points between the brows and the hairline. */
export const FOREHEAD = [151, 9, 108, 337, 69, 299] as const;

const eyeLandmarks = (eye: EyeRegion) => [
  ...eye.upperLid,
  ...eye.lowerLid,
  ...eye.upperFold,
  ...eye.lowerFold,
  ...eye.brow,
];

/**
 * The landmarks each motion moves or pins: always kept in its mesh. The rest of the face is
 * covered more coarsely (per-frame cost grows with the number of triangles that move).
 */
export const MOTION_LANDMARKS: Record<'head_turn' | 'smile' | 'surprise' | 'blink', number[]> = {
  head_turn: [
    ...[33, 133, 159, 145, 263, 362, 386, 374],
    ...[70, 105, 107, 300, 334, 336],
    ...[168, 6, 4, 1, 98, 327],
    ...[61, 291, 0, 17],
    ...[152, 234, 454, 10],
  ],
  // Sparse on purpose: every vertex the smile moves makes its triangles redraw each frame.
  smile: [
    ...Object.values(MOUTH_CORNERS),
    UPPER_LIP_CENTRE.outer,
    UPPER_LIP_CENTRE.inner,
    ...LOWER_LIP.outer,
    LOWER_LIP.inner[1],
    ...CHEEKS.left,
    ...CHEEKS.right,
    ...[33, 144, 145, 153, 133, 263, 373, 374, 380, 362],
    ...[110, 23, 26, 339, 253, 256],
    ...[159, 386, 1, 4, 98, 327, 152, 175],
  ],
  surprise: [
    ...[70, 63, 105, 66, 107, 300, 293, 334, 296, 336],
    ...[33, 160, 159, 158, 133, 263, 387, 386, 385, 362],
    ...[29, 27, 28, 259, 257, 258],
    ...[145, 374],
    ...[151, 9, 69, 299],
    ...Object.values(MOUTH_CORNERS),
    ...LOWER_LIP.outer,
    LOWER_LIP.inner[1],
    ...CHIN,
    ...[1, 4, 98, 327, 205, 425],
  ],
  blink: [LEFT_EYE, RIGHT_EYE].flatMap(eyeLandmarks),
};

/**
 * The patches of the face each treated area covers (DESIGN.md D16), as landmark groups: each
 * group's convex hull is one patch. Groups stay small (a jaw line, one cheek) so a hull never
 * swallows a neighbour, as a hull of the whole lower face would swallow the mouth.
 */
export const TREATED_AREA_LANDMARKS = {
  lips: [OUTER_LIPS],
  brows_forehead: [[54, 103, 67, 109, 10, 338, 297, 332, 284, ...LEFT_EYE.brow, ...RIGHT_EYE.brow]],
  eyes: [LEFT_EYE, RIGHT_EYE].map((eye) => [
    ...eye.upperLid,
    ...eye.lowerLid,
    ...eye.upperFold,
    ...eye.lowerFold,
  ]),
  cheeks: [
    [50, 101, 118, 117, 116, 123, 147, 187, 205, 36, 142, 126, 100],
    [280, 330, 347, 346, 345, 352, 376, 411, 425, 266, 371, 355, 329],
  ],
  jawline_chin: [
    [176, 148, 152, 377, 400, 175, 199, 200],
    [132, 58, 172, 136, 150, 149],
    [361, 288, 397, 365, 379, 378],
  ],
  nose: [[...NOSE, 64, 294]],
  skin: [FACE_OVAL],
  body: [],
  other: [],
} as const satisfies Record<string, readonly (readonly number[])[]>;
