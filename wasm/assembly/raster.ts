// Software rasteriser: z-buffered, shaded triangles of indexed meshes (or triangle soups) into an
// RGBA8 picture, without a GPU (server-side thumbnails). Supersampled `ss`×`ss` per pixel, then a
// box filter; straight alpha = covered fraction of the samples.
//
// Coverage is exact and watertight: corners are snapped to 1/256 pixel, edge functions are
// evaluated in f64 on those integers (products < 2^47, so no rounding), and pixel centres on an
// edge belong to the triangle only for top and left edges (the Direct3D fill rule). Triangles
// with a corner outside the clip volume (behind the eye, before near or beyond far) or more than
// 65,536 px off the picture are skipped, not clipped: callers frame the model between near and
// far (views.ts fitPose); triangles reaching past the picture's sides are clamped.
//
// Shading is per vertex (Gouraud) from area-weighted vertex normals (flat normals for a soup):
// ambient + two directional Lambert lights + a Blinn–Phong highlight of the first light. The
// intensity I (0..2) maps to a colour on the mesh's ramp: base × I up to 1, then toward white.
// Back faces are drawn with the reversed normal unless the mesh asks for culling. Where two
// meshes coincide (a crown layer on its scan), the later one wins the depth tie.
import * as E from './errors';
import { arenaAlloc } from './arena';
import { indexedVertexNormals, scanPacked } from './mesh';
import { setRes, R_DETAIL, R_OUT_PTR, R_OUT_LEN } from './results';

// Mesh table: one entry of 6 u32 per mesh.
export const MESH_ENTRY_BYTES: u32 = 24;
const M_POS: usize = 0; // float32 xyz per vertex
const M_VERTICES: usize = 4;
const M_INDEX: usize = 8; // u32 triangle corners; 0 = triangle soup (3 vertices per triangle)
const M_TRIANGLES: usize = 12;
const M_COLOR: usize = 16; // r | g << 8 | b << 16 (alpha ignored)
const M_FLAGS: usize = 20;
export const MESH_CULL_BACK: u32 = 1;

// Parameters: f32 values.
export const PARAM_COUNT: u32 = 30;
const P_VIEW_PROJ: usize = 0; // 16, column-major (clip = M · [x y z 1])
const P_LIGHT0: usize = 16 * 4; // xyz toward the light (unit), intensity
const P_LIGHT1: usize = 20 * 4;
const P_AMBIENT: usize = 24 * 4;
const P_VIEW: usize = 25 * 4; // xyz toward the camera (unit), for the highlight
const P_SPECULAR: usize = 28 * 4; // highlight strength
const P_SHININESS: usize = 29 * 4; // Blinn–Phong exponent

// R_DETAIL for E_BAD_ARGUMENT: which argument.
export const BAD_SIZE: u32 = 1;
export const BAD_SUPERSAMPLE: u32 = 2;
export const BAD_MESH_COUNT: u32 = 3;
export const BAD_POINTER: u32 = 4;
export const BAD_PARAMETER: u32 = 5;
export const BAD_SOUP: u32 = 6;

export const MAX_SIDE: u32 = 4096;
export const MAX_SUPERSAMPLE: u32 = 4;
export const MAX_MESHES: u32 = 255;

const SUB: f64 = 256; // sub-pixel steps per pixel
const INV_SUB: f64 = 1.0 / 256;
// Corners beyond ±65,536 px are skipped like clipped ones: below this, snapped coordinates are
// exact in f32 and edge products (< 2^51) exact in f64.
const MAX_COORD: f32 = 16_777_216;
const VERTEX_BYTES: usize = 24; // sx, sy (1/256 px), z (NDC), valid, front and back intensity

function bad(detail: u32): i32 {
  setRes(R_DETAIL, detail);
  return E.E_BAD_ARGUMENT;
}

function inMemory(p: usize, bytes: u64): bool {
  return p != 0 && <u64>p + bytes <= (<u64>memory.size()) << 16;
}

// Light and camera parameters, loaded once per call.
let l0x: f32, l0y: f32, l0z: f32, l0i: f32;
let l1x: f32, l1y: f32, l1z: f32, l1i: f32;
let hx: f32, hy: f32, hz: f32;
let ambient: f32, specular: f32, shininess: f32;

