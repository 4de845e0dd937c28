// Angle-weighted pseudo-normals (Bærentzen & Aanæs 2005) of the distance engine's target mesh:
// the sign of a distance is that of (query − closest point) · pseudo-normal of the feature the
// closest point lies on (face, edge or vertex), which is right for any closed, consistently
// oriented surface even at edges and corners, where a face normal alone can be wrong.
//
// Features are identified by position, not by index: an STL soup or a mesh with seams still has
// its edges and vertices shared. Each vertex maps to the first vertex with the same coordinates
// (its canonical vertex), each triangle keeps its canonical corners and unit normal, and every
// canonical vertex lists its triangles (CSR), so an edge's or a vertex's pseudo-normal is summed
// only for the queries that need one.
import { arenaAlloc, arenaMark, arenaRelease } from './arena';

let canon: usize = 0;
let csrStart: usize = 0;
let csrTris: usize = 0;
let positions: usize = 0;
/** Per triangle: canonical vertex of each corner (u32 × 3) and unit normal (f32 × 3, 0 if flat). */
let corners: usize = 0;
let normals: usize = 0;

/** Vertex index of corner `k` of triangle `t` (indices == 0: a triangle soup). */
export function cornerOf(idx: usize, t: u32, k: u32): u32 {
  return idx != 0 ? load<u32>(idx + ((<usize>t * 3 + <usize>k) << 2)) : t * 3 + k;
}

function canonOf(v: u32): u32 {
  return load<u32>(canon + ((<usize>v) << 2));
}

// -0 and +0 are the same point: adding +0 turns -0 into +0 (round to nearest).
function keyBits(p: usize, k: usize): u32 {
  return reinterpret<u32>(load<f32>(p + (k << 2)) + 0);
}

function hash3(x: u32, y: u32, z: u32): u32 {
  let h = x * 0x9e3779b1 + rotl<u32>(y * 0x85ebca77, 11) + rotl<u32>(z * 0xc2b2ae3d, 22);
  h ^= h >> 15;
  h *= 0x2c1b3c6d;
  h ^= h >> 12;
  return h;
}

function cornerAt(t: u32, k: u32): u32 {
  return load<u32>(corners + ((<usize>t * 3 + <usize>k) << 2));
}

/**
 * Welds by exact position, keeps each triangle's canonical corners and normal, and lists each
 * canonical vertex's triangles. False when memory runs out. `pos` must stay valid while signs
 * are computed.
 */
export function adjacencyBuild(pos: usize, vertices: u32, idx: usize, triangles: u32): bool {
  positions = pos;
  canon = arenaAlloc((<u64>vertices) << 2);
  if (canon == 0) return false;
  // Open addressing, load ≤ 1/2; slots hold vertex + 1 (0 = empty).
  let size: u32 = 16;
  while (size < vertices * 2) size <<= 1;
  const mask = size - 1;
  const scratch = arenaMark();
  const table = arenaAlloc((<u64>size) << 2);
  if (table == 0) return false;
  memory.fill(table, 0, (<usize>size) << 2);
  for (let v: u32 = 0; v < vertices; v++) {
    const p = pos + <usize>v * 12;
    const x = keyBits(p, 0);
    const y = keyBits(p, 1);
    const z = keyBits(p, 2);
    let h = hash3(x, y, z) & mask;
    let c = v;
    while (true) {
      const slot = table + ((<usize>h) << 2);
      const s = load<u32>(slot);
      if (s == 0) {
        store<u32>(slot, v + 1);
        break;
      }
      const o = pos + <usize>(s - 1) * 12;
      if (keyBits(o, 0) == x && keyBits(o, 1) == y && keyBits(o, 2) == z) {
        c = s - 1;
        break;
      }
      h = (h + 1) & mask;
    }
    store<u32>(canon + ((<usize>v) << 2), c);
  }
  arenaRelease(scratch);

  csrStart = arenaAlloc((<u64>vertices + 1) << 2);
  csrTris = arenaAlloc(<u64>triangles * 12);
  corners = arenaAlloc(<u64>triangles * 12);
  normals = arenaAlloc(<u64>triangles * 12);
  if (csrStart == 0 || csrTris == 0 || corners == 0 || normals == 0) return false;
  memory.fill(csrStart, 0, (<usize>vertices + 1) << 2);
  for (let t: u32 = 0; t < triangles; t++) {
    for (let k: u32 = 0; k < 3; k++) {
      const c = canonOf(cornerOf(idx, t, k));
      store<u32>(corners + ((<usize>t * 3 + <usize>k) << 2), c);
      const at = csrStart + ((<usize>c + 1) << 2);
      store<u32>(at, load<u32>(at) + 1);
    }
    storeFaceNormal(t);
  }
  let sum: u32 = 0;
  for (let v: u32 = 0; v <= vertices; v++) {
    const at = csrStart + ((<usize>v) << 2);
    sum += load<u32>(at);
    store<u32>(at, sum);
  }
  // After the prefix sum csrStart[c] is where c's list starts; filling advances it to the end of
  // c's list, which is where c + 1's starts, so one shift restores the starts.
  for (let t: u32 = 0; t < triangles; t++) {
    for (let k: u32 = 0; k < 3; k++) {
      const at = csrStart + ((<usize>cornerAt(t, k)) << 2);
      const n = load<u32>(at);
      store<u32>(csrTris + ((<usize>n) << 2), t);
      store<u32>(at, n + 1);
    }
  }
  for (let v = vertices; v > 0; v--) {
    store<u32>(csrStart + ((<usize>v) << 2), load<u32>(csrStart + ((<usize>v - 1) << 2)));
  }
  store<u32>(csrStart, 0);
  return true;
}

