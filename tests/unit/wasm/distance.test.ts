import { beforeAll, describe, expect, it } from 'vitest';
import { MeshModule, type DistanceTarget, type SignedDistances } from '../../../wasm/src/core.js';
import { MeshError } from '../../../wasm/src/errors.js';
import { loadMeshModule } from '../../../wasm/src/node.js';
import { syntheticArch } from '../../support/meshFiles.js';
import {
  bruteForceNearest,
  closestPointOnTriangle,
  corner,
  distance,
  type RefMesh,
  type Vec3,
} from '../../support/closestPoint.js';
import {
  cube,
  cubeSignedDistance,
  grid,
  seededRandom,
  soupOf,
  tetrahedron,
} from '../../support/distanceShapes.js';

let mesh: MeshModule;
beforeAll(async () => {
  mesh = await loadMeshModule();
});

const point = (a: Float32Array, i: number): Vec3 => [a[i * 3]!, a[i * 3 + 1]!, a[i * 3 + 2]!];
const refOf = (t: DistanceTarget): RefMesh => ({
  positions: t.positions,
  indices: t.indices ?? null,
});

/**
 * Every answer against brute force in f64: |distance| equal within `tol` (float32 rounding of
 * the inputs' scale), the closest point on the reported triangle and at that distance.
 */
function expectBruteForce(
  query: Float32Array,
  target: DistanceTarget,
  r: SignedDistances,
  tol: number,
  maxDistance = Infinity,
): void {
  const ref = refOf(target);
  let checked = 0;
  for (let i = 0; i < query.length / 3; i++) {
    const q = point(query, i);
    const want = bruteForceNearest(q, ref);
    const got = r.distances[i]!;
    if (Math.abs(want.distance - maxDistance) <= tol) continue;
    if (want.distance > maxDistance) {
      expect(got, `query ${i}`).toBeNaN();
      expect(r.triangles?.[i]).toBe(-1);
      continue;
    }
    expect(Math.abs(Math.abs(got) - want.distance), `query ${i}`).toBeLessThanOrEqual(tol);
    const t = r.triangles![i]!;
    const cp = point(r.closestPoints!, i);
    const onTriangle = closestPointOnTriangle(
      cp,
      corner(ref, t, 0),
      corner(ref, t, 1),
      corner(ref, t, 2),
    );
    expect(
      distance(cp, onTriangle),
      `query ${i}: closest point off its triangle`,
    ).toBeLessThanOrEqual(tol);
    expect(Math.abs(distance(q, cp) - Math.abs(got)), `query ${i}`).toBeLessThanOrEqual(tol);
    checked++;
  }
  expect(checked).toBeGreaterThan(0);
}

const ALL = { closestPoints: true, triangles: true } as const;

/** Height of p over the plane of triangle t of an indexed mesh (along its unit normal). */
function heightOver(
  m: { positions: Float32Array; indices: Uint32Array },
  t: number,
  p: Vec3,
): number {
  const ref = refOf(m);
  const [a, b, c] = [0, 1, 2].map((k) => corner(ref, t, k)) as [Vec3, Vec3, Vec3];
  const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const w = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
  const n = [
    u[1]! * w[2]! - u[2]! * w[1]!,
    u[2]! * w[0]! - u[0]! * w[2]!,
    u[0]! * w[1]! - u[1]! * w[0]!,
  ];
  const len = Math.hypot(n[0]!, n[1]!, n[2]!);
  return (n[0]! * (p[0] - a[0]) + n[1]! * (p[1] - a[1]) + n[2]! * (p[2] - a[2])) / len;
}