function loadLights(params: usize): void {
  l0x = load<f32>(params + P_LIGHT0);
  l0y = load<f32>(params + P_LIGHT0, 4);
  l0z = load<f32>(params + P_LIGHT0, 8);
  l0i = load<f32>(params + P_LIGHT0, 12);
  l1x = load<f32>(params + P_LIGHT1);
  l1y = load<f32>(params + P_LIGHT1, 4);
  l1z = load<f32>(params + P_LIGHT1, 8);
  l1i = load<f32>(params + P_LIGHT1, 12);
  ambient = load<f32>(params + P_AMBIENT);
  specular = load<f32>(params + P_SPECULAR);
  shininess = load<f32>(params + P_SHININESS);
  // Half vector of the first light and the view direction.
  const vx = load<f32>(params + P_VIEW),
    vy = load<f32>(params + P_VIEW, 4),
    vz = load<f32>(params + P_VIEW, 8);
  hx = l0x + vx;
  hy = l0y + vy;
  hz = l0z + vz;
  const len = Mathf.sqrt(hx * hx + hy * hy + hz * hz);
  if (len > 0) {
    hx /= len;
    hy /= len;
    hz /= len;
  }
}

function intensity(nx: f32, ny: f32, nz: f32): f32 {
  let i = ambient;
  i += l0i * Mathf.max(0, nx * l0x + ny * l0y + nz * l0z);
  i += l1i * Mathf.max(0, nx * l1x + ny * l1y + nz * l1z);
  const h = nx * hx + ny * hy + nz * hz;
  // Schlick's h^n ≈ h / (n − n·h + h): a highlight of the same width without a software pow.
  if (h > 0 && specular > 0) i += (specular * h) / (shininess - shininess * h + h);
  return Mathf.min(i, 2);
}

/** Projects `count` vertices at `pos` (12-byte stride) into `out` (VERTEX_BYTES each). */
function projectVertices(
  pos: usize,
  nrm: usize,
  count: u32,
  params: usize,
  wss: f32,
  hss: f32,
  out: usize,
): void {
  const m = params + P_VIEW_PROJ;
  const m0 = load<f32>(m),
    m1 = load<f32>(m, 4),
    m3 = load<f32>(m, 12);
  const m4 = load<f32>(m, 16),
    m5 = load<f32>(m, 20),
    m7 = load<f32>(m, 28);
  const m8 = load<f32>(m, 32),
    m9 = load<f32>(m, 36),
    m11 = load<f32>(m, 44);
  const m12 = load<f32>(m, 48),
    m13 = load<f32>(m, 52),
    m15 = load<f32>(m, 60);
  const m2 = load<f32>(m, 8),
    m6 = load<f32>(m, 24),
    m10 = load<f32>(m, 40),
    m14 = load<f32>(m, 56);
  for (let v: u32 = 0; v < count; v++) {
    const p = pos + <usize>v * 12;
    const x = load<f32>(p),
      y = load<f32>(p, 4),
      z = load<f32>(p, 8);
    const cx = m0 * x + m4 * y + m8 * z + m12;
    const cy = m1 * x + m5 * y + m9 * z + m13;
    const cz = m2 * x + m6 * y + m10 * z + m14;
    const cw = m3 * x + m7 * y + m11 * z + m15;
    const o = out + <usize>v * VERTEX_BYTES;
    let valid: f32 = 0;
    if (cw > 0) {
      const iw: f32 = 1 / cw;
      const nz = cz * iw;
      const sx = nearest<f32>((cx * iw + 1) * 0.5 * wss * <f32>SUB);
      const sy = nearest<f32>((1 - cy * iw) * 0.5 * hss * <f32>SUB);
      if (nz >= -1 && nz <= 1 && Mathf.abs(sx) <= MAX_COORD && Mathf.abs(sy) <= MAX_COORD)
        valid = 1;
      store<f32>(o, sx);
      store<f32>(o, sy, 4);
      store<f32>(o, nz, 8);
    }
    store<f32>(o, valid, 12);
    if (nrm != 0) {
      const n = nrm + <usize>v * 12;
      const nx = load<f32>(n),
        ny = load<f32>(n, 4),
        nz = load<f32>(n, 8);
      store<f32>(o, intensity(nx, ny, nz), 16);
      store<f32>(o, intensity(-nx, -ny, -nz), 20);
    }
  }
}

