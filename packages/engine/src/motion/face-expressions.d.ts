import type { Vec2 } from './delaunay.ts';
export interface ExpressionInput {
    /** Rest positions (face vertices first, then the ring). */
    vertices: readonly Vec2[];
    /** Facemesh landmark index → vertex index (face vertices only). */
    vertexOf: ReadonlyMap<number, number>;
    across: Vec2;
    down: Vec2;
    eyeDistance: number;
}
export declare function expressionBases(input: ExpressionInput): {
    smile: number[];
    surprise: number[];
    blink: number[];
};
