import {
  setRes,
  setResF,
  addFlag,
  R_BBOX,
  FLAG_DEGENERATE_BOUNDS,
  FLAG_HUGE_COORDINATES,
} from './results';

// Lanes 0..2 carry x, y, z; lane 3 belongs to the next vertex (or slack) and is masked out.
export const EXP_MASK: v128 = i32x4(0x7f800000, 0x7f800000, 0x7f800000, 0);
// Lane 3 compares 0 against 1: never flagged.
const EXP_ALL: v128 = i32x4(0x7f800000, 0x7f800000, 0x7f800000, 1);
const HUGE: f32 = 1.0e6;
const STL_HEADER = 'binary STL written by Cusp';

let minV: v128 = f32x4.splat(Infinity);
let maxV: v128 = f32x4.splat(-Infinity);
let badV: v128 = i32x4.splat(0);

export function boundsBegin(): void {
  minV = f32x4.splat(Infinity);
  maxV = f32x4.splat(-Infinity);
  badV = i32x4.splat(0);
}

export function boundsAdd(v: v128): void {
  minV = f32x4.min(minV, v);
  maxV = f32x4.max(maxV, v);
  badV = v128.or(badV, i32x4.eq(v128.and(v, EXP_MASK), EXP_ALL));
}

/** Stores bounds accumulated in locals by a hot loop (`expMax`: lane-wise max of exponent bits). */
export function boundsSet(mn: v128, mx: v128, expMax: v128): void {
  minV = mn;
  maxV = mx;
  badV = i32x4.eq(expMax, EXP_ALL);
}

const SIGN_OFF: v128 = i32x4.splat(0x7fffffff);

/**
 * Order-preserving map of f32 bits to i32 (its own inverse): on these, i32x4.min_s/max_s order
 * finite values as f32 min/max do (-0 below +0) in one instruction each, where V8 needs about
 * seven for the NaN-propagating f32x4.min. NaNs land beyond ±Infinity, so the extremes also
 * tell whether any value was not finite (boundsSetOrdered).
 */
export function ordered(v: v128): v128 {
  return v128.xor(v, v128.and(i32x4.shr_s(v, 31), SIGN_OFF));
}

const ORD_HI: v128 = i32x4.splat(0x7f7fffff); // ordered(+max finite)
const ORD_LO: v128 = i32x4.splat(<i32>0x80800000); // ordered(-max finite)
const XYZ: v128 = i32x4(-1, -1, -1, 0);

/** Stores bounds from ordered (see `ordered`) lane minima and maxima; lane 3 is ignored. */
export function boundsSetOrdered(mn: v128, mx: v128): void {
  minV = ordered(mn);
  maxV = ordered(mx);
  badV = v128.and(v128.or(i32x4.gt_s(mx, ORD_HI), i32x4.lt_s(mn, ORD_LO)), XYZ);
}

/** True when a NaN or infinite coordinate was seen since boundsBegin. */
export function boundsHasNonFinite(): bool {
  return v128.any_true(badV);
}

/** Writes the bounding box result slots (zeros for an empty mesh) and warning flags. */
export function boundsPublish(empty: bool): void {
  if (empty) {
    for (let i = 0; i < 6; i++) setResF(R_BBOX + i, 0);
    return;
  }
  const x0 = f32x4.extract_lane(minV, 0);
  const y0 = f32x4.extract_lane(minV, 1);
  const z0 = f32x4.extract_lane(minV, 2);
  const x1 = f32x4.extract_lane(maxV, 0);
  const y1 = f32x4.extract_lane(maxV, 1);
  const z1 = f32x4.extract_lane(maxV, 2);
  setResF(R_BBOX, x0);
  setResF(R_BBOX + 1, y0);
  setResF(R_BBOX + 2, z0);
  setResF(R_BBOX + 3, x1);
  setResF(R_BBOX + 4, y1);
  setResF(R_BBOX + 5, z1);
  if (x1 - x0 == 0 || y1 - y0 == 0 || z1 - z0 == 0) addFlag(FLAG_DEGENERATE_BOUNDS);
  const m = Mathf.max(
    Mathf.max(Mathf.max(Mathf.abs(x0), Mathf.abs(y0)), Mathf.max(Mathf.abs(z0), Mathf.abs(x1))),
    Mathf.max(Mathf.abs(y1), Mathf.abs(z1)),
  );
  if (m > HUGE) addFlag(FLAG_HUGE_COORDINATES);
}

