/** The face outline, clockwise from the top of the forehead. */
export declare const FACE_OVAL: readonly [10, 338, 297, 332, 284, 251, 389, 356, 454, 323, 361, 288, 397, 365, 379, 378, 400, 377, 152, 148, 176, 149, 150, 136, 172, 58, 132, 93, 234, 127, 162, 21, 54, 103, 67, 109];
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
export declare const LEFT_EYE: EyeRegion;
export declare const RIGHT_EYE: EyeRegion;
/** Outer lip contour, from the image-left corner over the top and back along the bottom. */
export declare const OUTER_LIPS: readonly [61, 185, 40, 39, 37, 0, 267, 269, 270, 409, 291, 375, 321, 405, 314, 17, 84, 181, 91, 146];
/** Inner lip contour (the line where the lips meet), same order. */
export declare const INNER_LIPS: readonly [78, 191, 80, 81, 82, 13, 312, 311, 310, 415, 308, 324, 318, 402, 317, 14, 87, 178, 88, 95];
export declare const MOUTH_CORNERS: {
    readonly left: 61;
    readonly right: 291;
    readonly innerLeft: 78;
    readonly innerRight: 308;
};
export declare const LOWER_LIP: {
    readonly outer: readonly [84, 17, 314];
    readonly inner: readonly [87, 14, 317];
};
export declare const UPPER_LIP_CENTRE: {
    readonly outer: 0;
    readonly inner: 13;
};
export declare const CHIN: readonly [152, 175, 199];
export declare const NOSE: readonly [168, 6, 197, 195, 5, 4, 1, 2, 98, 327];
/** Cheek apples and the upper cheeks under the eyes. */
export declare const CHEEKS: {
    readonly left: readonly [205, 50, 123];
    readonly right: readonly [425, 280, 352];
};
/** Forehead points between the brows and the hairline. */
export declare const FOREHEAD: readonly [151, 9, 108, 337, 69, 299];
/** Every landmark the motions move or pin: always kept in the mesh, however coarse. */
export declare const FEATURE_POINTS: readonly number[];