describe('signed distances: exact closest points', () => {
  it('equal brute force on random triangle soups, for random and near-surface queries', () => {
    const rnd = seededRandom(7);
    for (let trial = 0; trial < 40; trial++) {
      const n = 1 + Math.floor(rnd() * 400);
      const soup = new Float32Array(n * 9).map(() => rnd() * 10 - 5);
      // Half the queries anywhere around, half just off a random triangle (where ties are close).
      const query = new Float32Array(300 * 3);
      for (let i = 0; i < 300; i++) {
        if (i % 2 === 0) {
          query.set([rnd() * 14 - 7, rnd() * 14 - 7, rnd() * 14 - 7], i * 3);
        } else {
          const t = Math.floor(rnd() * n) * 9;
          const [u, v] = [rnd(), rnd()];
          const [a, b] = u + v > 1 ? [1 - u, 1 - v] : [u, v];
          for (let k = 0; k < 3; k++) {
            const at =
              soup[t + k]! +
              a * (soup[t + 3 + k]! - soup[t + k]!) +
              b * (soup[t + 6 + k]! - soup[t + k]!);
            query[i * 3 + k] = at + (rnd() - 0.5) * 0.01;
          }
        }
      }
      const target = { positions: soup };
      expectBruteForce(query, target, mesh.signedDistances(query, target, ALL), 1e-5);
    }
  });

  it('equal brute force on an indexed, welded surface (a noisy sphere)', () => {
    const rnd = seededRandom(11);
    const rings = 40;
    const segs = 60;
    const pos: number[] = [];
    for (let i = 0; i <= rings; i++) {
      for (let j = 0; j < segs; j++) {
        const th = (Math.PI * i) / rings;
        const ph = (2 * Math.PI * j) / segs;
        const r = 5 + (rnd() - 0.5) * 0.05;
        pos.push(
          r * Math.sin(th) * Math.cos(ph),
          r * Math.sin(th) * Math.sin(ph),
          r * Math.cos(th),
        );
      }
    }
    const idx: number[] = [];
    for (let i = 0; i < rings; i++) {
      for (let j = 0; j < segs; j++) {
        const a = i * segs + j;
        const b = i * segs + ((j + 1) % segs);
        idx.push(a, a + segs, b, b, a + segs, b + segs);
      }
    }
    const target = { positions: Float32Array.from(pos), indices: Uint32Array.from(idx) };
    const query = new Float32Array(1500).map(() => (rnd() - 0.5) * 12);
    expectBruteForce(query, target, mesh.signedDistances(query, target, ALL), 1e-5);
  });

  it('equal brute force on a scan-like arch, from a second version of it and from afar', () => {
    // 20,000 triangles: the search starts in many different patches of the tree, and far
    // queries leave them for a search from the root.
    const target = syntheticArch(200, 51);
    const v2 = syntheticArch(333, 40, { seed: 3, offset: (u) => (u > 0.5 ? 0.05 : 0) });
    const rnd = seededRandom(17);
    const query = new Float32Array(700 * 3);
    for (let i = 0; i < 600; i++) {
      const v = Math.floor(rnd() * (v2.positions.length / 3));
      query.set(v2.positions.subarray(v * 3, v * 3 + 3), i * 3);
    }
    for (let i = 600; i < 700; i++)
      query.set([rnd() * 100 - 50, rnd() * 60 - 10, rnd() * 40 - 10], i * 3);
    expectBruteForce(query, target, mesh.signedDistances(query, target, ALL), 1e-5);
  });

  it("answers 0 for the target's own vertices and its triangles' centroids", () => {
    const { positions, indices } = tetrahedron();
    const centroids = new Float32Array(12);
    for (let t = 0; t < 4; t++) {
      for (let k = 0; k < 3; k++) {
        let s = 0;
        for (let c = 0; c < 3; c++) s += positions[indices[t * 3 + c]! * 3 + k]!;
        centroids[t * 3 + k] = s / 3;
      }
    }
    const r1 = mesh.signedDistances(positions, { positions, indices });
    const r2 = mesh.signedDistances(centroids, { positions, indices });
    expect([...r1.distances]).toEqual([0, 0, 0, 0]);
    for (const d of r2.distances) expect(Math.abs(d)).toBeLessThan(1e-6);
  });

  it('stays exact with degenerate triangles (zero area, zero-length edges) in the target', () => {
    const rnd = seededRandom(3);
    const soup = new Float32Array(200 * 9).map(() => rnd() * 4 - 2);
    for (let t = 0; t < 200; t += 3) soup.copyWithin(t * 9 + 3, t * 9, t * 9 + 3); // b = a
    for (let t = 1; t < 200; t += 3) {
      // c on the line through a and b
      for (let k = 0; k < 3; k++) soup[t * 9 + 6 + k] = 2 * soup[t * 9 + 3 + k]! - soup[t * 9 + k]!;
    }
    for (let t = 2; t < 200; t += 9) soup.fill(soup[t * 9]!, t * 9, t * 9 + 9); // a point
    const query = new Float32Array(900).map(() => rnd() * 6 - 3);
    const target = { positions: soup };
    expectBruteForce(query, target, mesh.signedDistances(query, target, ALL), 1e-5);
  });

  it('gives the same answers whatever the query order (the warm start stays exact)', () => {
    const rnd = seededRandom(5);
    const { positions, indices } = cube(3);
    const query = grid(15, -5, 5);
    const order = [...Array(query.length / 3).keys()].sort(() => rnd() - 0.5);
    const shuffled = new Float32Array(query.length);
    order.forEach((from, to) => shuffled.set(query.subarray(from * 3, from * 3 + 3), to * 3));
    const a = mesh.signedDistances(query, { positions, indices }).distances;
    const b = mesh.signedDistances(shuffled, { positions, indices }).distances;
    // Ties (points equally far from two faces) may pick either face: same distance up to rounding.
    order.forEach((from, to) => expect(Math.abs(b[to]! - a[from]!)).toBeLessThanOrEqual(1e-6));
  });
});

