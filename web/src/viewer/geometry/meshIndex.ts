/**
 * The spatial index of one model: a three-mesh-bvh bounding volume hierarchy over its triangles
 * (picking, section outlines) and its canonical vertex ids (weld.ts). Built once per model, from
 * the plain arrays, so it can run in a worker (meshIndex.worker.ts) and come back as a few
 * transferable buffers; `attachMeshIndex` then binds it to the geometry the scene draws.
 *
 * The BVH is built "indirect": it sorts a triangle list of its own and leaves the geometry's
 * index buffer untouched, so nothing already uploaded to the GPU changes and a face index means
 * the same triangle everywhere (the file's order).
 */
import {
  BufferAttribute,
  BufferGeometry,
  InterleavedBuffer,
  InterleavedBufferAttribute,
} from 'three';
import { CENTER, MeshBVH } from 'three-mesh-bvh';
import { checkMeshArrays, type MeshArrays } from './meshArrays';
import { weldMap } from './weld';

/** What a worker sends back: the BVH's node buffers, its triangle order and the weld map. */
export interface MeshIndexData {
  roots: ArrayBuffer[];
  triangleOrder: Uint16Array | Uint32Array;
  weld: Uint32Array;
  /** Milliseconds spent building the BVH and the weld map. */
  bvhMs: number;
  weldMs: number;
}

/** The BVH and weld map bound to a model's geometry. */
export interface MeshIndex {
  bvh: MeshBVH;
  weld: Uint32Array;
}

/** A geometry over the arrays themselves (no copy), as the BVH builder reads it. */
export function geometryOf(mesh: MeshArrays): BufferGeometry {
  const g = new BufferGeometry();
  g.setAttribute(
    'position',
    mesh.stride === 4
      ? new InterleavedBufferAttribute(
          new InterleavedBuffer(mesh.positions, 4),
          3,
          0,
          mesh.positions instanceof Uint16Array,
        )
      : new BufferAttribute(mesh.positions, 3, mesh.positions instanceof Uint16Array),
  );
  if (mesh.indices) g.setIndex(new BufferAttribute(mesh.indices, 1));
  return g;
}

/**
 * Builds the index of a model. Pure apart from the clock: call it in a worker for big models
 * (seconds per million triangles on a slow, busy machine), inline for small ones and in tests.
 * Centre splits (the default): SAH splits took 3× as long to build a 1M-triangle arch here and
 * answered rays and planes no faster (both well under a millisecond).
 */
export function buildMeshIndexData(mesh: MeshArrays): MeshIndexData {
  checkMeshArrays(mesh);
  const t0 = performance.now();
  const bvh = new MeshBVH(geometryOf(mesh), {
    indirect: true,
    strategy: CENTER,
    setBoundingBox: false,
    verbose: false,
  });
  const serialized = MeshBVH.serialize(bvh, { cloneBuffers: false });
  const t1 = performance.now();
  const weld = weldMap(mesh);
  const weldMs = performance.now() - t1;
  const order = serialized.indirectBuffer;
  if (!order) throw new Error('BVH built without its triangle order');
  return { roots: serialized.roots, triangleOrder: order, weld, bvhMs: t1 - t0, weldMs };
}

/** Every buffer of an index, for transferring it between threads. */
export function meshIndexTransferables(d: MeshIndexData): ArrayBuffer[] {
  return [...d.roots, d.triangleOrder.buffer as ArrayBuffer, d.weld.buffer as ArrayBuffer];
}

/**
 * Binds index data to the geometry it was built from (same arrays or a copy of them). The
 * geometry is not modified.
 */
export function attachMeshIndex(geometry: BufferGeometry, d: MeshIndexData): MeshIndex {
  // `version` 1: the node layout of three-mesh-bvh ≥ 0.9 (deserialize would convert older data).
  const serialized = { version: 1, roots: d.roots, index: null, indirectBuffer: d.triangleOrder };
  const bvh = MeshBVH.deserialize(serialized, geometry, { setIndex: false });
  return { bvh, weld: d.weld };
}

/** Builds and binds in one step, on this thread. */
export function buildMeshIndex(geometry: BufferGeometry, mesh: MeshArrays): MeshIndex {
  return attachMeshIndex(geometry, buildMeshIndexData(mesh));
}
