// Signed distances from every vertex of one mesh (the query) to the surface of another (the
// target) for deviation and clearance maps: exact closest points over a BVH (triangleBvh.ts),
// signed by the target's angle-weighted pseudo-normal at the closest point (pseudoNormals.ts):
// positive in front of (outside) the target surface, negative behind it.
//
// Queries run in Morton order, so consecutive ones are near each other and have nearly the same
// answer: each search starts in the BVH patch of the previous answer, which yields an almost
// tight bound at once, and finishes with that patch's neighbours (or from the root). The answer
// stays exact: no box that could hold a nearer triangle is skipped.
import * as E from './errors';
import { MAX_TRIANGLES, MAX_VERTICES } from './errors';
import { setRes, R_DETAIL } from './results';
import { mortonSort, sortedKeys, sortedOrder } from './morton';
import {
  bestGroup,
  bestLane,
  bvhBuild,
  groupTriangle,
  nearestFrom,
  searchBegin,
} from './triangleBvh';
import {
  adjacencyBuild,
  cornerOf,
  edgeNormal,
  faceNormal,
  normalDot,
  vertexNormal,
} from './pseudoNormals';

/** R_DETAIL of a distance error: which input is at fault. */
export const IN_QUERY: u32 = 1;
export const IN_TARGET: u32 = 2;

const TWO_POW_MINUS_20: f64 = 9.5367431640625e-7;
// Larger coordinates could overflow f32 squared distances (limit² · 12 < f32 max).
const COORDINATE_LIMIT: f32 = 1e18;

// Magnitude bits of each lane, maximum over `count` xyz triples. NaN and ±∞ exceed any finite
// value's bits. Reads 4 bytes past the end (arena slack).
function maxMagnitudeBits(p: usize, count: u32): u32 {
  const abs = i32x4(0x7fffffff, 0x7fffffff, 0x7fffffff, 0);
  let m = i32x4.splat(0);
  const end = p + <usize>count * 12;
  for (let q = p; q < end; q += 12) m = i32x4.max_u(m, v128.and(v128.load(q), abs));
  return max<u32>(
    max<u32>(i32x4.extract_lane(m, 0), i32x4.extract_lane(m, 1)),
    i32x4.extract_lane(m, 2),
  );
}

function inMemory(p: usize, bytes: u64): bool {
  return p != 0 && <u64>p + bytes + 16 <= (<u64>memory.size()) << 16;
}

function fail(code: i32, detail: u32): i32 {
  setRes(R_DETAIL, detail);
  return code;
}

// Largest coordinate magnitude seen by checkCoordinates.
let scale: f32 = 0;

function checkCoordinates(p: usize, count: u32, detail: u32): i32 {
  const m = maxMagnitudeBits(p, count);
  if (m >= 0x7f800000) return fail(E.E_NON_FINITE_COORDINATE, detail);
  if (m > reinterpret<u32>(COORDINATE_LIMIT)) return fail(E.E_BAD_ARGUMENT, detail);
  scale = Mathf.max(scale, reinterpret<f32>(m));
  return E.OK;
}

// Closest point of triangle t to q in f64 (cx, cy, cz) and the feature it lies on.
const F_FACE: i32 = 0;
const F_EDGE: i32 = 1; // + corner k: the edge from corner k to corner k + 1
const F_VERTEX: i32 = 4; // + corner k
let cx: f64 = 0;
let cy: f64 = 0;
let cz: f64 = 0;
let feature: i32 = 0;

