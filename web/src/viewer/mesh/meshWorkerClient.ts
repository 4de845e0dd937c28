/**
 * Promise API over the mesh Web Worker. Every failure is a `MeshError` with a stable `code`
 * (e.g. DCM_ENCRYPTED_UNSUPPORTED) and a message fit for the user.
 */
import type {
  ConvertedStl,
  DcmMesh,
  DistanceOptions,
  DistanceTarget,
  SignedDistances,
  ViewerMesh,
} from '../../../../wasm/src/core.js';
import { MeshError } from '../../../../wasm/src/errors.js';
import {
  transferableCopy,
  transferablesOf,
  unwrapMeshResponse,
  type MeshOp,
  type MeshOps,
  type MeshRequest,
  type MeshResponse,
} from '../../../../wasm/src/protocol.js';

export { MeshError } from '../../../../wasm/src/errors.js';
export type { MeshErrorCode } from '../../../../wasm/src/errors.js';
export type {
  ConvertedStl,
  DcmMesh,
  DistanceOptions,
  DistanceTarget,
  SignedDistances,
  ViewerMesh,
} from '../../../../wasm/src/core.js';

export type MeshInput = Blob | ArrayBuffer | Uint8Array;

interface Pending {
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

function createWorker(): Worker {
  return new Worker(new URL('./mesh.worker.ts', import.meta.url), { type: 'module' });
}

export class MeshWorkerClient {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  /** `worker` defaults to a new mesh worker; pass one to share or to use a custom build. */
  constructor(worker?: Worker) {
    this.worker = worker ?? createWorker();
    this.worker.onmessage = (ev: MessageEvent<MeshResponse>) => {
      const p = this.pending.get(ev.data.id);
      if (!p) return;
      this.pending.delete(ev.data.id);
      try {
        p.resolve(unwrapMeshResponse(ev.data));
      } catch (e) {
        p.reject(e);
      }
    };
    this.worker.onerror = (ev: ErrorEvent) => {
      ev.preventDefault();
      this.failAll(new MeshError('INTERNAL_ERROR', `Mesh worker failed: ${ev.message}`));
    };
  }

  /** DCM → binary STL with an 80-byte header, converted locally. */
  convertDcm(input: MeshInput): Promise<ConvertedStl> {
    return this.run('convertDcm', input, {});
  }

  /** DCM → vertices, faces, counts, bounds and the mesh colour. */
  decodeDcm(input: MeshInput): Promise<DcmMesh> {
    return this.run('decodeDcm', input, {});
  }

  /** STL, PLY or DCM → positions (+ normals, colours, indices) for a BufferGeometry. */
  parse(input: MeshInput, opts: { normals?: boolean } = {}): Promise<ViewerMesh> {
    return this.run('parse', input, opts.normals === false ? { normals: false } : {});
  }

  /**
   * Signed distance (mm) from every query vertex to the target's surface, computed off the main
   * thread (see MeshModule.signedDistances: NaN beyond `maxDistance`, positive outside the
   * target). The arrays are copied for the worker, unless `transfer` hands their buffers over:
   * the caller's query and target arrays are then detached.
   */
  signedDistances(
    query: Float32Array,
    target: DistanceTarget,
    opts: Omit<DistanceOptions, 'view'> & { transfer?: boolean } = {},
  ): Promise<SignedDistances> {
    const { transfer, ...options } = opts;
    const args = {
      ...options,
      query,
      positions: target.positions,
      ...(target.indices ? { indices: target.indices } : {}),
    };
    if (transfer) return this.post('signedDistances', args, transferablesOf(args));
    const copy = transferableCopy(args);
    return this.post('signedDistances', copy.args, copy.transfer);
  }

  terminate(): void {
    this.worker.terminate();
    this.failAll(new MeshError('INTERNAL_ERROR', 'Mesh worker terminated'));
  }

  private async run<K extends MeshOp>(
    op: K,
    input: MeshInput,
    extra: Omit<MeshOps[K]['args'], 'bytes'>,
  ): Promise<MeshOps[K]['result']> {
    // The caller keeps its bytes: a copy is transferred to the worker.
    const bytes =
      input instanceof Blob
        ? new Uint8Array(await input.arrayBuffer())
        : input instanceof ArrayBuffer
          ? new Uint8Array(input.slice(0))
          : input.slice();
    return this.post(op, { ...extra, bytes } as MeshOps[K]['args'], [bytes.buffer]);
  }

  private post<K extends MeshOp>(
    op: K,
    args: MeshOps[K]['args'],
    transfer: ArrayBuffer[],
  ): Promise<MeshOps[K]['result']> {
    const id = this.nextId++;
    const req = { ...args, id, op } as MeshRequest;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage(req, transfer);
    });
  }

  private failAll(err: MeshError): void {
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }
}
