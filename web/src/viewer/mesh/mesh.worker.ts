/**
 * Web Worker running the wasm mesh module: converts a DCM locally (no upload needed), parses
 * STL/PLY/DCM into GPU-ready buffers and measures signed distances between meshes (deviation and
 * clearance maps); result buffers are transferred back. Same protocol and typed errors as the
 * server's worker threads (wasm/src/protocol.ts).
 */
import { MeshModule } from '../../../../wasm/src/core.js';
import { MeshError } from '../../../../wasm/src/errors.js';
import { handleMeshRequest, type MeshRequest } from '../../../../wasm/src/protocol.js';
import { WASM_URL } from './wasmUrl';

interface WorkerScope {
  onmessage: ((ev: MessageEvent<MeshRequest>) => void) | null;
  postMessage(message: unknown, transfer: Transferable[]): void;
}
const scope = self as unknown as WorkerScope;

let ready: Promise<MeshModule> | null = null;

function load(): Promise<MeshModule> {
  if (!ready) {
    ready = fetch(WASM_URL)
      .then(async (res) => {
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        return MeshModule.create(await res.arrayBuffer());
      })
      .catch((e: unknown) => {
        ready = null;
        throw e;
      });
  }
  return ready;
}

scope.onmessage = (ev) => {
  const req = ev.data;
  load().then(
    (mod) => {
      const { response, transfer } = handleMeshRequest(mod, req);
      scope.postMessage(response, transfer);
    },
    (e: unknown) => {
      const err = new MeshError(
        'INTERNAL_ERROR',
        `The mesh module could not be loaded: ${e instanceof Error ? e.message : String(e)}`,
      );
      scope.postMessage({ id: req.id, ok: false, error: err.toJSON() }, []);
    },
  );
};