/** Flat shading of a soup: each triangle's three corners get its face normal's intensities. */
function soupIntensities(pos: usize, triangles: u32, verts: usize): void {
  for (let t: u32 = 0; t < triangles; t++) {
    const a = pos + <usize>t * 36;
    const ax = load<f32>(a),
      ay = load<f32>(a, 4),
      az = load<f32>(a, 8);
    const ux = load<f32>(a, 12) - ax,
      uy = load<f32>(a, 16) - ay,
      uz = load<f32>(a, 20) - az;
    const vx = load<f32>(a, 24) - ax,
      vy = load<f32>(a, 28) - ay,
      vz = load<f32>(a, 32) - az;
    let nx = uy * vz - uz * vy,
      ny = uz * vx - ux * vz,
      nz = ux * vy - uy * vx;
    const len = Mathf.sqrt(nx * nx + ny * ny + nz * nz);
    if (len > 0) {
      nx /= len;
      ny /= len;
      nz /= len;
    }
    const f = intensity(nx, ny, nz);
    const b = intensity(-nx, -ny, -nz);
    const o = verts + <usize>t * 3 * VERTEX_BYTES;
    for (let k: usize = 0; k < 3; k++) {
      store<f32>(o + k * VERTEX_BYTES, f, 16);
      store<f32>(o + k * VERTEX_BYTES, b, 20);
    }
  }
}

// The sample buffers of the current call.
let depth: usize = 0; // f32 NDC depth per sample
let sample: usize = 0; // u32 per sample: 0 = empty, else (mesh + 1) << 12 | intensity level
// Intensity 0..2 in 4096 levels: the colour ramp is a table per mesh.
const LEVELS: u32 = 4096;
let sw: i32 = 0;
let sh: i32 = 0;

function isTopLeft(dx: f64, dy: f64): bool {
  // Positive-area orientation in y-down pixels: the top edge runs toward +x, left edges upward.
  return dy < 0 || (dy == 0 && dx > 0);
}

function drawTriangle(a: usize, b: usize, c: usize, meshTag: u32, cull: bool): void {
  if (load<f32>(a, 12) == 0 || load<f32>(b, 12) == 0 || load<f32>(c, 12) == 0) return;
  let ax = <f64>load<f32>(a),
    ay = <f64>load<f32>(a, 4);
  let bx = <f64>load<f32>(b),
    by = <f64>load<f32>(b, 4);
  let cx = <f64>load<f32>(c),
    cy = <f64>load<f32>(c, 4);
  let area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
  if (area == 0) return;
  // A counter-clockwise triangle in NDC (y up) has negative area in y-down pixels: front face.
  let shadeOffset: usize = 16;
  let pb = b,
    pc = c;
  if (area < 0) {
    pb = c;
    pc = b;
    area = -area;
    const tx = bx,
      ty = by;
    bx = cx;
    by = cy;
    cx = tx;
    cy = ty;
  } else {
    if (cull) return;
    shadeOffset = 20;
  }
  // Pixel range whose centres ((i + 0.5) × SUB) may fall inside.
  let x0 = <i32>Math.ceil(Math.min(ax, Math.min(bx, cx)) * INV_SUB - 0.5);
  let x1 = <i32>Math.floor(Math.max(ax, Math.max(bx, cx)) * INV_SUB - 0.5);
  let y0 = <i32>Math.ceil(Math.min(ay, Math.min(by, cy)) * INV_SUB - 0.5);
  let y1 = <i32>Math.floor(Math.max(ay, Math.max(by, cy)) * INV_SUB - 0.5);
  if (x0 < 0) x0 = 0;
  if (y0 < 0) y0 = 0;
  if (x1 >= sw) x1 = sw - 1;
  if (y1 >= sh) y1 = sh - 1;
  if (x0 > x1 || y0 > y1) return;
  const za = load<f32>(a, 8),
    zb = load<f32>(pb, 8),
    zc = load<f32>(pc, 8);
  const ia = load<f32>(a + shadeOffset),
    ib = load<f32>(pb + shadeOffset),
    ic = load<f32>(pc + shadeOffset);
  // Edge e_ab(p) = (bx - ax)(py - ay) - (by - ay)(px - ax), positive inside; weight of c.
  const bias0: f64 = isTopLeft(cx - bx, cy - by) ? 0 : -1; // edge b→c, weight of a
  const bias1: f64 = isTopLeft(ax - cx, ay - cy) ? 0 : -1; // edge c→a, weight of b
  const bias2: f64 = isTopLeft(bx - ax, by - ay) ? 0 : -1; // edge a→b, weight of c
  const px0 = (<f64>x0 + 0.5) * SUB;
  const py0 = (<f64>y0 + 0.5) * SUB;
  // Steps of each edge function per pixel in x and in y.
  const e0dx = -(cy - by) * SUB,
    e0dy = (cx - bx) * SUB;
  const e1dx = -(ay - cy) * SUB,
    e1dy = (ax - cx) * SUB;
  const e2dx = -(by - ay) * SUB,
    e2dy = (bx - ax) * SUB;
  let r0 = (cx - bx) * (py0 - by) - (cy - by) * (px0 - bx) + bias0;
  let r1 = (ax - cx) * (py0 - cy) - (ay - cy) * (px0 - cx) + bias1;
  let r2 = (bx - ax) * (py0 - ay) - (by - ay) * (px0 - ax) + bias2;
  const inv: f64 = 1 / area;
  for (let y = y0; y <= y1; y++) {
    let e0 = r0,
      e1 = r1,
      e2 = r2;
    let k = <usize>(y * sw + x0);
    for (let x = x0; x <= x1; x++) {
      if (e0 >= 0 && e1 >= 0 && e2 >= 0) {
        // Barycentric weights without the fill-rule bias.
        const w0 = <f32>((e0 - bias0) * inv),
          w1 = <f32>((e1 - bias1) * inv);
        const w2: f32 = 1 - w0 - w1;
        const z = w0 * za + w1 * zb + w2 * zc;
        const dp = depth + (k << 2);
        if (z <= load<f32>(dp)) {
          store<f32>(dp, z);
          let q = <i32>((w0 * ia + w1 * ib + w2 * ic) * (<f32>(LEVELS - 1) / 2));
          if (q < 0) q = 0;
          if (q >= <i32>LEVELS) q = LEVELS - 1;
          store<u32>(sample + (k << 2), meshTag | (<u32>q));
        }
      }
      e0 += e0dx;
      e1 += e1dx;
      e2 += e2dx;
      k++;
    }
    r0 += e0dy;
    r1 += e1dy;
    r2 += e2dy;
  }
}