/** Bounds and finiteness of `count` packed float32 xyz triples. Needs 4 bytes of slack after. */
export function scanPacked(p: usize, count: u32): bool {
  let mn = f32x4.splat(Infinity);
  let mx = f32x4.splat(-Infinity);
  let ex = i32x4.splat(0);
  const end = p + <usize>count * 12;
  let q = p;
  // Four vertices per iteration keep independent min/max chains busy.
  const end4 = p + ((<usize>count) >> 2) * 48;
  while (q < end4) {
    const a = v128.load(q);
    const b = v128.load(q, 12);
    const c = v128.load(q, 24);
    const d = v128.load(q, 36);
    mn = f32x4.min(f32x4.min(mn, a), f32x4.min(b, f32x4.min(c, d)));
    mx = f32x4.max(f32x4.max(mx, a), f32x4.max(b, f32x4.max(c, d)));
    ex = i32x4.max_u(
      ex,
      i32x4.max_u(
        i32x4.max_u(v128.and(a, EXP_MASK), v128.and(b, EXP_MASK)),
        i32x4.max_u(v128.and(c, EXP_MASK), v128.and(d, EXP_MASK)),
      ),
    );
    q += 48;
  }
  while (q < end) {
    const a = v128.load(q);
    mn = f32x4.min(mn, a);
    mx = f32x4.max(mx, a);
    ex = i32x4.max_u(ex, v128.and(a, EXP_MASK));
    q += 12;
  }
  boundsSet(mn, mx, ex);
  boundsPublish(count == 0);
  return !boundsHasNonFinite();
}

/** Index of the first vertex with a non-finite coordinate (for error details). */
export function firstNonFinite(p: usize, count: u32, stride: usize): u32 {
  for (let i: u32 = 0; i < count; i++) {
    const q = p + <usize>i * stride;
    for (let k: usize = 0; k < 3; k++) {
      const bits = load<u32>(q + (k << 2));
      if ((bits & 0x7f800000) == 0x7f800000) return i;
    }
  }
  return count;
}

function storeFaceNormal(
  out: usize,
  ax: f32,
  ay: f32,
  az: f32,
  bx: f32,
  by: f32,
  bz: f32,
  cx: f32,
  cy: f32,
  cz: f32,
): void {
  const ux = bx - ax;
  const uy = by - ay;
  const uz = bz - az;
  const vx = cx - ax;
  const vy = cy - ay;
  const vz = cz - az;
  let nx = uy * vz - uz * vy;
  let ny = uz * vx - ux * vz;
  let nz = ux * vy - uy * vx;
  const len = Mathf.sqrt(nx * nx + ny * ny + nz * nz);
  if (len > 0 && len < Infinity) {
    const inv: f32 = 1.0 / len;
    nx *= inv;
    ny *= inv;
    nz *= inv;
  } else {
    nx = 0;
    ny = 0;
    nz = 0;
  }
  store<f32>(out, nx);
  store<f32>(out, ny, 4);
  store<f32>(out, nz, 8);
}

/**
 * Binary STL: 80-byte header, u32 count, then per triangle the unit normal, three corners and a
 * zero attribute word. `idx == 0` means `pos` is a triangle soup (9 floats per triangle).
 */
export function writeStlRecords(out: usize, pos: usize, idx: usize, triangles: u32): void {
  // Header text that cannot start with "solid" (readers would take the file for ASCII STL).
  memory.fill(out, 0x20, 80);
  for (let i = 0; i < STL_HEADER.length; i++)
    store<u8>(out + <usize>i, <u8>STL_HEADER.charCodeAt(i));
  store<u32>(out + 80, triangles);
  let r = out + 84;
  for (let t: u32 = 0; t < triangles; t++) {
    let a: usize, b: usize, c: usize;
    if (idx != 0) {
      const ip = idx + <usize>t * 12;
      a = pos + <usize>load<u32>(ip) * 12;
      b = pos + <usize>load<u32>(ip, 4) * 12;
      c = pos + <usize>load<u32>(ip, 8) * 12;
    } else {
      a = pos + <usize>t * 36;
      b = a + 12;
      c = a + 24;
    }
    const ax = load<f32>(a),
      ay = load<f32>(a, 4),
      az = load<f32>(a, 8);
    const bx = load<f32>(b),
      by = load<f32>(b, 4),
      bz = load<f32>(b, 8);
    const cx = load<f32>(c),
      cy = load<f32>(c, 4),
      cz = load<f32>(c, 8);
    storeFaceNormal(r, ax, ay, az, bx, by, bz, cx, cy, cz);
    // 12-byte corners copied as u64 + u32 pairs: records are not 4-byte aligned.
    store<u64>(r + 12, load<u64>(a));
    store<u32>(r + 20, load<u32>(a, 8));
    store<u64>(r + 24, load<u64>(b));
    store<u32>(r + 32, load<u32>(b, 8));
    store<u64>(r + 36, load<u64>(c));
    store<u32>(r + 44, load<u32>(c, 8));
    store<u16>(r + 48, 0);
    r += 50;
  }
}

/** Flat normals for a triangle soup, repeated for the three corners (9 floats per triangle). */
export function soupNormals(pos: usize, triangles: u32, out: usize): void {
  for (let t: u32 = 0; t < triangles; t++) {
    const a = pos + <usize>t * 36;
    const o = out + <usize>t * 36;
    storeFaceNormal(
      o,
      load<f32>(a),
      load<f32>(a, 4),
      load<f32>(a, 8),
      load<f32>(a, 12),
      load<f32>(a, 16),
      load<f32>(a, 20),
      load<f32>(a, 24),
      load<f32>(a, 28),
      load<f32>(a, 32),
    );
    store<u64>(o + 12, load<u64>(o));
    store<u32>(o + 20, load<u32>(o, 8));
    store<u64>(o + 24, load<u64>(o));
    store<u32>(o + 32, load<u32>(o, 8));
  }
}

