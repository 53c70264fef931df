export interface Vec2 {
    x: number;
    y: number;
}
type Triangle = [number, number, number];
/**
 * Triangles (index triples into `points`, counter-clockwise on screen as y points down is
 * not guaranteed) covering the convex hull of the points. Duplicate points are ignored.
 */
export declare function triangulate(points: readonly Vec2[]): Triangle[];
export {};
