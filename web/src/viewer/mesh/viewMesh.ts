/**
 * Turns downloaded bytes into a render-ready three.js geometry, built once per model.
 *
 * Fast path: the server's view derivative (GLB, KHR_mesh_quantization + EXT_meshopt_compression,
 * sent with Content-Encoding: br so the browser has already inflated it natively). three's
 * GLTFLoader + MeshoptDecoder decode it; normals are computed off the main thread from the
 * quantised grid. Fallback: a raw binary STL (when a model has no derivative), read by a tight
 * DataView loop and drawn with face normals. No React here.
 */
import type { Mesh } from 'three';
import {
  BufferAttribute,
  BufferGeometry,
  Box3,
  InterleavedBuffer,
  InterleavedBufferAttribute,
  Vector3,
} from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import { computeNormalsOffThread } from './normalsClient';
import type { PositionArray } from './normals';

export interface ViewMesh {
  geometry: BufferGeometry;
  /** Node transform of the quantised grid: world = offset + scale × local. */
  offset: Vector3;
  scale: number;
  /** World-space bounds. */
  bounds: Box3;
  triangles: number;
  hasColors: boolean;
  /** Milliseconds spent decoding (GLB/meshopt or STL) and computing normals. */
  decodeMs: number;
  normalsMs: number;
}

export class ViewMeshError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ViewMeshError';
  }
}

let loader: GLTFLoader | undefined;
function gltfLoader(): GLTFLoader {
  if (!loader) {
    loader = new GLTFLoader();
    loader.setMeshoptDecoder(MeshoptDecoder);
  }
  return loader;
}

/** Starts the meshopt wasm early (overlaps with the download). */
export function warmUpDecoder(): Promise<void> {
  return MeshoptDecoder.ready;
}

/**
 * Performance entries for benchmarks and DevTools (`cusp:viewer:decode`, `cusp:viewer:normals`):
 * one per model, no effect on rendering. Ignored where `performance.measure` cannot take options.
 */
function measure(name: string, start: number, duration: number): void {
  try {
    performance.measure(name, { start, duration });
  } catch {
    // old engines: the timings are still on the ViewMesh
  }
}

function isGlb(bytes: ArrayBuffer): boolean {
  return bytes.byteLength >= 12 && new DataView(bytes).getUint32(0, true) === 0x46546c67;
}

/** Decodes a view-derivative GLB or, failing the magic check, a binary STL. */
export async function decodeModelBytes(bytes: ArrayBuffer): Promise<ViewMesh> {
  return isGlb(bytes) ? decodeViewGlb(bytes) : decodeBinaryStl(bytes);
}

export async function decodeViewGlb(bytes: ArrayBuffer): Promise<ViewMesh> {
  const t0 = performance.now();
  await MeshoptDecoder.ready;
  const gltf = await gltfLoader().parseAsync(bytes, '');
  let found: Mesh | undefined;
  gltf.scene.traverse((o) => {
    if (!found && (o as Mesh).isMesh) found = o as Mesh;
  });
  if (!found) throw new ViewMeshError('no mesh in GLB');
  const src = found.geometry;
  const pos = src.getAttribute('position') as
    BufferAttribute | InterleavedBufferAttribute | undefined;
  const index = src.getIndex();
  if (!pos || !index) throw new ViewMeshError('GLB mesh is not indexed');
  let array: PositionArray;
  let stride: number;
  if (pos instanceof InterleavedBufferAttribute) {
    array = pos.data.array as PositionArray;
    stride = pos.data.stride;
  } else {
    array = pos.array as PositionArray;
    stride = pos.itemSize;
  }
  const vertexCount = pos.count;
  const decodeMs = performance.now() - t0;
  measure('cusp:viewer:decode', t0, decodeMs);

  const t1 = performance.now();
  const r = await computeNormalsOffThread(
    array,
    stride,
    vertexCount,
    index.array as Uint32Array | Uint16Array,
  );
  const normalsMs = performance.now() - t1;
  measure('cusp:viewer:normals', t1, normalsMs);

  const geometry = new BufferGeometry();
  const normalized = pos.normalized;
  geometry.setAttribute(
    'position',
    stride === 3
      ? new BufferAttribute(r.positions, 3, normalized)
      : new InterleavedBufferAttribute(
          new InterleavedBuffer(r.positions, stride),
          3,
          0,
          normalized,
        ),
  );
  geometry.setAttribute('normal', new BufferAttribute(r.normals, 3));
  const color = src.getAttribute('color');
  if (color) geometry.setAttribute('color', color);
  geometry.setIndex(new BufferAttribute(r.indices, 1));
  geometry.computeBoundingBox();
  geometry.computeBoundingSphere();
  src.dispose();

  found.updateMatrixWorld(true);
  const offset = found.position.clone();
  const scale = found.scale.x;
  const bounds = geometry.boundingBox!.clone().applyMatrix4(found.matrixWorld);
  return {
    geometry,
    offset,
    scale,
    bounds,
    triangles: r.indices.length / 3,
    hasColors: !!color,
    decodeMs,
    normalsMs,
  };
}

/** Fallback for a model without a derivative: binary STL, non-indexed, face normals. */
export function decodeBinaryStl(bytes: ArrayBuffer): ViewMesh {
  const t0 = performance.now();
  if (bytes.byteLength < 84) throw new ViewMeshError('file is too short for a binary STL');
  const dv = new DataView(bytes);
  const n = dv.getUint32(80, true);
  if (84 + n * 50 !== bytes.byteLength) throw new ViewMeshError('not a binary STL');
  const positions = new Float32Array(n * 9);
  const normals = new Float32Array(n * 9);
  for (let t = 0; t < n; t++) {
    const o = 84 + t * 50;
    for (let k = 0; k < 9; k++) positions[t * 9 + k] = dv.getFloat32(o + 12 + k * 4, true);
    // Recompute the face normal: files often carry zeros or stale normals.
    const p = t * 9;
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
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(positions, 3));
  geometry.setAttribute('normal', new BufferAttribute(normals, 3));
  geometry.computeBoundingBox();
  geometry.computeBoundingSphere();
  const decodeMs = performance.now() - t0;
  measure('cusp:viewer:decode', t0, decodeMs);
  return {
    geometry,
    offset: new Vector3(),
    scale: 1,
    bounds: geometry.boundingBox!.clone(),
    triangles: n,
    hasColors: false,
    decodeMs,
    normalsMs: 0,
  };
}

/** Union of the bounds of several meshes; empty box for none. */
export function unionBounds(meshes: Iterable<ViewMesh>, target = new Box3()): Box3 {
  target.makeEmpty();
  for (const m of meshes) target.union(m.bounds);
  return target;
}