/** Area-weighted vertex normals of an indexed mesh; indices must already be range-checked. */
export function indexedVertexNormals(
  pos: usize,
  vertices: u32,
  idx: usize,
  triangles: u32,
  out: usize,
): void {
  memory.fill(out, 0, <usize>vertices * 12);
  for (let t: u32 = 0; t < triangles; t++) {
    const ip = idx + <usize>t * 12;
    const ia = <usize>load<u32>(ip) * 12;
    const ib = <usize>load<u32>(ip, 4) * 12;
    const ic = <usize>load<u32>(ip, 8) * 12;
    const a = pos + ia,
      b = pos + ib,
      c = pos + ic;
    const ax = load<f32>(a),
      ay = load<f32>(a, 4),
      az = load<f32>(a, 8);
    const ux = load<f32>(b) - ax,
      uy = load<f32>(b, 4) - ay,
      uz = load<f32>(b, 8) - az;
    const vx = load<f32>(c) - ax,
      vy = load<f32>(c, 4) - ay,
      vz = load<f32>(c, 8) - az;
    // Unnormalised cross product: its length is twice the area, which gives the weighting.
    const n = f32x4(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx, 0);
    const oa = out + ia,
      ob = out + ib,
      oc = out + ic;
    v128.store(oa, f32x4.add(v128.load(oa), n));
    v128.store(ob, f32x4.add(v128.load(ob), n));
    v128.store(oc, f32x4.add(v128.load(oc), n));
  }
  normaliseNormals(out, vertices);
}

/**
 * Area-weighted vertex normals of the viewer's quantised grid (view derivative): positions are
 * uint16 x, y, z + padding (8 bytes per vertex), indices uint16 (`wideIndices` false) or uint32.
 * The grid's scale is uniform, so directions computed on it are the model's. Indices must have been
 * checked against `vertices`. Writes vertices × 12 bytes of f32 at `out` (plus 4 bytes of slack
 * for the last vertex's 16-byte store).
 */
export function gridVertexNormals(
  pos: usize,
  vertices: u32,
  idx: usize,
  wideIndices: bool,
  triangles: u32,
  out: usize,
): void {
  memory.fill(out, 0, <usize>vertices * 12 + 4);
  for (let t: u32 = 0; t < triangles; t++) {
    let ia: usize, ib: usize, ic: usize;
    if (wideIndices) {
      const ip = idx + <usize>t * 12;
      ia = <usize>load<u32>(ip);
      ib = <usize>load<u32>(ip, 4);
      ic = <usize>load<u32>(ip, 8);
    } else {
      const ip = idx + <usize>t * 6;
      ia = <usize>load<u16>(ip);
      ib = <usize>load<u16>(ip, 2);
      ic = <usize>load<u16>(ip, 4);
    }
    const a = pos + ia * 8,
      b = pos + ib * 8,
      c = pos + ic * 8;
    const ax = <f32>load<u16>(a),
      ay = <f32>load<u16>(a, 2),
      az = <f32>load<u16>(a, 4);
    const ux = <f32>load<u16>(b) - ax,
      uy = <f32>load<u16>(b, 2) - ay,
      uz = <f32>load<u16>(b, 4) - az;
    const vx = <f32>load<u16>(c) - ax,
      vy = <f32>load<u16>(c, 2) - ay,
      vz = <f32>load<u16>(c, 4) - az;
    // Unnormalised cross product: its length is twice the area, which gives the weighting.
    const n = f32x4(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx, 0);
    const oa = out + ia * 12,
      ob = out + ib * 12,
      oc = out + ic * 12;
    v128.store(oa, f32x4.add(v128.load(oa), n));
    v128.store(ob, f32x4.add(v128.load(ob), n));
    v128.store(oc, f32x4.add(v128.load(oc), n));
  }
  normaliseNormals(out, vertices);
}

/** Scales each of `vertices` f32 xyz sums at `out` to unit length; a zero sum stays zero. */
function normaliseNormals(out: usize, vertices: u32): void {
  for (let v: u32 = 0; v < vertices; v++) {
    const o = out + <usize>v * 12;
    const x = load<f32>(o),
      y = load<f32>(o, 4),
      z = load<f32>(o, 8);
    const len = Mathf.sqrt(x * x + y * y + z * z);
    if (len > 0 && len < Infinity) {
      const inv: f32 = 1.0 / len;
      store<f32>(o, x * inv);
      store<f32>(o, y * inv, 4);
      store<f32>(o, z * inv, 8);
    } else {
      store<f32>(o, 0);
      store<f32>(o, 0, 4);
      store<f32>(o, 0, 8);
    }
  }
}
