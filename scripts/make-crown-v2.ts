/**
 * Makes tests/fixtures/mesh/molar-crown-fdi16-v2.stl: "version 2" of the molar crown, with one
 * known region moved outward by exactly 100 µm, so a deviation map of v2 against v1 has a known
 * answer at every vertex (+100 µm in the region, 0 elsewhere).
 *
 * Why not simply move the region's vertices 100 µm along their normals: on a convex vertex that
 * is exact (the moved point's closest point on v1 is the vertex itself), but at a saddle or
 * concave vertex (fissures, and the scan's small-scale roughness: 43 % of this crown's vertices)
 * a neighbouring face of v1 bends towards the moved point, which then lies less than 100 µm from
 * v1. So each vertex of the region moves along its angle-weighted normal by the amount s ≥ 100 µm
 * whose distance to v1 is exactly 100 µm, found by bisection in f64 against every triangle of v1
 * (tests/support/closestPoint.ts); s = 100 µm on convex vertices. The float32-rounded result is
 * checked again, and the script fails if any displaced vertex is off by more than 0.01 µm.
 *
 * The region: every vertex within 2.5 mm of the crown's vertex with the largest x (a convex
 * bulge of the crown's side). Triangles and vertex order are v1's; the STL is written like v1's
 * (fan-triangulated OBJ faces in file order, face normals from the vertex order, zero attribute).
 *
 * Run: `npx tsx scripts/make-crown-v2.ts` (deterministic; commit the STL and update PROVENANCE.md).
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bruteForceNearest, type RefMesh, type Vec3 } from '../tests/support/closestPoint.js';
import { fixtureObj, meshFixtures } from '../tests/support/meshFiles.js';

/** The displacement every vertex of the region ends up at, in mm. */
const DISPLACEMENT_MM = 0.1;
const REGION_RADIUS_MM = 2.5;
const OUT = join(meshFixtures, 'molar-crown-fdi16-v2.stl');
const HEADER = 'molar crown FDI 16, v2: a region moved 0.1 mm outward (scripts/make-crown-v2.ts)';

const v1 = fixtureObj('molar-crown-fdi16.obj');
const mesh: RefMesh = { positions: v1.positions, indices: v1.indices };
const nv = v1.positions.length / 3;
const nt = v1.indices.length / 3;
const vertex = (v: number): Vec3 => [
  v1.positions[v * 3]!,
  v1.positions[v * 3 + 1]!,
  v1.positions[v * 3 + 2]!,
];

function angleWeightedNormals(): Float64Array {
  const n = new Float64Array(nv * 3);
  for (let t = 0; t < nt; t++) {
    const ids = [v1.indices[t * 3]!, v1.indices[t * 3 + 1]!, v1.indices[t * 3 + 2]!];
    const p = ids.map(vertex);
    for (let k = 0; k < 3; k++) {
      const o = p[k]!;
      const a = p[(k + 1) % 3]!;
      const b = p[(k + 2) % 3]!;
      const u = [a[0] - o[0], a[1] - o[1], a[2] - o[2]];
      const w = [b[0] - o[0], b[1] - o[1], b[2] - o[2]];
      const c = [
        u[1]! * w[2]! - u[2]! * w[1]!,
        u[2]! * w[0]! - u[0]! * w[2]!,
        u[0]! * w[1]! - u[1]! * w[0]!,
      ];
      const len = Math.hypot(c[0]!, c[1]!, c[2]!);
      if (len === 0) continue;
      // The face normal (same for every corner) weighted by the corner's angle.
      const angle = Math.atan2(len, u[0]! * w[0]! + u[1]! * w[1]! + u[2]! * w[2]!);
      for (let j = 0; j < 3; j++) n[ids[k]! * 3 + j]! += (c[j]! / len) * angle;
    }
  }
  for (let v = 0; v < nv; v++) {
    const len = Math.hypot(n[v * 3]!, n[v * 3 + 1]!, n[v * 3 + 2]!);
    for (let j = 0; j < 3; j++) n[v * 3 + j]! /= len;
  }
  return n;
}

