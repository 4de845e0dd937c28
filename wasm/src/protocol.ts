/**
 * Messages between a caller and a mesh worker (Web Worker in the browser, worker thread in
 * Node). Shared by both so they answer identically. Buffers are transferred, never copied twice.
 */
import type {
  ConvertedStl,
  DcmMesh,
  DistanceOptions,
  MeshKind,
  MeshModule,
  SanitisedFile,
  SignedDistances,
  ViewerMesh,
} from './core.js';
import { MeshError, type SerializedMeshError } from './errors.js';

export interface MeshOps {
  convertDcm: { args: { bytes: Uint8Array }; result: ConvertedStl };
  decodeDcm: { args: { bytes: Uint8Array }; result: DcmMesh };
  parse: { args: { bytes: Uint8Array; normals?: boolean }; result: ViewerMesh };
  sanitise: { args: { bytes: Uint8Array; expect?: MeshKind }; result: SanitisedFile };
  /** Distance engine: see MeshModule.signedDistances (`indices` absent: a triangle soup). */
  signedDistances: {
    args: {
      query: Float32Array;
      positions: Float32Array;
      indices?: Uint32Array;
    } & Omit<DistanceOptions, 'view'>;
    result: SignedDistances;
  };
}

export type MeshOp = keyof MeshOps;

export type MeshRequest = {
  [K in MeshOp]: { id: number; op: K } & MeshOps[K]['args'];
}[MeshOp];

export type MeshResponse =
  | { id: number; ok: true; result: MeshOps[MeshOp]['result'] }
  | { id: number; ok: false; error: SerializedMeshError };

function buffersOf(value: object): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  for (const v of Object.values(value)) {
    if (ArrayBuffer.isView(v) && v.buffer instanceof ArrayBuffer) out.add(v.buffer);
  }
  return [...out];
}

type TypedArray = Uint8Array | Uint32Array | Float32Array;

/**
 * Request arguments whose typed arrays are copied into buffers of their own, and those buffers:
 * the copy is transferred to the worker, the caller keeps its arrays.
 */
export function transferableCopy<A extends object>(args: A): { args: A; transfer: ArrayBuffer[] } {
  const copy: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(args)) {
    copy[k] = ArrayBuffer.isView(v) ? (v as TypedArray).slice() : v;
  }
  return { args: copy as A, transfer: buffersOf(copy) };
}

/** The buffers of a request's own typed arrays, to transfer them (the caller gives them up). */
export function transferablesOf(args: object): ArrayBuffer[] {
  return buffersOf(args);
}

function perform(mod: MeshModule, req: MeshRequest): MeshOps[MeshOp]['result'] {
  switch (req.op) {
    case 'convertDcm':
      return mod.convertDcmToStl(req.bytes);
    case 'decodeDcm':
      return mod.decodeDcm(req.bytes);
    case 'parse':
      return mod.parseMesh(req.bytes, { normals: req.normals !== false });
    case 'sanitise':
      return mod.validateAndSanitise(req.bytes, req.expect ? { expect: req.expect } : {});
    case 'signedDistances': {
      const { query, positions, indices, maxDistance, closestPoints, triangles } = req;
      return mod.signedDistances(
        query,
        { positions, indices: indices ?? null },
        { maxDistance, closestPoints, triangles },
      );
    }
  }
}

/** Runs one request; never throws. Results own their buffers, so they can be transferred. */
export function handleMeshRequest(
  mod: MeshModule,
  req: MeshRequest,
): { response: MeshResponse; transfer: ArrayBuffer[] } {
  try {
    const result = perform(mod, req);
    return { response: { id: req.id, ok: true, result }, transfer: buffersOf(result) };
  } catch (e) {
    const err =
      e instanceof MeshError
        ? e
        : new MeshError('INTERNAL_ERROR', e instanceof Error ? e.message : String(e));
    return { response: { id: req.id, ok: false, error: err.toJSON() }, transfer: [] };
  }
}

/** Turns a worker response back into a value or a MeshError. */
export function unwrapMeshResponse<K extends MeshOp>(res: MeshResponse): MeshOps[K]['result'] {
  if (!res.ok) throw MeshError.fromJSON(res.error);
  return res.result as MeshOps[K]['result'];
}
