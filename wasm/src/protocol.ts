/**
 * Messages between a caller and a mesh worker (Web Worker in the browser, worker thread in
 * Node). Shared by both so they answer identically. Buffers are transferred, never copied twice.
 */
import type {
  ConvertedStl,
  DcmMesh,
  MeshKind,
  MeshModule,
  SanitisedFile,
  ViewerMesh,
} from './core.js';
import { MeshError, type SerializedMeshError } from './errors.js';

export interface MeshOps {
  convertDcm: { args: { bytes: Uint8Array }; result: ConvertedStl };
  decodeDcm: { args: { bytes: Uint8Array }; result: DcmMesh };
  parse: { args: { bytes: Uint8Array; normals?: boolean }; result: ViewerMesh };
  sanitise: { args: { bytes: Uint8Array; expect?: MeshKind }; result: SanitisedFile };
}

export type MeshOp = keyof MeshOps;

export type MeshRequest = {
  [K in MeshOp]: { id: number; op: K } & MeshOps[K]['args'];
}[MeshOp];

export type MeshResponse =
  | { id: number; ok: true; result: MeshOps[MeshOp]['result'] }
  | { id: number; ok: false; error: SerializedMeshError };

function buffersOf(result: MeshOps[MeshOp]['result']): ArrayBuffer[] {
  const out: ArrayBuffer[] = [];
  for (const v of Object.values(result)) {
    if (ArrayBuffer.isView(v) && v.buffer instanceof ArrayBuffer) out.push(v.buffer);
  }
  return out;
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
