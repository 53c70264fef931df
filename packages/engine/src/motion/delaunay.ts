// Delaunay triangulation (Bowyer–Watson). Small inputs only (a few hundred points, once per
// scene), so the simple O(n²) form is fast enough and easy to check.

export interface Vec2 {
  x: number;
  y: number;
}

type Triangle = [number, number, number];

interface Circle {
  x: number;
  y: number;
  r2: number;
}

function circumcircle(a: Vec2, b: Vec2, c: Vec2): Circle {
  const d = 2 * (a.x * (b.y - c.y) + b.x * (c.y - a.y) + c.x * (a.y - b.y));
  if (Math.abs(d) < 1e-12) return { x: 0, y: 0, r2: Infinity };
  const a2 = a.x * a.x + a.y * a.y;
  const b2 = b.x * b.x + b.y * b.y;
  const c2 = c.x * c.x + c.y * c.y;
  const x = (a2 * (b.y - c.y) + b2 * (c.y - a.y) + c2 * (a.y - b.y)) / d;
  const y = (a2 * (c.x - b.x) + b2 * (a.x - c.x) + c2 * (b.x - a.x)) / d;
  return { x, y, r2: (a.x - x) ** 2 + (a.y - y) ** 2 };
}

/**
 * Triangles (index triples into `points`, counter-clockwise on screen as y points down is
 * not guaranteed) covering the convex hull of the points. Duplicate points are ignored.
 */
export function triangulate(points: readonly Vec2[]): Triangle[] {
  if (points.length < 3) return [];
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const p of points) {
    minX = Math.min(minX, p.x);
    minY = Math.min(minY, p.y);
    maxX = Math.max(maxX, p.x);
    maxY = Math.max(maxY, p.y);
  }
  const span = Math.max(maxX - minX, maxY - minY, 1) * 20;
  const cx = (minX + maxX) / 2;
  const cy = (minY + maxY) / 2;
  // A super-triangle enclosing everything; its corners are indices n, n+1, n+2.
  const all: Vec2[] = [
    ...points,
    { x: cx - span, y: cy - span },
    { x: cx + span, y: cy - span },
    { x: cx, y: cy + span },
  ];
  const n = points.length;
  const at = (index: number): Vec2 => all[index] ?? { x: 0, y: 0 };
  let triangles: { t: Triangle; circle: Circle }[] = [
    { t: [n, n + 1, n + 2], circle: circumcircle(at(n), at(n + 1), at(n + 2)) },
  ];
  const seen = new Set<string>();
  for (let i = 0; i < n; i += 1) {
    const p = at(i);
    const key = `${p.x},${p.y}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const kept: typeof triangles = [];
    const edges = new Map<string, [number, number]>();
    for (const triangle of triangles) {
      const { circle } = triangle;
      if ((p.x - circle.x) ** 2 + (p.y - circle.y) ** 2 <= circle.r2 * (1 + 1e-12)) {
        const [a, b, c] = triangle.t;
        for (const [u, v] of [
          [a, b],
          [b, c],
          [c, a],
        ] as const) {
          const edgeKey = u < v ? `${u}:${v}` : `${v}:${u}`;
          // An edge shared by two removed triangles is inside the hole: drop it.
          if (edges.has(edgeKey)) edges.delete(edgeKey);
          else edges.set(edgeKey, [u, v]);
        }
      } else {
        kept.push(triangle);
      }
    }
    for (const [u, v] of edges.values()) {
      const t: Triangle = [u, v, i];
      kept.push({ t, circle: circumcircle(at(u), at(v), p) });
    }
    triangles = kept;
  }
  return triangles.map((triangle) => triangle.t).filter((t) => t.every((index) => index < n));
}