/**
 * Each mesh's colour ramp, LEVELS entries of r | g << 8 | b << 16: base × I up to I = 1, then
 * toward white up to I = 2. A sample (mesh + 1) << 12 | level reads entry sample − LEVELS.
 */
function colorRamps(table: usize, meshCount: u32, lut: usize): void {
  for (let m: u32 = 0; m < meshCount; m++) {
    const rgb = load<u32>(table + <usize>m * MESH_ENTRY_BYTES + M_COLOR);
    for (let q: u32 = 0; q < LEVELS; q++) {
      const i = (<f32>q * 2) / <f32>(LEVELS - 1);
      let out: u32 = 0;
      for (let ch: u32 = 0; ch < 3; ch++) {
        const base = <f32>((rgb >> (ch * 8)) & 0xff);
        const v = i <= 1 ? base * i : base + (255 - base) * (i - 1);
        out |= (<u32>Mathf.min(255, nearest<f32>(v))) << (ch * 8);
      }
      store<u32>(lut + ((<usize>(m * LEVELS + q)) << 2), out);
    }
  }
}

/**
 * Draws `meshCount` meshes described at `table` with the parameters at `params` into a
 * `width`×`height` RGBA8 picture (R_OUT_PTR, R_OUT_LEN; R_DETAIL = covered pixels).
 */
