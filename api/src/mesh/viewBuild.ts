/**
 * The CPU-heavy half of a view derivative, from the stored original's plaintext bytes to the GLB
 * and its brotli bytes: wasm parse, weld, quantise, meshopt encode, brotli. It runs in the view
 * worker (`viewWorker.ts`, via `ViewWorkerPool`); the messages between them are defined here.
 */
import type { MeshModule } from '../../../wasm/src/core.js';
import { MeshError, type SerializedMeshError } from '../../../wasm/src/errors.js';
import { loadMeshModule } from '../../../wasm/src/node.js';
import { buildViewDerivative, ViewDerivativeError, type ViewDerivative } from './viewDerivative.js';

let meshModule: Promise<MeshModule> | undefined;

/**
 * Parses a stored (sanitised) STL or PLY and builds its derivative, in the calling thread (one
 * wasm instance per thread; calls must not overlap, which a one-job-at-a-time worker ensures).
 * The worker runs exactly this; tests also call it inline to compare.
 */
export async function buildStoredView(bytes: Uint8Array): Promise<ViewDerivative> {
  const m = await (meshModule ??= loadMeshModule());
  const r = m.parseMesh(bytes, { normals: false });
  return buildViewDerivative({
    positions: r.positions,
    ...(r.indices ? { indices: r.indices } : {}),
    ...(r.colors ? { colors: r.colors } : {}),
  });
}

export interface ViewRequest {
  id: number;
  /** Plaintext of the stored original; its buffer is transferred. */
  bytes: Uint8Array;
}

export type ViewFailure =
  { kind: 'mesh'; error: SerializedMeshError } | { kind: 'view' | 'other'; message: string };

export type ViewResponse =
  { id: number; ok: true; result: ViewDerivative } | { id: number; ok: false; error: ViewFailure };

/** Runs one request; never throws. The result's buffers are listed for transfer. */
export async function handleViewRequest(
  req: ViewRequest,
): Promise<{ response: ViewResponse; transfer: ArrayBuffer[] }> {
  try {
    const result = await buildStoredView(req.bytes);
    const transfer = [result.glb.buffer, result.br.buffer].filter(
      (b, i, all): b is ArrayBuffer => b instanceof ArrayBuffer && all.indexOf(b) === i,
    );
    return { response: { id: req.id, ok: true, result }, transfer };
  } catch (e) {
    const error: ViewFailure =
      e instanceof MeshError
        ? { kind: 'mesh', error: e.toJSON() }
        : {
            kind: e instanceof ViewDerivativeError ? 'view' : 'other',
            message: e instanceof Error ? e.message : String(e),
          };
    return { response: { id: req.id, ok: false, error }, transfer: [] };
  }
}

/** Turns a worker's answer back into the derivative or the error the inline build would throw. */
export function unwrapViewResponse(res: ViewResponse): ViewDerivative {
  if (res.ok) return res.result;
  const f = res.error;
  if (f.kind === 'mesh') throw MeshError.fromJSON(f.error);
  if (f.kind === 'view') throw new ViewDerivativeError(f.message);
  throw new Error(`View derivative build failed: ${f.message}`);
}