describe('signed distances: repeated query vertices', () => {
  it('answers every copy of a repeated vertex (an STL soup as the query) as the vertex itself', () => {
    const rnd = seededRandom(13);
    const target = cube(1);
    const unique = new Float32Array(600).map(() => rnd() * 4 - 2);
    // Each point six times, shuffled, as in a triangle soup.
    const copies = [...Array(1200).keys()].map((i) => i % 200).sort(() => rnd() - 0.5);
    const soup = new Float32Array(copies.length * 3);
    copies.forEach((v, i) => soup.set(unique.subarray(v * 3, v * 3 + 3), i * 3));
    const one = mesh.signedDistances(unique, target, ALL);
    const all = mesh.signedDistances(soup, target, ALL);
    copies.forEach((v, i) => {
      expect(all.distances[i]).toBe(one.distances[v]);
      expect(all.triangles![i]).toBe(one.triangles![v]);
      expect([...all.closestPoints!.subarray(i * 3, i * 3 + 3)]).toEqual([
        ...one.closestPoints!.subarray(v * 3, v * 3 + 3),
      ]);
    });
  });
});

describe('signed distances: sign by the target surface', () => {
  it('is negative inside and positive outside a closed cube, with the exact distance', () => {
    const target = cube(1);
    const query = grid(17, -2, 2);
    const r = mesh.signedDistances(query, target);
    for (let i = 0; i < query.length / 3; i++) {
      const want = cubeSignedDistance(point(query, i));
      expect(r.distances[i], `point ${point(query, i).join(', ')}`).toBeCloseTo(want, 6);
    }
  });

  it('is right next to the cube’s edges and corners, inside and out', () => {
    const e = 1e-3;
    const pts: number[][] = [
      [1 + e, 1 + e, 0.3], // outside an edge: closest point on the edge
      [1 + e, 1 + e, 1 + e], // outside a corner: closest point is the corner
      [1 + e, 1 + 2 * e, -1 - e],
      [1 - e, 1 - e, 0.3], // inside, next to an edge
      [1 - e, 1 - 2 * e, 1 - 3 * e], // inside, next to a corner
      [-1 + e, 0.9999, -1 + e],
      [1 + e, 0, 0], // outside a face, next to the diagonal that splits it
      [0.5, 0.5, 1 + e], // on the diagonal's line, outside
      [0.5, 0.5, 1 - e], // on the diagonal's line, inside
    ];
    const query = Float32Array.from(pts.flat());
    for (const target of [cube(1), { positions: soupOf(cube(1)) }]) {
      const r = mesh.signedDistances(query, target);
      pts.forEach((p, i) => {
        const want = cubeSignedDistance(p.map((v) => Math.fround(v)));
        expect(r.distances[i], `point ${p.join(', ')}`).toBeCloseTo(want, 6);
      });
    }
  });

  it('is right around a regular tetrahedron, whose sharp edges fool a single face normal', () => {
    const tet = tetrahedron();
    const query = grid(25, -1.6, 1.6);
    // As an indexed mesh, and as a triangle soup whose edges are shared by position only.
    const r = mesh.signedDistances(query, tet);
    const fromSoup = mesh.signedDistances(query, { positions: soupOf(tet) });
    expect(fromSoup.distances).toEqual(r.distances);
    const ref = refOf(tet);
    let fooled = 0;
    for (let i = 0; i < query.length / 3; i++) {
      const p = point(query, i);
      const heights = tet.planes.map(
        (pl) => pl.n[0]! * p[0] + pl.n[1]! * p[1] + pl.n[2]! * p[2] - pl.d,
      );
      const inside = heights.every((h) => h < 0);
      const d = r.distances[i]!;
      if (Math.abs(d) < 1e-6) continue;
      expect(d > 0, `point ${p.join(', ')}: ${d}`).toBe(!inside);
      const nearest = bruteForceNearest(p, ref).distance;
      expect(Math.abs(d)).toBeCloseTo(nearest, 6);
      // Outside, yet behind the plane of a face at the nearest distance (the closest point is on
      // that face's edge or corner): signing by that face's normal would say "inside".
      const faces = [0, 1, 2, 3].filter((t) => {
        const c = closestPointOnTriangle(
          p,
          corner(ref, t, 0),
          corner(ref, t, 1),
          corner(ref, t, 2),
        );
        return distance(p, c) - nearest < 1e-9;
      });
      if (!inside && faces.some((t) => heightOver(tet, t, p) < 0)) fooled++;
    }
    expect(fooled).toBeGreaterThan(100);
  });
});

