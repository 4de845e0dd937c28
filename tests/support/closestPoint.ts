/**
 * Reference closest-point queries in f64 by brute force (every triangle): what the wasm distance
 * engine is tested against, and what scripts/make-crown-v2.ts checks its fixture with. Plain and
 * slow on purpose; independent of the engine's formulation.
 */
export type Vec3 = readonly [number, number, number];

const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const along = (o: Vec3, d: Vec3, t: number): Vec3 => [
  o[0] + t * d[0],
  o[1] + t * d[1],
  o[2] + t * d[2],
];

export const distance = (a: Vec3, b: Vec3): number =>
  Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

function closestOnSegment(q: Vec3, a: Vec3, b: Vec3): Vec3 {
  const d = sub(b, a);
  const dd = dot(d, d);
  const t = dd > 0 ? Math.min(1, Math.max(0, dot(sub(q, a), d) / dd)) : 0;
  return along(a, d, t);
}

/**
 * Closest point of triangle abc to q: Ericson, Real-Time Collision Detection, section 5.1.5
 * (Voronoi regions). A (nearly) zero-area triangle is taken as the union of its edges:
 * Ericson's formulas are ill-conditioned there, and the edges are within 1e-6 of the triangle's
 * size of it.
 */
export function closestPointOnTriangle(q: Vec3, a: Vec3, b: Vec3, c: Vec3): Vec3 {
  const ab = sub(b, a);
  const ac = sub(c, a);
  const n = cross(ab, ac);
  if (dot(n, n) <= 1e-12 * dot(ab, ab) * dot(ac, ac)) {
    let best = a;
    for (const [s, e] of [
      [a, b],
      [b, c],
      [c, a],
    ] as const) {
      const p = closestOnSegment(q, s, e);
      if (distance(q, p) < distance(q, best)) best = p;
    }
    return best;
  }
  const ap = sub(q, a);
  const d1 = dot(ab, ap);
  const d2 = dot(ac, ap);
  if (d1 <= 0 && d2 <= 0) return a;
  const bp = sub(q, b);
  const d3 = dot(ab, bp);
  const d4 = dot(ac, bp);
  if (d3 >= 0 && d4 <= d3) return b;
  const vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) return along(a, ab, d1 / (d1 - d3));
  const cp = sub(q, c);
  const d5 = dot(ab, cp);
  const d6 = dot(ac, cp);
  if (d6 >= 0 && d5 <= d6) return c;
  const vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) return along(a, ac, d2 / (d2 - d6));
  const va = d3 * d6 - d5 * d4;
  if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
    return along(b, sub(c, b), (d4 - d3) / (d4 - d3 + (d5 - d6)));
  }
  const den = 1 / (va + vb + vc);
  return along(along(a, ab, vb * den), ac, vc * den);
}

export interface Nearest {
  distance: number;
  point: Vec3;
  triangle: number;
}

/** Mesh as the engine takes it: positions, and u32 triples or null for a triangle soup. */
export interface RefMesh {
  positions: ArrayLike<number>;
  indices: ArrayLike<number> | null;
}

export function triangleCount(m: RefMesh): number {
  return (m.indices ? m.indices.length : m.positions.length / 3) / 3;
}

export function corner(m: RefMesh, t: number, k: number): Vec3 {
  const v = m.indices ? m.indices[t * 3 + k]! : t * 3 + k;
  return [m.positions[v * 3]!, m.positions[v * 3 + 1]!, m.positions[v * 3 + 2]!];
}

/** The nearest triangle of `m` to q, trying every triangle. */
export function bruteForceNearest(q: Vec3, m: RefMesh): Nearest {
  let best: Nearest = { distance: Infinity, point: [NaN, NaN, NaN], triangle: -1 };
  const n = triangleCount(m);
  for (let t = 0; t < n; t++) {
    const p = closestPointOnTriangle(q, corner(m, t, 0), corner(m, t, 1), corner(m, t, 2));
    const d = distance(q, p);
    if (d < best.distance) best = { distance: d, point: p, triangle: t };
  }
  return best;
}
