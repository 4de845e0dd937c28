// Groups of four triangles, the unit the distance engine's BVH (triangleBvh.ts) stores in its
// leaves, and the SIMD kernel giving the squared distances from a point to a group's triangles.
//
// A group stores its triangles structure-of-arrays in four cache lines, with the dual vectors
// of the edges (for the barycentric test) precomputed in f64 from the stored f32 edges, so the
// kernel tests four triangles at once without a branch; exact up to f32 rounding.
import { cornerOf } from './pseudoNormals';

// Group: 15 vectors of 4 lanes (one triangle per lane) and the 4 triangle ids.
const G_AX: usize = 0; // corner a
const G_AY: usize = 16;
const G_AZ: usize = 32;
const G_E0X: usize = 48; // e0 = b − a
const G_E0Y: usize = 64;
const G_E0Z: usize = 80;
const G_E1X: usize = 96; // e1 = c − a
const G_E1Y: usize = 112;
const G_E1Z: usize = 128;
const G_U0X: usize = 144; // (q − a) · u0 and · u1 are the barycentric coordinates of q's
const G_U0Y: usize = 160; // projection along e0 and e1; NaN for a degenerate triangle
const G_U0Z: usize = 176;
const G_U1X: usize = 192;
const G_U1Y: usize = 208;
const G_U1Z: usize = 224;
const G_IDS: usize = 240;
/** Four cache lines (groups start on 64-byte boundaries). */
export const GROUP_BYTES: usize = 256;

/**
 * Fills the group at `gp` with triangles order[first .. first + 3] of the mesh (`pos`, `idx`;
 * idx = 0: a soup), repeating order[first] past the `n`th, and writes its box (min x, y, z,
 * max x, y, z) at `box`.
 */
export function fillGroup(
  gp: usize,
  order: usize,
  first: u32,
  n: u32,
  pos: usize,
  idx: usize,
  box: usize,
): void {
  let mnx = f32.MAX_VALUE;
  let mny = f32.MAX_VALUE;
  let mnz = f32.MAX_VALUE;
  let mxx = -f32.MAX_VALUE;
  let mxy = -f32.MAX_VALUE;
  let mxz = -f32.MAX_VALUE;
  for (let lane: u32 = 0; lane < 4; lane++) {
    let i = first + lane;
    if (i >= n) i = first;
    const t = load<u32>(order + ((<usize>i) << 2));
    const pa = pos + <usize>cornerOf(idx, t, 0) * 12;
    const pb = pos + <usize>cornerOf(idx, t, 1) * 12;
    const pc = pos + <usize>cornerOf(idx, t, 2) * 12;
    const ax = load<f32>(pa);
    const ay = load<f32>(pa, 4);
    const az = load<f32>(pa, 8);
    const bx = load<f32>(pb);
    const by = load<f32>(pb, 4);
    const bz = load<f32>(pb, 8);
    const cx = load<f32>(pc);
    const cy = load<f32>(pc, 4);
    const cz = load<f32>(pc, 8);
    const e0x = bx - ax;
    const e0y = by - ay;
    const e0z = bz - az;
    const e1x = cx - ax;
    const e1y = cy - ay;
    const e1z = cz - az;
    // Dual vectors from the stored (f32) edges, in f64: u0 · e0 = 1, u0 · e1 = 0, u0 · n = 0.
    const x0 = <f64>e0x;
    const y0 = <f64>e0y;
    const z0 = <f64>e0z;
    const x1 = <f64>e1x;
    const y1 = <f64>e1y;
    const z1 = <f64>e1z;
    const nx = y0 * z1 - z0 * y1;
    const ny = z0 * x1 - x0 * z1;
    const nz = x0 * y1 - y0 * x1;
    const nn = nx * nx + ny * ny + nz * nz;
    let u0x: f32 = NaN;
    let u0y: f32 = NaN;
    let u0z: f32 = NaN;
    let u1x: f32 = NaN;
    let u1y: f32 = NaN;
    let u1z: f32 = NaN;
    if (nn > 0) {
      const r = 1 / nn;
      u0x = <f32>((y1 * nz - z1 * ny) * r);
      u0y = <f32>((z1 * nx - x1 * nz) * r);
      u0z = <f32>((x1 * ny - y1 * nx) * r);
      u1x = <f32>((ny * z0 - nz * y0) * r);
      u1y = <f32>((nz * x0 - nx * z0) * r);
      u1z = <f32>((nx * y0 - ny * x0) * r);
    }
    const l = (<usize>lane) << 2;
    store<f32>(gp + G_AX + l, ax);
    store<f32>(gp + G_AY + l, ay);
    store<f32>(gp + G_AZ + l, az);
    store<f32>(gp + G_E0X + l, e0x);
    store<f32>(gp + G_E0Y + l, e0y);
    store<f32>(gp + G_E0Z + l, e0z);
    store<f32>(gp + G_E1X + l, e1x);
    store<f32>(gp + G_E1Y + l, e1y);
    store<f32>(gp + G_E1Z + l, e1z);
    store<f32>(gp + G_U0X + l, u0x);
    store<f32>(gp + G_U0Y + l, u0y);
    store<f32>(gp + G_U0Z + l, u0z);
    store<f32>(gp + G_U1X + l, u1x);
    store<f32>(gp + G_U1Y + l, u1y);
    store<f32>(gp + G_U1Z + l, u1z);
    store<u32>(gp + G_IDS + l, t);
    mnx = Mathf.min(mnx, Mathf.min(ax, Mathf.min(bx, cx)));
    mny = Mathf.min(mny, Mathf.min(ay, Mathf.min(by, cy)));
    mnz = Mathf.min(mnz, Mathf.min(az, Mathf.min(bz, cz)));
    mxx = Mathf.max(mxx, Mathf.max(ax, Mathf.max(bx, cx)));
    mxy = Mathf.max(mxy, Mathf.max(ay, Mathf.max(by, cy)));
    mxz = Mathf.max(mxz, Mathf.max(az, Mathf.max(bz, cz)));
  }
  store<f32>(box, mnx);
  store<f32>(box, mny, 4);
  store<f32>(box, mnz, 8);
  store<f32>(box, mxx, 12);
  store<f32>(box, mxy, 16);
  store<f32>(box, mxz, 20);
}