export function rasteriseMeshes(
  table: usize,
  meshCount: u32,
  params: usize,
  width: u32,
  height: u32,
  ss: u32,
): i32 {
  if (width == 0 || height == 0 || width > MAX_SIDE || height > MAX_SIDE) return bad(BAD_SIZE);
  if (ss == 0 || ss > MAX_SUPERSAMPLE) return bad(BAD_SUPERSAMPLE);
  if (meshCount > MAX_MESHES) return bad(BAD_MESH_COUNT);
  if (!inMemory(params, <u64>PARAM_COUNT * 4)) return bad(BAD_POINTER);
  if (meshCount > 0 && !inMemory(table, <u64>meshCount * MESH_ENTRY_BYTES)) return bad(BAD_POINTER);
  for (let i: u32 = 0; i < PARAM_COUNT; i++) {
    const bits = load<u32>(params + <usize>i * 4);
    if ((bits & 0x7f800000) == 0x7f800000) return bad(BAD_PARAMETER);
  }
  // Every mesh is checked before anything is drawn.
  for (let m: u32 = 0; m < meshCount; m++) {
    const e = table + <usize>m * MESH_ENTRY_BYTES;
    const pos = <usize>load<u32>(e + M_POS);
    const vertices = load<u32>(e + M_VERTICES);
    const idx = <usize>load<u32>(e + M_INDEX);
    const triangles = load<u32>(e + M_TRIANGLES);
    if (vertices > E.MAX_VERTICES || triangles > E.MAX_TRIANGLES) return E.E_MESH_TOO_LARGE;
    if (vertices > 0 && !inMemory(pos, <u64>vertices * 12)) return bad(BAD_POINTER);
    if (idx != 0) {
      if (triangles > 0 && !inMemory(idx, <u64>triangles * 12)) return bad(BAD_POINTER);
      for (let i: u32 = 0; i < triangles * 3; i++) {
        if (load<u32>(idx + <usize>i * 4) >= vertices) return E.E_INDEX_OUT_OF_RANGE;
      }
    } else if (<u64>vertices < <u64>triangles * 3) return bad(BAD_SOUP);
    if (!scanPacked(pos, vertices)) return E.E_NON_FINITE_COORDINATE;
  }

  sw = <i32>(width * ss);
  sh = <i32>(height * ss);
  const samples = <u64>sw * <u64>sh;
  depth = arenaAlloc(samples * 4);
  sample = arenaAlloc(samples * 4);
  const out = arenaAlloc(<u64>width * height * 4);
  if (depth == 0 || sample == 0 || out == 0) return E.E_OUT_OF_MEMORY;
  // Beyond the far plane (NDC z ≤ 1 is drawn).
  const far: f32 = 2;
  for (let i: usize = 0; i < <usize>samples; i++) store<f32>(depth + (i << 2), far);
  memory.fill(sample, 0, <usize>samples * 4);
  loadLights(params);

  for (let m: u32 = 0; m < meshCount; m++) {
    const e = table + <usize>m * MESH_ENTRY_BYTES;
    const pos = <usize>load<u32>(e + M_POS);
    const vertices = load<u32>(e + M_VERTICES);
    const idx = <usize>load<u32>(e + M_INDEX);
    const triangles = load<u32>(e + M_TRIANGLES);
    const cull = (load<u32>(e + M_FLAGS) & MESH_CULL_BACK) != 0;
    const tag = (m + 1) << 12;
    const count = idx != 0 ? vertices : triangles * 3;
    const verts = arenaAlloc(<u64>count * VERTEX_BYTES);
    if (verts == 0) return E.E_OUT_OF_MEMORY;
    if (idx != 0) {
      const nrm = arenaAlloc(<u64>vertices * 12 + 16);
      if (nrm == 0) return E.E_OUT_OF_MEMORY;
      indexedVertexNormals(pos, vertices, idx, triangles, nrm);
      projectVertices(pos, nrm, vertices, params, <f32>sw, <f32>sh, verts);
      for (let t: u32 = 0; t < triangles; t++) {
        const ip = idx + <usize>t * 12;
        drawTriangle(
          verts + <usize>load<u32>(ip) * VERTEX_BYTES,
          verts + <usize>load<u32>(ip, 4) * VERTEX_BYTES,
          verts + <usize>load<u32>(ip, 8) * VERTEX_BYTES,
          tag,
          cull,
        );
      }
    } else {
      projectVertices(pos, 0, count, params, <f32>sw, <f32>sh, verts);
      soupIntensities(pos, triangles, verts);
      for (let t: u32 = 0; t < triangles; t++) {
        const a = verts + <usize>t * 3 * VERTEX_BYTES;
        drawTriangle(a, a + VERTEX_BYTES, a + 2 * VERTEX_BYTES, tag, cull);
      }
    }
  }

  const lut = arenaAlloc(<u64>meshCount * LEVELS * 4 + 4);
  if (lut == 0) return E.E_OUT_OF_MEMORY;
  colorRamps(table, meshCount, lut);

  // Box filter: mean colour of the covered samples, alpha = covered fraction.
  const n = ss * ss;
  let covered: u32 = 0;
  for (let y: u32 = 0; y < height; y++) {
    for (let x: u32 = 0; x < width; x++) {
      let r: u32 = 0,
        g: u32 = 0,
        b: u32 = 0,
        c: u32 = 0;
      for (let j: u32 = 0; j < ss; j++) {
        let k = <usize>((y * ss + j) * <u32>sw + x * ss);
        for (let i: u32 = 0; i < ss; i++) {
          const s = load<u32>(sample + (k << 2));
          if (s != 0) {
            const rgb = load<u32>(lut + ((<usize>(s - LEVELS)) << 2));
            r += rgb & 0xff;
            g += (rgb >> 8) & 0xff;
            b += (rgb >> 16) & 0xff;
            c++;
          }
          k++;
        }
      }
      let px: u32 = 0;
      if (c > 0) {
        const h = c >> 1;
        px =
          ((r + h) / c) |
          (((g + h) / c) << 8) |
          (((b + h) / c) << 16) |
          (((c * 255 + (n >> 1)) / n) << 24);
        covered++;
      }
      store<u32>(out + ((<usize>(y * width + x)) << 2), px);
    }
  }
  setRes(R_OUT_PTR, <u32>out);
  setRes(R_OUT_LEN, width * height * 4);
  setRes(R_DETAIL, covered);
  return E.OK;
}