describe('signed distances: maximum search distance', () => {
  const target = cube(1);
  const query = Float32Array.from([1.5, 0, 0, 2, 0, 0, 2.5, 0, 0, 0, 0, 0.5, 0, 0, 0, 3, 3, 3]);

  it('answers NaN, no point and triangle −1 beyond it, and the distance up to it', () => {
    const r = mesh.signedDistances(query, target, { maxDistance: 1, ...ALL });
    expect([...r.distances]).toEqual([0.5, 1, NaN, -0.5, -1, NaN]);
    expect([...r.triangles!].map((t) => t >= 0)).toEqual([true, true, false, true, true, false]);
    expect([...r.closestPoints!.subarray(6, 9)]).toEqual([NaN, NaN, NaN]);
    [1, 0, 0].forEach((v, k) => expect(r.closestPoints![k]).toBeCloseTo(v, 6));
  });

  it('keeps only points on the surface when it is 0', () => {
    const r = mesh.signedDistances(Float32Array.from([1, 0.2, 0.3, 1.001, 0, 0]), target, {
      maxDistance: 0,
    });
    expect(Math.abs(r.distances[0]!)).toBeLessThan(1e-6);
    expect(r.distances[1]).toBeNaN();
  });

  it('matches brute force on random soups', () => {
    const rnd = seededRandom(9);
    const soup = new Float32Array(300 * 9).map(() => rnd() * 10 - 5);
    const q = new Float32Array(1500).map(() => rnd() * 16 - 8);
    const t = { positions: soup };
    expectBruteForce(q, t, mesh.signedDistances(q, t, { maxDistance: 0.7, ...ALL }), 1e-5, 0.7);
  });
});