/** Triangle id in lane `lane` of the group at `gp`. */
export function groupTriangleId(gp: usize, lane: i32): u32 {
  return load<u32>(gp + G_IDS + ((<usize>lane) << 2));
}

export const ZERO: v128 = f32x4.splat(0);
const ONE: v128 = f32x4.splat(1);

function clamp01(v: v128): v128 {
  return f32x4.pmin(f32x4.pmax(v, ZERO), ONE);
}

export function dot3(ax: v128, ay: v128, az: v128, bx: v128, by: v128, bz: v128): v128 {
  return f32x4.add(f32x4.add(f32x4.mul(ax, bx), f32x4.mul(ay, by)), f32x4.mul(az, bz));
}

const TINY: v128 = f32x4.splat(1.1754943508222875e-38); // smallest normal f32

// Squared distance from (qx, qy, qz) to segment p + u·e, u ∈ [0, 1], for 4 lanes (p is q minus
// the segment's start). A zero-length edge divides 0 by TINY: u = 0, its start.
function segment2(px: v128, py: v128, pz: v128, ex: v128, ey: v128, ez: v128): v128 {
  const ee = f32x4.pmax(dot3(ex, ey, ez, ex, ey, ez), TINY);
  const u = clamp01(f32x4.div(dot3(px, py, pz, ex, ey, ez), ee));
  const wx = f32x4.sub(px, f32x4.mul(u, ex));
  const wy = f32x4.sub(py, f32x4.mul(u, ey));
  const wz = f32x4.sub(pz, f32x4.mul(u, ez));
  return dot3(wx, wy, wz, wx, wy, wz);
}

/**
 * Squared distances from q to the 4 triangles of a group: the projection's distance when it
 * falls inside the triangle, else the nearest of the three edges (the closest point of a
 * triangle is one or the other). Branch-free; exact up to f32 rounding.
 */
export function groupDistances(gp: usize, qx: v128, qy: v128, qz: v128): v128 {
  const apx = f32x4.sub(qx, v128.load(gp + G_AX));
  const apy = f32x4.sub(qy, v128.load(gp + G_AY));
  const apz = f32x4.sub(qz, v128.load(gp + G_AZ));
  const e0x = v128.load(gp + G_E0X);
  const e0y = v128.load(gp + G_E0Y);
  const e0z = v128.load(gp + G_E0Z);
  const e1x = v128.load(gp + G_E1X);
  const e1y = v128.load(gp + G_E1Y);
  const e1z = v128.load(gp + G_E1Z);
  const s = dot3(
    apx,
    apy,
    apz,
    v128.load(gp + G_U0X),
    v128.load(gp + G_U0Y),
    v128.load(gp + G_U0Z),
  );
  const t = dot3(
    apx,
    apy,
    apz,
    v128.load(gp + G_U1X),
    v128.load(gp + G_U1Y),
    v128.load(gp + G_U1Z),
  );
  // NaN coordinates (degenerate triangles) compare false: such lanes use their edges only.
  const inside = v128.and(
    v128.and(f32x4.ge(s, ZERO), f32x4.ge(t, ZERO)),
    f32x4.le(f32x4.add(s, t), ONE),
  );
  const rx = f32x4.sub(f32x4.sub(apx, f32x4.mul(s, e0x)), f32x4.mul(t, e1x));
  const ry = f32x4.sub(f32x4.sub(apy, f32x4.mul(s, e0y)), f32x4.mul(t, e1y));
  const rz = f32x4.sub(f32x4.sub(apz, f32x4.mul(s, e0z)), f32x4.mul(t, e1z));
  const face = dot3(rx, ry, rz, rx, ry, rz);
  const d0 = segment2(apx, apy, apz, e0x, e0y, e0z);
  const d1 = segment2(apx, apy, apz, e1x, e1y, e1z);
  const d2 = segment2(
    f32x4.sub(apx, e0x),
    f32x4.sub(apy, e0y),
    f32x4.sub(apz, e0z),
    f32x4.sub(e1x, e0x),
    f32x4.sub(e1y, e0y),
    f32x4.sub(e1z, e0z),
  );
  const edges = f32x4.pmin(d0, f32x4.pmin(d1, d2));
  return v128.bitselect(f32x4.pmin(face, edges), edges, inside);
}
