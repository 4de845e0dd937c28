/**
 * Small meshes with known distances for the distance engine's tests (browser-safe: no Node
 * imports, also used in Chromium by tests/int/wasm/support/browserEntry.ts).
 */

/** Deterministic uniform numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s / 2 ** 32;
  };
}

export interface IndexedMesh {
  positions: Float32Array;
  indices: Uint32Array;
}

/** Orders each triangle's corners so its normal points away from `centre` (a convex shape). */
function orientOutward(positions: number[], tris: number[][], centre: number[]): Uint32Array {
  const p = (v: number, k: number): number => positions[v * 3 + k]!;
  const out: number[] = [];
  for (const [a, b, c] of tris as [number, number, number][]) {
    const u = [0, 1, 2].map((k) => p(b, k) - p(a, k));
    const w = [0, 1, 2].map((k) => p(c, k) - p(a, k));
    const n = [
      u[1]! * w[2]! - u[2]! * w[1]!,
      u[2]! * w[0]! - u[0]! * w[2]!,
      u[0]! * w[1]! - u[1]! * w[0]!,
    ];
    const out0 = [0, 1, 2].map((k) => p(a, k) - centre[k]!);
    const outward = n[0]! * out0[0]! + n[1]! * out0[1]! + n[2]! * out0[2]! > 0;
    out.push(...(outward ? [a, b, c] : [a, c, b]));
  }
  return Uint32Array.from(out);
}

/** The closed cube [−h, h]³: 8 shared vertices, 12 outward-facing triangles. */
export function cube(h = 1): IndexedMesh {
  const positions: number[] = [];
  for (let i = 0; i < 8; i++) positions.push(i & 4 ? h : -h, i & 2 ? h : -h, i & 1 ? h : -h);
  const tris: number[][] = [];
  // Each face: the 4 corners with one coordinate fixed, split along a diagonal.
  for (const [bit, side] of [4, 2, 1].flatMap((b) => [
    [b, 0],
    [b, b],
  ])) {
    const c = [0, 1, 2, 3, 4, 5, 6, 7].filter((v) => (v & bit!) === side);
    const [a, b, d, e] = c as [number, number, number, number];
    // Corners a, b, d, e in binary order form the quad a-b-e-d.
    tris.push([a, b, e], [a, e, d]);
  }
  return {
    positions: Float32Array.from(positions),
    indices: orientOutward(positions, tris, [0, 0, 0]),
  };
}

/** Signed distance to the cube [−h, h]³: positive outside, negative inside. */
export function cubeSignedDistance(p: readonly number[], h = 1): number {
  const q = p.map((v) => Math.abs(v) - h);
  const outside = Math.hypot(...q.map((v) => Math.max(v, 0)));
  return outside > 0 ? outside : Math.max(...q);
}

/** A regular tetrahedron (dihedral angles of 70.5°: a face normal alone misjudges its edges). */
export function tetrahedron(): IndexedMesh & { planes: { n: number[]; d: number }[] } {
  const positions = [1, 1, 1, 1, -1, -1, -1, 1, -1, -1, -1, 1];
  const tris = [
    [0, 1, 2],
    [0, 1, 3],
    [0, 2, 3],
    [1, 2, 3],
  ];
  const indices = orientOutward(positions, tris, [0, 0, 0]);
  const planes = [0, 1, 2, 3].map((f) => {
    const [a, b, c] = [0, 1, 2].map((k) => indices[f * 3 + k]!);
    const p = (v: number): number[] => positions.slice(v * 3, v * 3 + 3);
    const [pa, pb, pc] = [p(a!), p(b!), p(c!)] as [number[], number[], number[]];
    const u = pb.map((v, k) => v - pa[k]!);
    const w = pc.map((v, k) => v - pa[k]!);
    const n = [
      u[1]! * w[2]! - u[2]! * w[1]!,
      u[2]! * w[0]! - u[0]! * w[2]!,
      u[0]! * w[1]! - u[1]! * w[0]!,
    ];
    const len = Math.hypot(n[0]!, n[1]!, n[2]!);
    const nn = n.map((v) => v / len);
    return { n: nn, d: nn[0]! * pa[0]! + nn[1]! * pa[1]! + nn[2]! * pa[2]! };
  });
  return { positions: Float32Array.from(positions), indices, planes };
}

/** Indexed → triangle soup (9 floats per triangle). */
export function soupOf(m: IndexedMesh): Float32Array {
  const out = new Float32Array(m.indices.length * 3);
  m.indices.forEach((v, i) => out.set(m.positions.subarray(v * 3, v * 3 + 3), i * 3));
  return out;
}

/** Points of a regular n³ grid spanning [lo, hi]³. */
export function grid(n: number, lo: number, hi: number): Float32Array {
  const out = new Float32Array(n * n * n * 3);
  let o = 0;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      for (let k = 0; k < n; k++) {
        const s = (t: number): number => lo + ((hi - lo) * t) / (n - 1);
        out[o++] = s(i);
        out[o++] = s(j);
        out[o++] = s(k);
      }
    }
  }
  return out;
}
