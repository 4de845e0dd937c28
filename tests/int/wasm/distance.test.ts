import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeshModule } from '../../../wasm/src/core.js';
import { loadMeshModule } from '../../../wasm/src/node.js';
import { MeshWorkerPool } from '../../../wasm/src/pool.js';
import { bruteForceNearest, type Vec3 } from '../../support/closestPoint.js';
import { seededRandom } from '../../support/distanceShapes.js';
import { fixtureObj, fixtureStl } from '../../support/meshFiles.js';

let mesh: MeshModule;
beforeAll(async () => {
  mesh = await loadMeshModule();
});

const molar = fixtureObj('molar-crown-fdi16.obj');
const point = (a: Float32Array, i: number): Vec3 => [a[i * 3]!, a[i * 3 + 1]!, a[i * 3 + 2]!];

/** `n` points scattered up to `spread` mm around random vertices of the molar. */
function nearMolar(n: number, spread: number, seed: number): Float32Array {
  const rnd = seededRandom(seed);
  const out = new Float32Array(n * 3);
  const nv = molar.positions.length / 3;
  for (let i = 0; i < n; i++) {
    const v = Math.floor(rnd() * nv);
    for (let k = 0; k < 3; k++)
      out[i * 3 + k] = molar.positions[v * 3 + k]! + (rnd() - 0.5) * 2 * spread;
  }
  return out;
}

/** Generalised winding number of the closed molar around p (1 inside, 0 outside). */
function windingNumber(p: Vec3): number {
  let sum = 0;
  const { positions: P, indices: I } = molar;
  for (let t = 0; t < I.length / 3; t++) {
    const [a, b, c] = [0, 1, 2].map((k) => {
      const v = I[t * 3 + k]! * 3;
      return [P[v]! - p[0], P[v + 1]! - p[1], P[v + 2]! - p[2]];
    }) as [number[], number[], number[]];
    const la = Math.hypot(a[0]!, a[1]!, a[2]!);
    const lb = Math.hypot(b[0]!, b[1]!, b[2]!);
    const lc = Math.hypot(c[0]!, c[1]!, c[2]!);
    const det =
      a[0]! * (b[1]! * c[2]! - b[2]! * c[1]!) -
      a[1]! * (b[0]! * c[2]! - b[2]! * c[0]!) +
      a[2]! * (b[0]! * c[1]! - b[1]! * c[0]!);
    const dab = a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;
    const dbc = b[0]! * c[0]! + b[1]! * c[1]! + b[2]! * c[2]!;
    const dca = c[0]! * a[0]! + c[1]! * a[1]! + c[2]! * a[2]!;
    sum += 2 * Math.atan2(det, la * lb * lc + dab * lc + dbc * la + dca * lb);
  }
  return sum / (4 * Math.PI);
}

describe('signed distances on the molar crown fixture', () => {
  it('equal brute force against a part of the crown (an open surface)', () => {
    const target = {
      positions: molar.positions,
      indices: molar.indices.subarray(0, 1800 * 3),
    };
    const query = nearMolar(600, 1, 1);
    const r = mesh.signedDistances(query, target, { triangles: true });
    for (let i = 0; i < 600; i++) {
      const want = bruteForceNearest(point(query, i), target);
      expect(Math.abs(Math.abs(r.distances[i]!) - want.distance), `query ${i}`).toBeLessThan(1e-5);
    }
  });

  it('sign every point near the closed crown as its winding number says (inside < 0)', () => {
    const query = nearMolar(400, 0.3, 2);
    const r = mesh.signedDistances(query, molar);
    let inside = 0;
    for (let i = 0; i < 400; i++) {
      const p = point(query, i);
      const d = r.distances[i]!;
      expect(Math.abs(d)).toBeCloseTo(bruteForceNearest(p, molar).distance, 5);
      const w = windingNumber(p);
      if (Math.abs(d) < 1e-6) continue;
      expect(d < 0, `point ${p.join(', ')}: distance ${d}, winding ${w}`).toBe(w > 0.5);
      if (d < 0) inside++;
    }
    expect(inside).toBeGreaterThan(100);
    expect(inside).toBeLessThan(300);
  });

  it('reads the same from the STL (a triangle soup, welded by position) as from the OBJ', () => {
    const soup = mesh.parseMesh(fixtureStl('molar-crown-fdi16.stl'), { normals: false });
    const query = nearMolar(2000, 0.5, 3);
    const a = mesh.signedDistances(query, molar).distances;
    const b = mesh.signedDistances(query, { positions: soup.positions }).distances;
    for (let i = 0; i < 2000; i++) expect(Math.abs(b[i]! - a[i]!)).toBeLessThanOrEqual(1e-6);
  });
});

describe('deviation of molar-crown-fdi16-v2.stl from v1 (PROVENANCE.md)', () => {
  const DISPLACEMENT_MM = 0.1;
  const TOLERANCE_MM = 0.002;

  it('reports +100 µm within 2 µm on the displaced region and 0 within 2 µm elsewhere', () => {
    const v1 = mesh.parseMesh(fixtureStl('molar-crown-fdi16.stl'), { normals: false }).positions;
    const v2 = mesh.parseMesh(fixtureStl('molar-crown-fdi16-v2.stl'), { normals: false }).positions;
    expect(v2.length).toBe(v1.length);
    // Deviation map: the newer model's vertices against the older surface.
    const r = mesh.signedDistances(v2, { positions: v1 }, { maxDistance: 1 });
    const moved = new Set<string>();
    let still = 0;
    for (let i = 0; i < v2.length / 3; i++) {
      const p = point(v2, i);
      const d = r.distances[i]!;
      if (p.every((c, k) => c === v1[i * 3 + k])) {
        expect(Math.abs(d), `unchanged vertex ${p.join(', ')}`).toBeLessThanOrEqual(TOLERANCE_MM);
        still++;
      } else {
        expect(
          Math.abs(d - DISPLACEMENT_MM),
          `moved vertex ${p.join(', ')}: ${d}`,
        ).toBeLessThanOrEqual(TOLERANCE_MM);
        moved.add(p.join());
      }
    }
    // The region as the script reports it: 150 vertices within 2.5 mm of the crown's +x extreme.
    expect(moved.size).toBe(150);
    expect(still).toBeGreaterThan(14_000);
  });
});

describe('signed distances in the server worker threads', () => {
  const pool = new MeshWorkerPool({ size: 1 });
  afterAll(() => pool.close());

  it('answer as the module does in-process, and leave the caller its arrays', async () => {
    const query = nearMolar(500, 0.5, 4);
    const got = await pool.run('signedDistances', {
      query,
      positions: molar.positions,
      indices: molar.indices,
      maxDistance: 0.2,
      triangles: true,
    });
    const want = mesh.signedDistances(query, molar, { maxDistance: 0.2, triangles: true });
    expect(got.distances).toEqual(want.distances);
    expect(got.triangles).toEqual(want.triangles);
    expect(got.closestPoints).toBeNull();
    expect(query.length).toBe(1500);
    expect(molar.positions.length).toBeGreaterThan(0);
  });

  it('reject bad input with the typed error', async () => {
    await expect(
      pool.run('signedDistances', {
        query: new Float32Array([0, 0, 0]),
        positions: molar.positions,
        indices: Uint32Array.from([0, 1, 99999]),
      }),
    ).rejects.toMatchObject({ code: 'INDEX_OUT_OF_RANGE' });
  });
});