// Accumulated pseudo-normal (f64 for the sums of many unit vectors).
let nx: f64 = 0;
let ny: f64 = 0;
let nz: f64 = 0;

function px(v: u32): f64 {
  return <f64>load<f32>(positions + <usize>v * 12);
}
function py(v: u32): f64 {
  return <f64>load<f32>(positions + <usize>v * 12 + 4);
}
function pz(v: u32): f64 {
  return <f64>load<f32>(positions + <usize>v * 12 + 8);
}

function storeFaceNormal(t: u32): void {
  const a = cornerAt(t, 0);
  const b = cornerAt(t, 1);
  const c = cornerAt(t, 2);
  const ux = px(b) - px(a);
  const uy = py(b) - py(a);
  const uz = pz(b) - pz(a);
  const vx = px(c) - px(a);
  const vy = py(c) - py(a);
  const vz = pz(c) - pz(a);
  let fx = uy * vz - uz * vy;
  let fy = uz * vx - ux * vz;
  let fz = ux * vy - uy * vx;
  const len = Math.sqrt(fx * fx + fy * fy + fz * fz);
  const s = len > 0 ? 1 / len : 0;
  const o = normals + <usize>t * 12;
  store<f32>(o, <f32>(fx * s));
  store<f32>(o, <f32>(fy * s), 4);
  store<f32>(o, <f32>(fz * s), 8);
}

// Triangle t's unit normal, scaled by `w`, added to the accumulator.
function addFaceNormal(t: u32, w: f64): void {
  const o = normals + <usize>t * 12;
  nx += <f64>load<f32>(o) * w;
  ny += <f64>load<f32>(o, 4) * w;
  nz += <f64>load<f32>(o, 8) * w;
}

// Interior angle of triangle t at its corner k.
function cornerAngle(t: u32, k: u32): f64 {
  const o = cornerAt(t, k);
  const a = cornerAt(t, (k + 1) % 3);
  const b = cornerAt(t, (k + 2) % 3);
  const ux = px(a) - px(o);
  const uy = py(a) - py(o);
  const uz = pz(a) - pz(o);
  const vx = px(b) - px(o);
  const vy = py(b) - py(o);
  const vz = pz(b) - pz(o);
  const cx = uy * vz - uz * vy;
  const cy = uz * vx - ux * vz;
  const cz = ux * vy - uy * vx;
  // atan2 of |u × v| and u · v is accurate for every angle, unlike acos of a normalised dot.
  return Math.atan2(Math.sqrt(cx * cx + cy * cy + cz * cz), ux * vx + uy * vy + uz * vz);
}

/** Sums the pseudo-normal of triangle t's face. */
export function faceNormal(t: u32): void {
  nx = 0;
  ny = 0;
  nz = 0;
  addFaceNormal(t, 1);
}

/** Pseudo-normal of the edge from corner k to corner k + 1 of triangle t: its faces' normals. */
export function edgeNormal(t: u32, k: u32): void {
  nx = 0;
  ny = 0;
  nz = 0;
  const u = cornerAt(t, k);
  const v = cornerAt(t, (k + 1) % 3);
  const end = load<u32>(csrStart + ((<usize>u + 1) << 2));
  for (let i = load<u32>(csrStart + ((<usize>u) << 2)); i < end; i++) {
    const f = load<u32>(csrTris + ((<usize>i) << 2));
    // A face listed twice at u (a corner repeated by position) is flat: it adds zero.
    if (cornerAt(f, 0) == v || cornerAt(f, 1) == v || cornerAt(f, 2) == v) addFaceNormal(f, 1);
  }
}

/** Pseudo-normal of corner k of triangle t: its faces' normals weighted by their angles there. */
export function vertexNormal(t: u32, k: u32): void {
  nx = 0;
  ny = 0;
  nz = 0;
  const u = cornerAt(t, k);
  const end = load<u32>(csrStart + ((<usize>u + 1) << 2));
  let prev: u32 = 0xffffffff;
  for (let i = load<u32>(csrStart + ((<usize>u) << 2)); i < end; i++) {
    const f = load<u32>(csrTris + ((<usize>i) << 2));
    if (f == prev) continue;
    prev = f;
    let c: u32 = 0;
    while (c < 2 && cornerAt(f, c) != u) c++;
    addFaceNormal(f, cornerAngle(f, c));
  }
}

/** (dx, dy, dz) · the last pseudo-normal summed; when that is zero, the face normal of t. */
export function normalDot(t: u32, dx: f64, dy: f64, dz: f64): f64 {
  if (nx == 0 && ny == 0 && nz == 0) faceNormal(t);
  return dx * nx + dy * ny + dz * nz;
}