const moved = (p: Vec3, n: Vec3, s: number): Vec3 => [
  p[0] + s * n[0],
  p[1] + s * n[1],
  p[2] + s * n[2],
];
const f32 = (p: Vec3): Vec3 => [Math.fround(p[0]), Math.fround(p[1]), Math.fround(p[2])];
const deviation = (p: Vec3): number => bruteForceNearest(p, mesh).distance;

/** The step s ≥ d along n whose distance to v1 is d (distance is 1-Lipschitz in s, 0 at s = 0). */
function stepFor(p: Vec3, n: Vec3, d: number): number {
  if (Math.abs(deviation(moved(p, n, d)) - d) < 1e-12) return d;
  let lo = d;
  let hi = 2 * d;
  while (deviation(moved(p, n, hi)) < d) {
    lo = hi;
    hi *= 2;
    if (hi > 20 * d) throw new Error('no step reaches the displacement: vertex in a deep pit');
  }
  for (let i = 0; i < 80; i++) {
    const mid = (lo + hi) / 2;
    if (deviation(moved(p, n, mid)) < d) lo = mid;
    else hi = mid;
  }
  return hi;
}

function main(): void {
  const normals = angleWeightedNormals();
  let centre = 0;
  for (let v = 1; v < nv; v++) if (v1.positions[v * 3]! > v1.positions[centre * 3]!) centre = v;
  const c = vertex(centre);
  const positions = Float32Array.from(v1.positions);
  let count = 0;
  let stretched = 0;
  let maxStep = 0;
  let worst = 0;
  for (let v = 0; v < nv; v++) {
    const p = vertex(v);
    if (Math.hypot(p[0] - c[0], p[1] - c[1], p[2] - c[2]) > REGION_RADIUS_MM) continue;
    const n: Vec3 = [normals[v * 3]!, normals[v * 3 + 1]!, normals[v * 3 + 2]!];
    const s = stepFor(p, n, DISPLACEMENT_MM);
    const q = f32(moved(p, n, s));
    const err = Math.abs(deviation(q) - DISPLACEMENT_MM);
    if (err > 1e-5) throw new Error(`vertex ${v}: deviation off by ${err} mm after rounding`);
    positions.set(q, v * 3);
    count++;
    if (s > DISPLACEMENT_MM) stretched++;
    maxStep = Math.max(maxStep, s);
    worst = Math.max(worst, err);
  }

  const out = new Uint8Array(84 + nt * 50);
  const dv = new DataView(out.buffer);
  out.set(new TextEncoder().encode(HEADER).subarray(0, 80));
  dv.setUint32(80, nt, true);
  for (let t = 0; t < nt; t++) {
    const p = [0, 1, 2].map((k) => {
      const i = v1.indices[t * 3 + k]! * 3;
      return [positions[i]!, positions[i + 1]!, positions[i + 2]!] as const;
    });
    const [a, b, cc] = p as [Vec3, Vec3, Vec3];
    const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    const w = [cc[0] - a[0], cc[1] - a[1], cc[2] - a[2]];
    const fn = [
      u[1]! * w[2]! - u[2]! * w[1]!,
      u[2]! * w[0]! - u[0]! * w[2]!,
      u[0]! * w[1]! - u[1]! * w[0]!,
    ];
    const len = Math.hypot(fn[0]!, fn[1]!, fn[2]!) || 1;
    const r = 84 + t * 50;
    for (let j = 0; j < 3; j++) dv.setFloat32(r + j * 4, fn[j]! / len, true);
    for (let k = 0; k < 3; k++) {
      for (let j = 0; j < 3; j++) dv.setFloat32(r + 12 + k * 12 + j * 4, p[k]![j]!, true);
    }
  }
  writeFileSync(OUT, out);
  console.log(
    `${OUT}: ${nt} triangles, ${out.length} bytes, sha256 ${createHash('sha256').update(out).digest('hex')}\n` +
      `region: ${count} vertices within ${REGION_RADIUS_MM} mm of vertex ${centre} ` +
      `(${c.map((x) => x.toFixed(3)).join(', ')}); ${stretched} needed a step > ${DISPLACEMENT_MM} mm ` +
      `(largest ${maxStep.toFixed(6)} mm); largest deviation error after float32 rounding ${worst.toExponential(2)} mm`,
  );
}

main();
