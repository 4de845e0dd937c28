/**
 * Main-thread side of meshIndex.worker.ts: `indexModel` has a model's spatial index built in the
 * worker and binds it to the scene's geometry. One worker serves every model, started on first
 * use (load this module after the first frame: it brings three-mesh-bvh). Where no worker can
 * start (blocked by policy, or a test under Node) the same build runs inline.
 */
import type { BufferGeometry } from 'three';
import type { MeshArrays } from './meshArrays';
import {
  attachMeshIndex,
  buildMeshIndexData,
  type MeshIndex,
  type MeshIndexData,
} from './meshIndex';
import type { MeshIndexRequest, MeshIndexResponse } from './meshIndexProtocol';

let worker: Worker | null | undefined;
let nextId = 1;
const pending = new Map<
  number,
  { resolve: (d: MeshIndexData) => void; reject: (e: Error) => void }
>();

function startWorker(): Worker | null {
  if (worker !== undefined) return worker;
  if (typeof Worker === 'undefined') return (worker = null);
  try {
    worker = new Worker(new URL('./meshIndex.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<MeshIndexResponse>) => {
      const r = e.data;
      const done = pending.get(r.id);
      pending.delete(r.id);
      if (!done) return;
      if ('data' in r) done.resolve(r.data);
      else done.reject(new Error(r.error));
    };
    worker.onerror = () => {
      worker?.terminate();
      worker = null;
      for (const [, done] of pending) done.reject(new Error('index worker failed'));
      pending.clear();
    };
  } catch {
    worker = null;
  }
  return worker;
}

/**
 * The arrays the worker needs, copied (only the mesh's own range of each buffer) and ready to
 * transfer: the scene keeps using the originals.
 */
function copyForWorker(mesh: MeshArrays): { mesh: MeshArrays; transfer: ArrayBuffer[] } {
  const positions = mesh.positions.slice();
  const indices = mesh.indices?.slice();
  const transfer = [positions.buffer as ArrayBuffer];
  if (indices) transfer.push(indices.buffer as ArrayBuffer);
  return { mesh: { ...mesh, positions, indices }, transfer };
}

/** Builds a model's index in the worker (or inline where none runs). */
export function requestMeshIndexData(mesh: MeshArrays): Promise<MeshIndexData> {
  const w = startWorker();
  if (!w) {
    try {
      return Promise.resolve(buildMeshIndexData(mesh));
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
  }
  const id = nextId++;
  const { mesh: copy, transfer } = copyForWorker(mesh);
  return new Promise<MeshIndexData>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.postMessage({ id, mesh: copy } satisfies MeshIndexRequest, transfer);
  });
}

/**
 * A model's spatial index, bound to the geometry the scene draws (the geometry is not changed).
 * `mesh` must be that geometry's arrays (meshArraysOf).
 */
export async function indexModel(geometry: BufferGeometry, mesh: MeshArrays): Promise<MeshIndex> {
  return attachMeshIndex(geometry, await requestMeshIndexData(mesh));
}

/** Stops the worker (the viewer is left); the next request starts a new one. */
export function stopMeshIndexWorker(): void {
  worker?.terminate();
  worker = undefined;
  for (const [, done] of pending) done.reject(new Error('index worker stopped'));
  pending.clear();
}