function closestOnTriangle(pos: usize, idx: usize, t: u32, qx: f64, qy: f64, qz: f64): void {
  const pa = pos + <usize>cornerOf(idx, t, 0) * 12;
  const pb = pos + <usize>cornerOf(idx, t, 1) * 12;
  const pc = pos + <usize>cornerOf(idx, t, 2) * 12;
  const ax = <f64>load<f32>(pa);
  const ay = <f64>load<f32>(pa, 4);
  const az = <f64>load<f32>(pa, 8);
  const bx = <f64>load<f32>(pb);
  const by = <f64>load<f32>(pb, 4);
  const bz = <f64>load<f32>(pb, 8);
  const ccx = <f64>load<f32>(pc);
  const ccy = <f64>load<f32>(pc, 4);
  const ccz = <f64>load<f32>(pc, 8);
  const e0x = bx - ax;
  const e0y = by - ay;
  const e0z = bz - az;
  const e1x = ccx - ax;
  const e1y = ccy - ay;
  const e1z = ccz - az;
  const px = qx - ax;
  const py = qy - ay;
  const pz = qz - az;
  const nx = e0y * e1z - e0z * e1y;
  const ny = e0z * e1x - e0x * e1z;
  const nz = e0x * e1y - e0y * e1x;
  const nn = nx * nx + ny * ny + nz * nz;
  if (nn > 0) {
    // Barycentric coordinates of the projection: dual vectors e1 × n and n × e0 over |n|².
    const s =
      (px * (e1y * nz - e1z * ny) + py * (e1z * nx - e1x * nz) + pz * (e1x * ny - e1y * nx)) / nn;
    const u =
      (px * (ny * e0z - nz * e0y) + py * (nz * e0x - nx * e0z) + pz * (nx * e0y - ny * e0x)) / nn;
    if (s >= 0 && u >= 0 && s + u <= 1) {
      cx = ax + s * e0x + u * e1x;
      cy = ay + s * e0y + u * e1y;
      cz = az + s * e0z + u * e1z;
      feature = F_FACE;
      return;
    }
  }
  let bestD = Infinity;
  for (let k = 0; k < 3; k++) {
    const ox = k == 0 ? ax : k == 1 ? bx : ccx;
    const oy = k == 0 ? ay : k == 1 ? by : ccy;
    const oz = k == 0 ? az : k == 1 ? bz : ccz;
    const dx = (k == 0 ? bx : k == 1 ? ccx : ax) - ox;
    const dy = (k == 0 ? by : k == 1 ? ccy : ay) - oy;
    const dz = (k == 0 ? bz : k == 1 ? ccz : az) - oz;
    const dd = dx * dx + dy * dy + dz * dz;
    let u = dd > 0 ? ((qx - ox) * dx + (qy - oy) * dy + (qz - oz) * dz) / dd : 0;
    u = u < 0 ? 0 : u > 1 ? 1 : u;
    const x = ox + u * dx;
    const y = oy + u * dy;
    const z = oz + u * dz;
    const d = (qx - x) * (qx - x) + (qy - y) * (qy - y) + (qz - z) * (qz - z);
    if (d < bestD) {
      bestD = d;
      cx = x;
      cy = y;
      cz = z;
      feature = u == 0 ? F_VERTEX + k : u == 1 ? F_VERTEX + ((k + 1) % 3) : F_EDGE + k;
    }
  }
}

// How far back within a Morton cell to look for a vertex at the same position.
const SAME_CELL_LOOKBACK: i32 = 32;

// The index of a query among order[from .. to) at the same position (bits) as `qp`, or −1.
function samePosition(qPos: usize, order: usize, from: i32, to: u32, qp: usize): i32 {
  for (let j = from; j < <i32>to; j++) {
    const o = load<u32>(order + ((<usize>j) << 2));
    const op = qPos + <usize>o * 12;
    if (
      load<u32>(op) == load<u32>(qp) &&
      load<u32>(op, 4) == load<u32>(qp, 4) &&
      load<u32>(op, 8) == load<u32>(qp, 8)
    ) {
      return <i32>o;
    }
  }
  return -1;
}

function copyAnswer(from: u32, to: u32, outDist: usize, outPoint: usize, outTri: usize): void {
  store<f32>(outDist + ((<usize>to) << 2), load<f32>(outDist + ((<usize>from) << 2)));
  if (outPoint != 0) memory.copy(outPoint + <usize>to * 12, outPoint + <usize>from * 12, 12);
  if (outTri != 0)
    store<i32>(outTri + ((<usize>to) << 2), load<i32>(outTri + ((<usize>from) << 2)));
}

/**
 * For each of `queries` xyz triples at `qPos`: the signed distance (f32, mm) to the triangles
 * of the target (`tPos`, `tVertices` xyz triples; `tIdx` u32 triples, or 0 for a triangle soup
 * of `tVertices` / 3 triangles) into `outDist`, NaN when no triangle lies within `maxDistance`.
 * Optionally the closest points (`outPoint`, xyz per query, NaN when none) and the triangle ids
 * (`outTri`, −1 when none). Every input is checked before use; the error's R_DETAIL names the
 * faulty input (IN_QUERY / IN_TARGET).
 */