describe('signed distances: bad input becomes a typed error', () => {
  const { positions, indices } = cube(1);
  const query = Float32Array.from([0, 0, 2]);

  const codeOf = (f: () => unknown): { code: string; message: string } => {
    try {
      f();
    } catch (e) {
      expect(e).toBeInstanceOf(MeshError);
      return { code: (e as MeshError).code, message: (e as MeshError).message };
    }
    throw new Error('no error');
  };

  it('refuses an index beyond the target’s vertices', () => {
    const bad = indices.slice();
    bad[7] = 8;
    expect(codeOf(() => mesh.signedDistances(query, { positions, indices: bad })).code).toBe(
      'INDEX_OUT_OF_RANGE',
    );
  });

  it('refuses NaN and infinite coordinates, naming the mesh', () => {
    const nanQuery = Float32Array.from([0, NaN, 2]);
    let e = codeOf(() => mesh.signedDistances(nanQuery, { positions, indices }));
    expect(e.code).toBe('NON_FINITE_COORDINATE');
    expect(e.message).toMatch(/query mesh/);
    const infTarget = positions.slice();
    infTarget[23] = Infinity;
    e = codeOf(() => mesh.signedDistances(query, { positions: infTarget, indices }));
    expect(e.code).toBe('NON_FINITE_COORDINATE');
    expect(e.message).toMatch(/target mesh/);
    const huge = positions.slice();
    huge[0] = 1e20;
    e = codeOf(() => mesh.signedDistances(query, { positions: huge, indices }));
    expect(e).toEqual({
      code: 'BAD_ARGUMENT',
      message: expect.stringMatching(/target mesh.*1e18/),
    });
  });

  it('refuses empty meshes', () => {
    expect(codeOf(() => mesh.signedDistances(new Float32Array(0), { positions, indices }))).toEqual(
      {
        code: 'NO_GEOMETRY',
        message: 'The query mesh has no vertices.',
      },
    );
    expect(
      codeOf(() => mesh.signedDistances(query, { positions, indices: new Uint32Array(0) })),
    ).toEqual({ code: 'NO_GEOMETRY', message: 'The target mesh has no triangles.' });
    expect(codeOf(() => mesh.signedDistances(query, { positions: new Float32Array(0) })).code).toBe(
      'NO_GEOMETRY',
    );
  });

  it('refuses arrays that are not whole points or triangles, and a bad maxDistance', () => {
    const cases: (() => unknown)[] = [
      () => mesh.signedDistances(new Float32Array(4), { positions, indices }),
      () => mesh.signedDistances(query, { positions: positions.subarray(1), indices }),
      () => mesh.signedDistances(query, { positions, indices: indices.subarray(1) }),
      () => mesh.signedDistances(query, { positions: new Float32Array(12) }),
      () => mesh.signedDistances(query, { positions, indices }, { maxDistance: -1 }),
      () => mesh.signedDistances(query, { positions, indices }, { maxDistance: NaN }),
    ];
    for (const f of cases) expect(codeOf(f).code).toBe('BAD_ARGUMENT');
  });

  it('leaves the module working, and allocates nothing for a refused call beyond the inputs', () => {
    const bad = indices.slice();
    bad[0] = 1000;
    codeOf(() => mesh.signedDistances(query, { positions, indices: bad }));
    expect(mesh.lastPeakBytes).toBeLessThan(1024);
    expect(mesh.signedDistances(query, { positions, indices }).distances[0]).toBe(1);
  });
});

describe('signed distances: memory', () => {
  it('stays within distanceBytes(), the size callers reserve ahead', () => {
    const rnd = seededRandom(2);
    for (const [nq, nt, indexed] of [
      [10, 1, false],
      [5000, 3000, true],
      [20000, 20000, false],
    ] as const) {
      // Small triangles scattered in the unit cube (vertices near their triangle's first corner).
      const positions = new Float32Array(indexed ? nt * 3 : nt * 9);
      for (let v = 0; v < positions.length; v += 3) {
        const at = v % 9 === 0 || indexed ? [rnd(), rnd(), rnd()] : [0, 0, 0];
        for (let k = 0; k < 3; k++) {
          positions[v + k] =
            v % 9 === 0 || indexed ? at[k]! : positions[v - (v % 9) + k]! + rnd() * 0.01;
        }
      }
      const indices = indexed
        ? new Uint32Array(nt * 3).map((_, i) => (Math.floor(i / 3) + (i % 3)) % nt)
        : undefined;
      const q = new Float32Array(nq * 3).map(() => rnd());
      const opts = { closestPoints: true, triangles: true };
      mesh.signedDistances(q, { positions, indices }, opts);
      const bound = MeshModule.distanceBytes(
        nq,
        { vertices: positions.length / 3, triangles: nt, indexed },
        opts,
      );
      expect(mesh.lastPeakBytes).toBeLessThanOrEqual(bound);
      expect(mesh.lastPeakBytes).toBeGreaterThan(bound / 3);
    }
  });
});
