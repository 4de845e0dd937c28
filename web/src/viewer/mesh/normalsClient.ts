/**
 * Main-thread side of normals.worker.ts. One lazily started worker serves every model; when a
 * worker cannot start (very old browser, blocked by policy) the same kernel runs inline.
 */
import { computeVertexNormals, type PositionArray } from './normals';
import type { NormalsRequest, NormalsResponse } from './normals.worker';

/** Below this many triangles normals are computed inline (≈ 2 ms per 100k triangles). */
export const WORKER_MIN_TRIANGLES = 250_000;

let worker: Worker | null | undefined;
let nextId = 1;
const pending = new Map<
  number,
  { resolve: (r: NormalsResponse) => void; reject: (e: Error) => void }
>();

function getWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = new Worker(new URL('./normals.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<NormalsResponse>) => {
      const done = pending.get(e.data.id);
      pending.delete(e.data.id);
      done?.resolve(e.data);
    };
    worker.onerror = () => {
      worker?.terminate();
      worker = null;
      // The lent buffers died with the worker: those models fail and are reported per layer.
      for (const [, done] of pending) done.reject(new Error('normals worker failed'));
      pending.clear();
    };
  } catch {
    worker = null;
  }
  return worker;
}

export interface NormalsResult {
  positions: PositionArray;
  indices: Uint32Array | Uint16Array;
  normals: Float32Array;
}

/**
 * Normals for an indexed mesh. The arrays are lent to the worker and handed back in the result:
 * callers must use the returned `positions` and `indices`, not the ones they passed in.
 */
export function computeNormalsOffThread(
  positions: PositionArray,
  stride: number,
  vertexCount: number,
  indices: Uint32Array | Uint16Array,
): Promise<NormalsResult> {
  const inline = (): NormalsResult => ({
    positions,
    indices,
    normals: computeVertexNormals(positions, stride, vertexCount, indices),
  });
  // Small meshes: the kernel takes a few ms, less than starting a worker and a round trip.
  if (indices.length / 3 < WORKER_MIN_TRIANGLES) return Promise.resolve(inline());
  const w = getWorker();
  // Views that do not own their whole buffer cannot be transferred safely.
  const ownsBuffers =
    positions.byteOffset === 0 &&
    positions.byteLength === positions.buffer.byteLength &&
    indices.byteOffset === 0 &&
    indices.byteLength === indices.buffer.byteLength &&
    positions.buffer !== indices.buffer;
  if (!w || !ownsBuffers) return Promise.resolve(inline());
  const id = nextId++;
  return new Promise<NormalsResult>((resolve, reject) => {
    pending.set(id, {
      resolve: (r) => resolve({ positions: r.positions, indices: r.indices, normals: r.normals }),
      reject,
    });
    const req: NormalsRequest = { id, positions, stride, vertexCount, indices };
    w.postMessage(req, [positions.buffer as ArrayBuffer, indices.buffer as ArrayBuffer]);
  });
}
