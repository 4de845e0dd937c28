/**
 * A model's triangles as plain typed arrays, exactly as the viewer holds them (viewMesh.ts): the
 * view derivative's normalised uint16 grid (4 values per vertex) or a raw STL's float soup
 * (3 per vertex). The geometry engines read these arrays directly, so nothing is copied or
 * converted, and they can be posted to a worker as they are. No three.js objects here.
 */
import type { BufferGeometry, InterleavedBufferAttribute } from 'three';
import type { DecodedModel } from '../mesh/modelDecode';

export interface MeshArrays {
  /** Vertex positions in array units (see `unit`). */
  positions: Uint16Array | Float32Array;
  /** Array values per vertex (x, y, z first). */
  stride: 3 | 4;
  /** Array value × unit = geometry-local coordinate (1 / 65535 for the normalised grid, else 1). */
  unit: number;
  /** Vertex indices, 3 per triangle; undefined for a triangle soup (3 consecutive vertices). */
  indices: Uint16Array | Uint32Array | undefined;
  vertexCount: number;
  triangleCount: number;
  /** Model coordinates (the file's own millimetres) = offset + scale × geometry-local. */
  offset: readonly [number, number, number];
  scale: number;
}

/** The model transform of a ViewMesh (or anything shaped like one). */
export interface ModelTransform {
  offset: { x: number; y: number; z: number };
  scale: number;
}

/** The arrays behind a viewer geometry (toViewMesh), without copying them. */
export function meshArraysOf(geometry: BufferGeometry, transform: ModelTransform): MeshArrays {
  const attr = geometry.getAttribute('position');
  if (!attr) throw new Error('geometry has no positions');
  const interleaved = (attr as InterleavedBufferAttribute).isInterleavedBufferAttribute === true;
  const array = interleaved
    ? (attr as InterleavedBufferAttribute).data.array
    : (attr.array as ArrayLike<number>);
  const stride = interleaved ? (attr as InterleavedBufferAttribute).data.stride : attr.itemSize;
  if (interleaved && (attr as InterleavedBufferAttribute).offset !== 0) {
    throw new Error('positions must start each vertex');
  }
  let positions: Uint16Array | Float32Array;
  let unit: number;
  if (array instanceof Uint16Array && attr.normalized) {
    positions = array;
    unit = 1 / 65535;
  } else if (array instanceof Float32Array && !attr.normalized) {
    positions = array;
    unit = 1;
  } else {
    throw new Error('positions must be a normalised uint16 grid or float32');
  }
  if (stride !== 3 && stride !== 4) throw new Error('positions must have 3 or 4 values a vertex');
  const index = geometry.getIndex();
  const indices = index
    ? (index.array as Uint16Array | Uint32Array)
    : (undefined as Uint16Array | Uint32Array | undefined);
  const vertexCount = attr.count;
  const triangleCount = indices ? Math.floor(indices.length / 3) : Math.floor(vertexCount / 3);
  const { offset, scale } = transform;
  return {
    positions,
    stride,
    unit,
    indices,
    vertexCount,
    triangleCount,
    offset: [offset.x, offset.y, offset.z],
    scale,
  };
}

/**
 * The same arrays straight from a decoded model, before any three.js geometry exists (the first
 * frame drawn in the decode worker): equal to `meshArraysOf` of the geometry made from it.
 */
export function meshArraysOfDecoded(d: DecodedModel): MeshArrays {
  const vertexCount = Math.floor(d.positions.length / d.stride);
  return {
    positions: d.positions,
    stride: d.stride,
    unit: d.positions instanceof Uint16Array ? 1 / 65535 : 1,
    indices: d.indices,
    vertexCount,
    triangleCount: d.indices ? Math.floor(d.indices.length / 3) : Math.floor(vertexCount / 3),
    offset: [...d.offset],
    scale: d.scale,
  };
}

/** Vertex id of corner `k` (0–2) of triangle `t`. */
export function cornerOf(m: MeshArrays, t: number, k: number): number {
  const i = t * 3 + k;
  return m.indices ? m.indices[i]! : i;
}

/**
 * Model coordinates of a vertex, written into `out` at `at` (3 values). The uniform scale keeps
 * distances exact up to float rounding: the grid step itself is the only quantisation.
 */
export function vertexInModel(m: MeshArrays, v: number, out: Float64Array | number[], at = 0) {
  const o = v * m.stride;
  const s = m.scale * m.unit;
  out[at] = m.offset[0] + s * m.positions[o]!;
  out[at + 1] = m.offset[1] + s * m.positions[o + 1]!;
  out[at + 2] = m.offset[2] + s * m.positions[o + 2]!;
}

/**
 * Checks arrays that crossed a thread boundary (or came from anywhere but meshArraysOf) before an
 * engine walks them: a bad index would read past the positions rather than fail.
 */
export function checkMeshArrays(m: MeshArrays): void {
  if (m.stride !== 3 && m.stride !== 4)
    throw new Error('positions must have 3 or 4 values a vertex');
  if (!(m.positions instanceof Uint16Array || m.positions instanceof Float32Array)) {
    throw new Error('positions must be a Uint16Array or a Float32Array');
  }
  if (m.positions.length < m.vertexCount * m.stride) throw new Error('positions are too short');
  if (!(m.scale > 0) || !Number.isFinite(m.scale) || !m.offset.every(Number.isFinite)) {
    throw new Error('the model transform must be finite with a positive scale');
  }
  const corners = m.indices ? m.indices.length : m.vertexCount;
  if (corners % 3 !== 0 || corners / 3 !== m.triangleCount) {
    throw new Error('the triangle count does not match the arrays');
  }
  if (m.indices) {
    let max = 0;
    for (let i = 0; i < m.indices.length; i++) if (m.indices[i]! > max) max = m.indices[i]!;
    if (m.indices.length > 0 && max >= m.vertexCount)
      throw new Error('a triangle index is out of range');
  }
}
