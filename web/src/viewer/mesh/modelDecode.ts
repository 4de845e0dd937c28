/**
 * Turns a model's downloaded bytes into render-ready arrays, without three.js, so it runs in the
 * decode worker (decode.worker.ts) — in parallel with the page's own start-up — or inline when no
 * worker can start.
 *
 * Fast path: the server's view derivative (viewGlb.ts); normals are computed by the wasm mesh
 * module from the quantised grid (uniform scale, so their directions are right). Fallback: a raw
 * binary STL (a model without a derivative), as a triangle soup with face normals.
 */
import type { ViewLod } from '../../../../api/src/domain/viewLevels';
import { isGlb, parseViewGlb, type MeshoptDecoderLike } from './viewGlb';
import { ViewMeshError } from './viewMeshError';

/** What decoding needs from its context: the meshopt decoder and the wasm normals kernel. */
export interface DecodeTools {
  meshopt: MeshoptDecoderLike;
  /** Unit vertex normals of a uint16 × 4 grid (MeshModule.gridNormals). */
  gridNormals(positions: Uint16Array, indices: Uint16Array | Uint32Array): Float32Array;
}

export interface DecodedModel {
  /** Grid positions (uint16, 4 per vertex, normalised) or STL positions (float32, 3 per vertex). */
  positions: Uint16Array | Float32Array;
  stride: 3 | 4;
  indices: Uint16Array | Uint32Array | undefined;
  normals: Float32Array;
  /** RGBA8 per vertex, normalised. */
  colors: Uint8Array | undefined;
  /** World = offset + scale × local. */
  offset: [number, number, number];
  scale: number;
  /** Local-space bounds. */
  min: [number, number, number];
  max: [number, number, number];
  triangles: number;
  /** Back faces must be drawn (false only for a closed surface facing outwards). */
  doubleSided: boolean;
  /**
   * The level of detail the server sent (`x-cusp-lod`): 'coarse' for a coarse level, else 'full'
   * (also for a raw file). Set by fetchModel.
   */
  lod?: ViewLod;
  /** When the download ran (epoch ms), where the decode worker fetched the model itself. */
  download?: { start: number; end: number };
  /** When decoding started (epoch ms: comparable across threads) and how long each step took. */
  startedAt: number;
  decodeMs: number;
  normalsMs: number;
}

/** Every array of a model, for transferring it between threads. */
export function transferablesOf(m: DecodedModel): ArrayBuffer[] {
  const arrays = [m.positions, m.indices, m.normals, m.colors];
  return arrays.filter((a) => a !== undefined).map((a) => a.buffer as ArrayBuffer);
}

function gridBounds(p: Uint16Array, vertexCount: number, scaleBy: number) {
  let x0 = 65535;
  let y0 = 65535;
  let z0 = 65535;
  let x1 = 0;
  let y1 = 0;
  let z1 = 0;
  for (let v = 0; v < vertexCount * 4; v += 4) {
    const x = p[v]!;
    const y = p[v + 1]!;
    const z = p[v + 2]!;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
    if (z < z0) z0 = z;
    if (z > z1) z1 = z;
  }
  return {
    min: [x0 * scaleBy, y0 * scaleBy, z0 * scaleBy] as [number, number, number],
    max: [x1 * scaleBy, y1 * scaleBy, z1 * scaleBy] as [number, number, number],
  };
}

function decodeGlb(bytes: ArrayBuffer, tools: DecodeTools): DecodedModel {
  const startedAt = performance.timeOrigin + performance.now();
  const t0 = performance.now();
  const view = parseViewGlb(bytes, tools.meshopt);
  const decodeMs = performance.now() - t0;
  const t1 = performance.now();
  const normals = tools.gridNormals(view.positions, view.indices);
  const normalsMs = performance.now() - t1;
  // Normalised uint16: the shader sees value / 65535.
  const { min, max } = gridBounds(view.positions, view.vertexCount, 1 / 65535);
  return {
    positions: view.positions,
    stride: 4,
    indices: view.indices,
    normals,
    colors: view.colors,
    offset: view.offset,
    scale: view.scale,
    min,
    max,
    triangles: view.indices.length / 3,
    doubleSided: view.doubleSided,
    startedAt,
    decodeMs,
    normalsMs,
  };
}

function decodeBinaryStl(bytes: ArrayBuffer): DecodedModel {
  const startedAt = performance.timeOrigin + performance.now();
  const t0 = performance.now();
  if (bytes.byteLength < 84) throw new ViewMeshError('file is too short for a binary STL');
  const dv = new DataView(bytes);
  const n = dv.getUint32(80, true);
  if (84 + n * 50 !== bytes.byteLength) throw new ViewMeshError('not a binary STL');
  const positions = new Float32Array(n * 9);
  const normals = new Float32Array(n * 9);
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (let t = 0; t < n; t++) {
    const o = 84 + t * 50;
    const p = t * 9;
    for (let k = 0; k < 9; k++) {
      const v = dv.getFloat32(o + 12 + k * 4, true);
      positions[p + k] = v;
      const a = k % 3;
      if (v < min[a]!) min[a] = v;
      if (v > max[a]!) max[a] = v;
    }
    // Recompute the face normal: files often carry zeros or stale normals.
    const e1x = positions[p + 3]! - positions[p]!;
    const e1y = positions[p + 4]! - positions[p + 1]!;
    const e1z = positions[p + 5]! - positions[p + 2]!;
    const e2x = positions[p + 6]! - positions[p]!;
    const e2y = positions[p + 7]! - positions[p + 1]!;
    const e2z = positions[p + 8]! - positions[p + 2]!;
    let nx = e1y * e2z - e1z * e2y;
    let ny = e1z * e2x - e1x * e2z;
    let nz = e1x * e2y - e1y * e2x;
    const len = Math.hypot(nx, ny, nz) || 1;
    nx /= len;
    ny /= len;
    nz /= len;
    for (let v = 0; v < 3; v++) {
      normals[p + v * 3] = nx;
      normals[p + v * 3 + 1] = ny;
      normals[p + v * 3 + 2] = nz;
    }
  }
  if (n === 0) throw new ViewMeshError('STL has no triangles');
  return {
    positions,
    stride: 3,
    indices: undefined,
    normals,
    colors: undefined,
    offset: [0, 0, 0],
    scale: 1,
    min,
    max,
    triangles: n,
    // A raw STL is not checked for closedness: both sides, as for any open scan.
    doubleSided: true,
    startedAt,
    decodeMs: performance.now() - t0,
    normalsMs: 0,
  };
}

/** Decodes a view-derivative GLB or, failing the magic check, a binary STL. */
export function decodeModel(bytes: ArrayBuffer, tools: DecodeTools): DecodedModel {
  return isGlb(bytes) ? decodeGlb(bytes, tools) : decodeBinaryStl(bytes);
}