export function signedDistances(
  qPos: usize,
  queries: u32,
  tPos: usize,
  tVertices: u32,
  tIdx: usize,
  tTriangles: u32,
  maxDistance: f32,
  outDist: usize,
  outPoint: usize,
  outTri: usize,
): i32 {
  if (!(maxDistance >= 0)) return fail(E.E_BAD_ARGUMENT, 0);
  if (queries == 0) return fail(E.E_NO_GEOMETRY, IN_QUERY);
  if (tTriangles == 0) return fail(E.E_NO_GEOMETRY, IN_TARGET);
  if (queries > MAX_VERTICES) return fail(E.E_MESH_TOO_LARGE, IN_QUERY);
  if (tTriangles > MAX_TRIANGLES) return fail(E.E_MESH_TOO_LARGE, IN_TARGET);
  if (tIdx == 0 ? <u64>tVertices != <u64>tTriangles * 3 : tVertices > MAX_VERTICES) {
    return fail(E.E_BAD_ARGUMENT, IN_TARGET);
  }
  if (
    !inMemory(qPos, <u64>queries * 12) ||
    !inMemory(tPos, <u64>tVertices * 12) ||
    (tIdx != 0 && !inMemory(tIdx, <u64>tTriangles * 12)) ||
    !inMemory(outDist, <u64>queries * 4) ||
    (outPoint != 0 && !inMemory(outPoint, <u64>queries * 12)) ||
    (outTri != 0 && !inMemory(outTri, <u64>queries * 4))
  ) {
    return fail(E.E_BAD_ARGUMENT, 0);
  }
  if (tIdx != 0) {
    const n = <usize>tTriangles * 3;
    for (let i: usize = 0; i < n; i++) {
      if (load<u32>(tIdx + (i << 2)) >= tVertices) return fail(E.E_INDEX_OUT_OF_RANGE, IN_TARGET);
    }
  }
  scale = 0;
  let err = checkCoordinates(qPos, queries, IN_QUERY);
  if (err != E.OK) return err;
  err = checkCoordinates(tPos, tVertices, IN_TARGET);
  if (err != E.OK) return err;

  if (!adjacencyBuild(tPos, tVertices, tIdx, tTriangles)) return fail(E.E_OUT_OF_MEMORY, 0);
  if (!bvhBuild(tPos, tIdx, tTriangles)) return fail(E.E_OUT_OF_MEMORY, 0);

  // "Within maxDistance" up to the float32 resolution of the coordinates (`slack`, 2^-20 of the
  // largest magnitude, e.g. 0.02 µm at 20 mm): the f32 kernel's own error is below it, so the
  // search bound lets every candidate through and the f64 distance decides. maxDistance = 0 then
  // keeps the points on the surface.
  const slack = <f64>scale * TWO_POW_MINUS_20;
  const limit = <f64>maxDistance + slack;
  const limit2 = <f32>Math.min(limit * limit * (1 + TWO_POW_MINUS_20), <f64>f32.MAX_VALUE);
  // The previous answer's group: the next search starts in its patch (triangleBvh.ts).
  let warm: i32 = -1;
  // Queries run in Morton order: consecutive ones are near each other, whatever the mesh's
  // vertex order, so they reuse the same nodes (in cache) and the warm start holds. A vertex at
  // the same position as an earlier one in its Morton cell (an STL soup repeats each vertex about
  // six times) takes that one's answer.
  if (!mortonSort(qPos, queries, 12)) return fail(E.E_OUT_OF_MEMORY, 0);
  const order = sortedOrder;
  const keys = sortedKeys;
  let cellStart: u32 = 0;
  for (let k: u32 = 0; k < queries; k++) {
    const i = load<u32>(order + ((<usize>k) << 2));
    const qp = qPos + <usize>i * 12;
    const key = load<u32>(keys + ((<usize>k) << 2));
    if (k == 0 || key != load<u32>(keys + ((<usize>k - 1) << 2))) cellStart = k;
    const same = samePosition(
      qPos,
      order,
      max<i32>(<i32>cellStart, <i32>k - SAME_CELL_LOOKBACK),
      k,
      qp,
    );
    if (same >= 0) {
      copyAnswer(<u32>same, i, outDist, outPoint, outTri);
      continue;
    }
    const x = load<f32>(qp);
    const y = load<f32>(qp, 4);
    const z = load<f32>(qp, 8);
    searchBegin(limit2);
    nearestFrom(x, y, z, warm, <f32>slack);
    let d: f64 = NaN;
    let t: i32 = -1;
    if (bestGroup >= 0) {
      t = <i32>groupTriangle(bestGroup, bestLane);
      warm = bestGroup;
      const qx = <f64>x;
      const qy = <f64>y;
      const qz = <f64>z;
      closestOnTriangle(tPos, tIdx, <u32>t, qx, qy, qz);
      const dx = qx - cx;
      const dy = qy - cy;
      const dz = qz - cz;
      d = Math.sqrt(dx * dx + dy * dy + dz * dz);
      if (d > limit) {
        d = NaN;
        t = -1;
      } else if (d > 0) {
        if (feature == F_FACE) faceNormal(<u32>t);
        else if (feature < F_VERTEX) edgeNormal(<u32>t, <u32>(feature - F_EDGE));
        else vertexNormal(<u32>t, <u32>(feature - F_VERTEX));
        if (normalDot(<u32>t, dx, dy, dz) < 0) d = -d;
      }
    }
    store<f32>(outDist + ((<usize>i) << 2), <f32>d);
    if (outPoint != 0) {
      const op = outPoint + <usize>i * 12;
      store<f32>(op, t >= 0 ? <f32>cx : NaN);
      store<f32>(op, t >= 0 ? <f32>cy : NaN, 4);
      store<f32>(op, t >= 0 ? <f32>cz : NaN, 8);
    }
    if (outTri != 0) store<i32>(outTri + ((<usize>i) << 2), t);
  }
  return E.OK;
}
